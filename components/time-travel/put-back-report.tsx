"use client";

import Link from "next/link";
import { BulkReport } from "@/components/bulk/bulk-report.tsx";
import { Badge } from "@/components/ui/badge.tsx";
import { LocalTime } from "@/components/ui/local-time.tsx";
import { ActorLabel } from "@/components/versions/actor-name.tsx";
import { ActorText } from "@/components/versions/actor-text.tsx";
import { VersionLink } from "@/components/versions/version-link.tsx";
import { operationUrl } from "@/lib/api-client/client.ts";
import type { PutBack, PutBackItem } from "@/lib/queries/types.ts";
import { usePutBack, type PutBackKind } from "@/lib/queries/use-time-travel.ts";
import { AwaitingReviewBadge } from "./awaiting-review.tsx";
import { ExposedSessions } from "./exposed-sessions.tsx";
import { PutBackCounts } from "./put-back-counts.tsx";
import { ACTION_LABEL, ACTION_TONE, itemPath, leftOver, OUTCOME_LABEL } from "./put-back-labels.ts";

/** One restore or revert report: who and when, what was asked for, counts, and every memory with what happened to it; JSON and CSV. */
export function PutBackReport({ kind, id }: { kind: PutBackKind; id: string }) {
  const query = usePutBack(kind, id);
  return (
    <BulkReport
      // Pending (not isLoading): the server renders it before any fetch, and hydration must match.
      query={{ ...query, isLoading: query.isPending }}
      noun={kind === "restores" ? "restore" : "revert"}
      content={(plan: PutBack) => ({
        downloadPath:
          kind === "restores"
            ? operationUrl("retrieveRestore", { params: { restore: plan.id } })
            : operationUrl("retrieveRevert", { params: { revert: plan.id } }),
        executed: kind === "restores" ? "restored" : "undone",
        summary: <Summary plan={plan} />,
        counts: <PutBackCounts plan={plan} />,
        notice: <ExposedSessions sessions={plan.exposed_sessions} done={plan.status === "completed"} />,
        left: {
          count: leftOver(plan.items ?? []),
          title: "Changed after the dry run",
          text: "Some memories changed after the dry run, or found their path taken, and were left as they are. A new dry run includes them.",
        },
        columns: columns(plan.memory_store_id),
        itemKey: (item) => item.memory_id,
      })}
    />
  );
}

function Summary({ plan }: { plan: PutBack }) {
  const store = (
    <Link href={`/stores/${plan.memory_store_id}`} className="font-mono text-indigo-700 underline">
      {plan.memory_store_id}
    </Link>
  );
  if (plan.type === "restore") {
    return (
      <>
        {plan.path_prefix === "/" ? "The whole store" : <span className="font-mono">{plan.path_prefix}</span>} of {store} back to <LocalTime iso={plan.as_of} />
      </>
    );
  }
  return (
    <>
      The changes of <ActorLabel actor={plan.principal} /> in {store} undone
      {plan["created_at[gte]"] && (
        <>
          {" "}
          since <LocalTime iso={plan["created_at[gte]"]} />
        </>
      )}
      {plan["created_at[lte]"] && (
        <>
          {" "}
          until <LocalTime iso={plan["created_at[lte]"]} />
        </>
      )}
    </>
  );
}

const columns = (storeId: string) => [
  { label: "Memory", cell: (item: PutBackItem) => itemPath(item), className: () => "break-all font-mono text-xs" },
  {
    label: "Action",
    cell: (item: PutBackItem) => <Badge tone={ACTION_TONE[item.action]}>{ACTION_LABEL[item.action]}</Badge>,
  },
  {
    label: "What happened",
    cell: (item: PutBackItem) => (
      <>
        {OUTCOME_LABEL[item.outcome]}
        {item.reason && (
          <>
            {" "}
            — <ActorText text={item.reason} />
          </>
        )}{" "}
        <AwaitingReviewBadge item={item} />
      </>
    ),
    className: (item: PutBackItem) => (item.outcome === "late" || item.outcome === "blocked" ? "text-amber-800" : "text-slate-700"),
  },
  {
    label: "New version",
    cell: (item: PutBackItem) => (item.new_version_id ? <VersionLink storeId={storeId} versionId={item.new_version_id} className="text-xs" /> : "—"),
  },
];
