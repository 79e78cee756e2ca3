import { ActivityView } from "@/components/time-travel/activity-view.tsx";

// /stores/{store_id}/activity – the store's writes over time, and each session, key and user that wrote
export default async function StoreActivityPage({ params }: { params: Promise<{ store: string }> }) {
  const { store } = await params;
  return <ActivityView storeId={store} />;
}
