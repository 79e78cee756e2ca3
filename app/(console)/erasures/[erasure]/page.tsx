import { AdminOnly } from "@/components/admin/admin-only.tsx";
import { ErasureReport } from "@/components/erasures/erasure-report.tsx";

// /erasures/{erasure} – one erase report with every version, and its JSON and CSV downloads
export default async function ErasurePage({ params }: { params: Promise<{ erasure: string }> }) {
  const { erasure } = await params;
  return (
    <AdminOnly>
      <ErasureReport erasureId={erasure} />
    </AdminOnly>
  );
}
