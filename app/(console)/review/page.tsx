import { InboxHeader } from "@/components/review/inbox-header.tsx";
import { ReviewInbox } from "@/components/review/review-inbox.tsx";

// /review – every change agents made that awaits a reviewer; filters in the query string.
// No Suspense boundary of its own (the console is dynamic, so useSearchParams needs none): the
// page hydrates with the shell, before a query the nav started can answer and change what renders.
export default function ReviewPage() {
  return <ReviewInbox header={<InboxHeader />} />;
}
