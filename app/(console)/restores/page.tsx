"use client";

import { RequirePermission } from "@/components/admin/admin-only.tsx";
import { PutBacksTable } from "@/components/time-travel/put-backs-table.tsx";
import { PageHeader } from "@/components/ui/card.tsx";

// /restores – every restore and revert report and dry run, newest first (reviewers and admins)
export default function RestoresPage() {
  return (
    <RequirePermission permission="write">
      <PageHeader
        title="Restores and reverts"
        description="Folders and stores put back to a moment, and sessions undone: who, when, and what happened to each memory. Start one from a store viewed as of a moment, its changes, or its activity."
      />
      <h2 className="mb-2 text-base font-semibold text-slate-900">Restores</h2>
      <PutBacksTable kind="restores" />
      <h2 className="mb-2 mt-6 text-base font-semibold text-slate-900">Reverts</h2>
      <PutBacksTable kind="reverts" />
    </RequirePermission>
  );
}
