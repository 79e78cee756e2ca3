"use client";

import { BulkReport } from "@/components/bulk/bulk-report.tsx";
import { VersionLink } from "@/components/versions/version-link.tsx";
import { operationUrl } from "@/lib/api-client/client.ts";
import type { ErasureItem } from "@/lib/queries/types.ts";
import { useErasure } from "@/lib/queries/use-erasures.ts";
import { ErasureCounts } from "./erasure-counts.tsx";
import { KIND_LABEL, OUTCOME_LABEL } from "./erasure-labels.ts";

/** One erase report: who and when, the text's hash, counts, and every version it saw or wrote; downloadable as JSON and CSV. */
export function ErasureReport({ erasureId }: { erasureId: string }) {
  return (
    <BulkReport
      query={useErasure(erasureId)}
      noun="erasure"
      content={(e) => ({
        downloadPath: operationUrl("retrieveErasure", { params: { erasure: e.id } }),
        executed: "erased",
        summary: (
          <>
            Text: SHA-256 <span className="break-all font-mono text-xs">{e.query_sha256}</span> (the text itself is not kept) ·{" "}
            {e.action === "replace" ? (
              <>
                replaced with <span className="font-mono">{e.marker}</span>
              </>
            ) : (
              "memories deleted"
            )}{" "}
            · {e.memory_store_ids ? `${e.memory_store_ids.length} store(s)` : "every store"}
          </>
        ),
        counts: <ErasureCounts erasure={e} />,
        left: lateNote((e.items ?? []).filter((i) => i.kind === "late").length),
        columns: COLUMNS,
        itemKey: (item) => item.memory_version_id,
      })}
    />
  );
}

const lateNote = (count: number) => ({
  count,
  title: "Written after the dry run",
  text: `${count} version(s) holding the text were written after the dry run and were left as they are. Search for the text again and erase it once more.`,
});

const COLUMNS = [
  {
    label: "Version",
    cell: (item: ErasureItem) => <VersionLink storeId={item.memory_store_id} versionId={item.memory_version_id} className="text-xs" />,
  },
  { label: "Memory", cell: (item: ErasureItem) => item.memory_id, className: () => "font-mono text-xs text-slate-600" },
  { label: "What it was", cell: (item: ErasureItem) => KIND_LABEL[item.kind], className: () => "text-slate-600" },
  {
    label: "What happened",
    cell: (item: ErasureItem) => OUTCOME_LABEL[item.outcome],
    className: (item: ErasureItem) => (item.outcome === "left" ? "text-amber-800" : "text-slate-800"),
  },
];
