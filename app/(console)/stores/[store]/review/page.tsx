import { InboxHeader } from "@/components/review/inbox-header.tsx";
import { ReviewInbox } from "@/components/review/review-inbox.tsx";

// /stores/{store}/review – one store's review inbox; filters in the query string (no Suspense: see /review).
export default async function StoreReviewPage({ params }: { params: Promise<{ store: string }> }) {
  const { store } = await params;
  return <ReviewInbox storeId={store} header={<InboxHeader storeId={store} />} />;
}
