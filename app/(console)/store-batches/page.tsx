"use client";

import { RequirePermission } from "@/components/admin/admin-only.tsx";
import { StoreBatchForm } from "@/components/store-batches/store-batch-form.tsx";
import { StoreBatchesTable } from "@/components/store-batches/store-batches-table.tsx";
import { PageHeader } from "@/components/ui/card.tsx";

// /store-batches – create stores from a CSV (dry run, typed confirmation, progress) and every batch's report, newest first
export default function StoreBatchesPage() {
  return (
    <RequirePermission permission="write">
      <PageHeader
        title="Create stores from CSV"
        description="One store per row of a CSV, each optionally seeded from a template store. A dry run checks every row first; only what it showed is created, and the batch leaves a report."
      />
      <StoreBatchForm />
      <StoreBatchesTable />
    </RequirePermission>
  );
}
