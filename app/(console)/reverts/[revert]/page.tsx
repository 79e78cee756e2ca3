import { PutBackReport } from "@/components/time-travel/put-back-report.tsx";

// /reverts/{revert} – one revert report with every memory, and its JSON and CSV downloads
export default async function RevertPage({ params }: { params: Promise<{ revert: string }> }) {
  const { revert } = await params;
  return <PutBackReport kind="reverts" id={revert} />;
}
