import { ChangesView } from "@/components/time-travel/changes-view.tsx";

// /stores/{store_id}/changes?from=…&to=…&session_id=… – what differs between two moments, grouped by folder, with diffs
export default async function StoreChangesPage({ params }: { params: Promise<{ store: string }> }) {
  const { store } = await params;
  return <ChangesView storeId={store} />;
}
