import Link from "next/link";
import { Alert } from "@/components/ui/alert.tsx";
import { DialogActions } from "@/components/ui/dialog.tsx";
import { ImportCounts } from "./import-counts.tsx";
import type { ImportResult } from "./import-types.ts";

export type ImportSummaryProps = { result: ImportResult; newStore: boolean; onClose: () => void };

/** What an import did: its counts, the report it left, and the way into a store it created. */
export function ImportSummary({ result, newStore, onClose }: ImportSummaryProps) {
  return (
    <>
      <Alert tone="success" title="Imported">
        {result.with_history
          ? `${result.counts.create ?? 0} memories with ${result.counts.versions ?? 0} versions replayed from the export.`
          : "Every file landed; the store's history shows one version per memory written."}
        {result.import_id && (
          <span className="mt-1 block text-xs">
            Report <span className="font-mono">{result.import_id}</span> (GET /v1/imports/{result.import_id}).
          </span>
        )}
      </Alert>
      <ImportCounts counts={result.counts} />
      <DialogActions onCancel={onClose} cancelLabel="Close">
        {result.store_id && newStore && (
          <Link href={`/stores/${result.store_id}`} className="rounded-md bg-indigo-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-indigo-500">
            Open the store
          </Link>
        )}
      </DialogActions>
    </>
  );
}
