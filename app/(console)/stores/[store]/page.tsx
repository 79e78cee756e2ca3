import { WithPageData } from "../../_lib/server-prefetch.tsx";
import { folderOf, folderQuery, memoryQuery, storeAsOfQuery, storeQuery } from "@/lib/queries/page-queries.ts";
import { StoreView } from "./_components/store-view.tsx";

// /stores/{store_id}?prefix=/folder/&name=start&memory=mem_… – a store's memory tree, opened at a folder, with a memory open beside it.
export default async function StorePage({
  params,
  searchParams,
}: {
  params: Promise<{ store: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { store } = await params;
  const { prefix, memory, as_of: asOf } = await searchParams;
  // As of a moment the tree comes from the point-in-time listing, and the header's counts from the store
  // as of then: prefetched too, so the browser never fetches them while the page hydrates (an answer
  // arriving mid-hydration broke it, React error #418).
  const at = typeof asOf === "string" && asOf ? asOf : null;
  const queries = [
    storeQuery(store),
    folderQuery(store, folderOf(typeof prefix === "string" ? prefix : null), null, at),
    ...(at ? [storeAsOfQuery(store, at)] : []),
  ];
  return (
    <WithPageData queries={typeof memory === "string" && memory ? [...queries, memoryQuery(store, memory)] : queries}>
      <StoreView storeId={store} />
    </WithPageData>
  );
}
