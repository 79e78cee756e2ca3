import { StoresPage } from "@/components/stores/stores-page.tsx";
import { storeFilterOf, storeListingQuery } from "@/lib/queries/page-queries.ts";
import { WithPageData } from "../_lib/server-prefetch.tsx";

// /stores – every store, or those matching ?q=<name>&meta=<key:value> (repeatable)&idle=&fill=&min_bytes=&archived=, sorted by ?sort=&order=
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(await searchParams)) for (const one of [value ?? []].flat()) search.append(key, one);
  return (
    <WithPageData queries={[storeListingQuery(storeFilterOf(search))]}>
      <StoresPage />
    </WithPageData>
  );
}
