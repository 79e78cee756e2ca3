import { StoreHistory } from "@/components/versions/store-history.tsx";
import { filtersFromSearchParams } from "@/components/versions/filter-params.ts";
import { storeQuery, versionListQuery } from "@/lib/queries/page-queries.ts";
import { WithPageData } from "../../../_lib/server-prefetch.tsx";

// /stores/{store}/versions – store-wide history; filters in the query string (?memory_id=… for one memory).
// No Suspense boundary (see /review): its rows are server-rendered, and a boundary hydrated after
// the shell could see data a query of the shell fetched meanwhile, and not match its HTML.
export default async function StoreVersionsPage({
  params,
  searchParams,
}: {
  params: Promise<{ store: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { store } = await params;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(await searchParams)) if (typeof value === "string") search.set(key, value);
  return (
    <WithPageData queries={[storeQuery(store), versionListQuery(store, filtersFromSearchParams(search))]}>
      <StoreHistory storeId={store} />
    </WithPageData>
  );
}
