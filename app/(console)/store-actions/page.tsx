"use client";

import { RequirePermission } from "@/components/admin/admin-only.tsx";
import { LifecycleRule } from "@/components/store-actions/lifecycle-rule.tsx";
import { StoreActionsTable } from "@/components/store-actions/store-actions-table.tsx";
import { PageHeader } from "@/components/ui/card.tsx";

// /store-actions – the lifecycle rule (archive idle stores) and every store archival and deletion report (admins)
export default function StoreActionsPage() {
  return (
    <RequirePermission permission="admin">
      <PageHeader
        title="Store archivals and deletions"
        description="Stores archived or deleted in bulk from the stores page or the API, and by the lifecycle rule; each report lists every store with its size and what happened to it."
      />
      <LifecycleRule />
      <StoreActionsTable />
    </RequirePermission>
  );
}
