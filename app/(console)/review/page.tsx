import { Suspense } from "react";
import { InboxHeader } from "@/components/review/inbox-header.tsx";
import { ReviewInbox } from "@/components/review/review-inbox.tsx";
import { Spinner } from "@/components/ui/states.tsx";

// /review – every change agents made that awaits a reviewer; filters in the query string.
export default function ReviewPage() {
  return (
    <Suspense fallback={<Spinner />}>
      <ReviewInbox header={<InboxHeader />} />
    </Suspense>
  );
}
