import { WithPageData } from "../../_lib/server-prefetch.tsx";
import { folderOf, folderQuery, storeQuery } from "@/lib/queries/page-queries.ts";
import { StoreView } from "./_components/store-view.tsx";

// /stores/{store_id}?prefix=/folder/&name=start – a store's memory tree, opened at a folder.
export default async function StorePage({
  params,
  searchParams,
}: {
  params: Promise<{ store: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { store } = await params;
  const { prefix } = await searchParams;
  return (
    <WithPageData queries={[storeQuery(store), folderQuery(store, folderOf(typeof prefix === "string" ? prefix : null))]}>
      <StoreView storeId={store} />
    </WithPageData>
  );
}
