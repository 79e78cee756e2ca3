import Link from "next/link";
import { ReviewBatches } from "@/components/review/review-batches.tsx";
import { PageHeader } from "@/components/ui/card.tsx";

export const metadata = { title: "Review batches · Memory Console" };

// /review/batches – recorded bulk approves and reverts of the inbox, each with "Undo this batch…"
export default function ReviewBatchesPage() {
  return (
    <>
      <PageHeader
        title="Review batches"
        description={
          <>
            Every bulk approve and bulk revert of the{" "}
            <Link href="/review" className="text-indigo-700 underline">
              review inbox
            </Link>
            , newest first. Undoing a batch puts its memories back as they were before it; a memory changed after the batch is left alone.
          </>
        }
      />
      <ReviewBatches />
    </>
  );
}
