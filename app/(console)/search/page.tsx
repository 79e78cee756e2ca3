import { Suspense } from "react";
import { SearchPage } from "@/components/search/search-page.tsx";
import { Spinner } from "@/components/ui/states.tsx";

// /search – results for ?q= with the filters of GET /v1/search in the query string
export default function Search() {
  return (
    <Suspense fallback={<Spinner />}>
      <SearchPage />
    </Suspense>
  );
}
