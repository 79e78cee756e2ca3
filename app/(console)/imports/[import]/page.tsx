import { ImportReportView } from "@/components/transfer/import-report.tsx";

// /imports/{import} – one import report: its counts and every version it wrote, linked
export default async function ImportPage({ params }: { params: Promise<{ import: string }> }) {
  const { import: importId } = await params;
  return <ImportReportView importId={importId} />;
}
