"use client";

import { ExposedSessions } from "@/components/time-travel/exposed-sessions.tsx";
import { BulkReport } from "@/components/bulk/bulk-report.tsx";
import { VersionLink } from "@/components/versions/version-link.tsx";
import { operationUrl } from "@/lib/api-client/client.ts";
import type { Erasure, ErasureItem } from "@/lib/queries/types.ts";
import { useErasure } from "@/lib/queries/use-erasures.ts";
import { useStores } from "@/lib/queries/use-stores.ts";
import { ErasureCounts } from "./erasure-counts.tsx";
import { ErasureMemoryList } from "./erasure-memory-list.tsx";
import { KIND_LABEL, OUTCOME_LABEL } from "./erasure-labels.ts";

/**
 * One erase report: who and when, the text's hash (or the values' count and how they were
 * found), counts, memory by memory grouped by store what was planned and what happened (paths
 * linked), and every version it saw or wrote; downloadable as JSON and CSV.
 */
export function ErasureReport({ erasureId }: { erasureId: string }) {
  const stores = useStores({ includeArchived: true });
  const storeNames = new Map((stores.data?.pages.flatMap((p) => p.data) ?? []).map((s) => [s.id, s.name]));
  return (
    <BulkReport
      query={useErasure(erasureId)}
      noun="erasure"
      content={(e) => ({
        downloadPath: operationUrl("retrieveErasure", { params: { erasure: e.id } }),
        executed: "erased",
        summary: (
          <>
            {e.value_sha256s ? (
              <>
                {e.value_count} values{e.pattern_type && ` found as ${PATTERN_LABEL[e.pattern_type]}`} (the values themselves are not kept; SHA-256 of the set{" "}
                <span className="break-all font-mono text-xs">{e.query_sha256}</span>) ·{" "}
              </>
            ) : (
              <>
                Text: SHA-256 <span className="break-all font-mono text-xs">{e.query_sha256}</span> (the text itself is not kept) ·{" "}
              </>
            )}
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
        counts: (
          <>
            <ErasureCounts erasure={e} />
            <ErasureMemoryList erasure={e} storeNames={storeNames} shown={1000} />
          </>
        ),
        notice: <ExposedSessions sessions={e.exposed_sessions} done={e.status === "completed"} />,
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

const PATTERN_LABEL: Record<NonNullable<Erasure["pattern_type"]>, string> = {
  email: "e-mail addresses",
  phone: "phone numbers",
  literal: "a list of texts",
  regex: "a regular expression",
};

const COLUMNS = [
  {
    label: "Path",
    cell: (item: ErasureItem) => item.path ?? "—",
    className: () => "break-all font-mono text-xs text-slate-700",
  },
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
