import Link from "next/link";
import { Alert } from "@/components/ui/alert.tsx";
import { DialogActions } from "@/components/ui/dialog.tsx";
import { countOf } from "@/components/ui/format.ts";
import { ImportCounts } from "./import-counts.tsx";
import type { ImportResult } from "./import-types.ts";

export type ImportSummaryProps = { result: ImportResult; newStore: boolean; onClose: () => void };

/** What an import did: its counts, the report it left, and the way into a store it created. */
export function ImportSummary({ result, newStore, onClose }: ImportSummaryProps) {
  const leftOut = result.items.filter((item) => item.problem);
  return (
    <>
      <Alert tone="success" title="Imported">
        {result.with_history
          ? `${countOf(result.counts.create ?? 0, "memory", "memories")} with ${countOf(result.counts.versions ?? 0, "version", "versions")} replayed from the export.`
          : leftOut.length > 0
            ? "The other files landed; the store's history shows one version per memory written."
            : "Every file landed; the store's history shows one version per memory written."}
        {result.import_id && (
          <span className="mt-1 block text-xs">
            <Link className="font-medium underline" href={`/imports/${result.import_id}`}>
              The import report
            </Link>{" "}
            <span className="font-mono">{result.import_id}</span>: what was created and overwritten, and what was left out.
          </span>
        )}
      </Alert>
      <ImportCounts counts={result.counts} />
      {leftOut.length > 0 && (
        <div data-testid="import-left-out">
          <p className="font-medium text-slate-900">Left out ({leftOut.length.toLocaleString()})</p>
          <ul className="mt-1 max-h-40 space-y-0.5 overflow-auto text-xs">
            {leftOut.map((item) => (
              <li key={item.path}>
                <span className="font-mono break-all">{item.path}</span> {item.problem}
              </li>
            ))}
          </ul>
        </div>
      )}
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
