import { BatchUndoReport } from "@/components/review/batch-undo-report.tsx";

export const metadata = { title: "Batch undo report · Memory Console" };

// /review/batches/{undo} – one batch undo report with every memory, and its JSON and CSV downloads
export default async function BatchUndoPage({ params }: { params: Promise<{ undo: string }> }) {
  const { undo } = await params;
  return <BatchUndoReport id={undo} />;
}
