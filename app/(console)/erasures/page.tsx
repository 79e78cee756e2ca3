"use client";

import { AdminOnly } from "@/components/admin/admin-only.tsx";
import { ErasuresTable } from "@/components/erasures/erasures-table.tsx";
import { PageHeader } from "@/components/ui/card.tsx";

// /erasures – every erase report and dry run, newest first (admins)
export default function ErasuresPage() {
  return (
    <AdminOnly>
      <PageHeader
        title="Erasures"
        description="Every erase and dry run: who, when, the text's SHA-256 (never the text), and what happened to each version. Start one from a search for exact text."
      />
      <ErasuresTable />
    </AdminOnly>
  );
}
