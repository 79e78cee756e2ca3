import { AdminOnly } from "@/components/admin/admin-only.tsx";
import { IntegrityReportView } from "@/components/stores/integrity-report.tsx";

// /stores/{store}/integrity – what "History verified" stands for: the chain recomputed, the versions it walked, when (admins)
export default async function StoreIntegrityPage({ params }: { params: Promise<{ store: string }> }) {
  const { store } = await params;
  return (
    <AdminOnly>
      <IntegrityReportView storeId={store} />
    </AdminOnly>
  );
}
