import { SearchPage } from "@/components/search/search-page.tsx";

// /search – results for ?q= with the filters of GET /v1/search in the query string.
// No Suspense boundary (see /review): the page hydrates with the shell.
export default function Search() {
  return <SearchPage />;
}
