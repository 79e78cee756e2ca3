import type { ImportReport } from "@/lib/export/import-upload.ts";
import type { ConflictMode } from "@/lib/memory/import/conflict-modes.ts";

/** The answer of POST /v1/imports: a dry run's plan, or what the import did. */
export type ImportResult = ImportReport;
export type ImportResultItem = ImportReport["items"][number];

export const CONFLICT_CHOICES: { mode: ConflictMode; label: string; hint: string }[] = [
  { mode: "skip", label: "Skip", hint: "keep what the store has" },
  { mode: "overwrite", label: "Overwrite", hint: "replace it, if unchanged since this preview" },
  { mode: "fail", label: "Fail", hint: "import nothing while any path exists with other content" },
];
export type { ConflictMode };
