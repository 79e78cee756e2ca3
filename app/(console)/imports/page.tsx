import { ImportsTable } from "@/components/transfer/imports-table.tsx";
import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/card.tsx";

export const metadata: Metadata = { title: "Imports · Memory Console" };

// /imports – every import report the viewer may see, newest first
export default function ImportsPage() {
  return (
    <>
      <PageHeader
        title="Imports"
        description="Every import that wrote to a store: who, when, from which file, what it created and overwrote, and what it left out."
      />
      <ImportsTable />
    </>
  );
}
