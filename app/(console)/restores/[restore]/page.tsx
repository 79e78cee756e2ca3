import { PutBackReport } from "@/components/time-travel/put-back-report.tsx";

// /restores/{restore} – one restore report with every memory, and its JSON and CSV downloads
export default async function RestorePage({ params }: { params: Promise<{ restore: string }> }) {
  const { restore } = await params;
  return <PutBackReport kind="restores" id={restore} />;
}
