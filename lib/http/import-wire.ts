import type { ImportItem, ImportReportRecord } from "../memory/import/import-rows.ts";

/** An import report as the API answers it (GET /v1/imports, /v1/imports/{id}); with its items when asked. */
export function importReportWire(report: ImportReportRecord, items?: ImportItem[]) {
  return {
    type: "import_report" as const,
    id: report.id,
    memory_store_id: report.storeId,
    new_store: report.newStore,
    source: report.source,
    source_name: report.sourceName,
    on_conflict: report.onConflict,
    with_history: report.withHistory,
    created_at: report.createdAt.toISOString(),
    created_by: report.createdBy,
    counts: report.counts,
    memories_written: report.memoriesWritten,
    versions_written: report.versionsWritten,
    ...(items && { items: items.map((i) => ({ memory_id: i.memoryId, memory_version_id: i.versionId, action: i.action })) }),
  };
}
