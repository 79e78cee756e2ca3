"use client";

import { RequirePermission } from "@/components/admin/admin-only.tsx";
import { BulkDeleteForm } from "@/components/bulk-deletions/bulk-delete-form.tsx";
import { BulkDeletionsTable } from "@/components/bulk-deletions/bulk-deletions-table.tsx";
import { PageHeader } from "@/components/ui/card.tsx";

// /bulk-deletions – delete by filter (dry run, typed confirmation) and every report, newest first (admins; reviewers: memories)
export default function BulkDeletionsPage() {
  return (
    <RequirePermission permission="write">
      <PageHeader
        title="Bulk deletes"
        description="Delete every memory under a folder, or every store whose name and metadata match (stores: admins). A dry run shows what would go; the deletion acts only on what it showed and leaves a report."
      />
      <BulkDeleteForm />
      <BulkDeletionsTable />
    </RequirePermission>
  );
}
