"use client";

import { AdminOnly } from "@/components/admin/admin-only.tsx";
import { ErasuresTable } from "@/components/erasures/erasures-table.tsx";
import { PatternErase } from "@/components/erasures/pattern-erase.tsx";
import { PageHeader } from "@/components/ui/card.tsx";

// /erasures – every erase report and dry run, newest first (admins)
export default function ErasuresPage() {
  return (
    <AdminOnly>
      <PageHeader
        title="Erasures"
        description="Every erase and dry run: who, when, the text's SHA-256 (never the text), and what happened to each memory and version. Find a pattern below, or start from a search for exact text."
      />
      <PatternErase />
      <ErasuresTable />
    </AdminOnly>
  );
}
