import { BulkDeletionReport } from "@/components/bulk-deletions/bulk-deletion-report.tsx";

// /bulk-deletions/{bulk_deletion} – one bulk delete report with every memory or store, and its JSON and CSV downloads
export default async function BulkDeletionPage({ params }: { params: Promise<{ bulk_deletion: string }> }) {
  const { bulk_deletion } = await params;
  return <BulkDeletionReport id={bulk_deletion} />;
}
