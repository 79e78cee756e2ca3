import { Suspense } from "react";
import { InboxHeader } from "@/components/review/inbox-header.tsx";
import { ReviewInbox } from "@/components/review/review-inbox.tsx";
import { Spinner } from "@/components/ui/states.tsx";

// /stores/{store}/review – one store's review inbox; filters in the query string.
export default async function StoreReviewPage({ params }: { params: Promise<{ store: string }> }) {
  const { store } = await params;
  return (
    <Suspense fallback={<Spinner />}>
      <ReviewInbox storeId={store} header={<InboxHeader storeId={store} />} />
    </Suspense>
  );
}
