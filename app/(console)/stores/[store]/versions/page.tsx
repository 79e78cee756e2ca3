import { Suspense } from "react";
import { StoreHistory } from "@/components/versions/store-history.tsx";
import { Spinner } from "@/components/ui/states.tsx";

// /stores/{store}/versions – store-wide history; filters in the query string (?memory_id=… for one memory)
export default async function StoreVersionsPage({ params }: { params: Promise<{ store: string }> }) {
  const { store } = await params;
  return (
    <Suspense fallback={<Spinner />}>
      <StoreHistory storeId={store} />
    </Suspense>
  );
}
