import { StoreBatchReport } from "@/components/store-batches/store-batch-report.tsx";

// /store-batches/{store_batch} – one store batch's report with every row of its file, and its JSON and CSV downloads
export default async function StoreBatchPage({ params }: { params: Promise<{ store_batch: string }> }) {
  const { store_batch } = await params;
  return <StoreBatchReport id={store_batch} />;
}
