import { StoreView } from "./_components/store-view.tsx";

// /stores/{store_id}?prefix=/folder/&name=start – a store's memory tree, opened at a folder.
export default async function StorePage({ params }: { params: Promise<{ store: string }> }) {
  const { store } = await params;
  return <StoreView storeId={store} />;
}
