"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useWorkspaceRouter } from "@/components/shell/current-workspace.tsx";
import { useEffect, useState } from "react";
import { usePermissions } from "@/components/shell/session-user.tsx";
import { Button } from "@/components/ui/button.tsx";
import { PageHeader } from "@/components/ui/card.tsx";
import { LocalTime, useHydrated } from "@/components/ui/local-time.tsx";
import { EmptyState, Spinner } from "@/components/ui/states.tsx";
import { useActorName } from "@/components/versions/actor-name.tsx";
import { LoadMore } from "@/components/versions/load-more.tsx";
import { useStore } from "@/lib/queries/use-stores.ts";
import { useStoreActivity, useStoreChanges } from "@/lib/queries/use-time-travel.ts";
import { ChangesFilters, type ChangesWindow } from "./changes-filters.tsx";
import { ChangesList } from "./changes-list.tsx";
import { ChangesSummary } from "./changes-summary.tsx";
import { presetWindow } from "./moments.ts";
import { parseParamValue } from "./principal-filter.ts";
import { PutBackDialog, type PutBackRequest } from "./put-back-dialog.tsx";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";

const PRINCIPAL_KEYS = ["session_id", "api_key_id", "user_id"] as const;

/** The window in the URL: `from`, `to` (absent: now), and at most one of session_id, api_key_id, user_id. */
function windowOf(search: URLSearchParams): ChangesWindow | null {
  const from = search.get("from");
  if (!from) return null;
  const key = PRINCIPAL_KEYS.find((k) => search.get(k));
  return { from, to: search.get("to"), principal: key ? parseParamValue(`${key}=${search.get(key)}`) : null };
}

export function changesHref(storeId: string, span: ChangesWindow) {
  const params = new URLSearchParams({ from: span.from });
  if (span.to) params.set("to", span.to);
  if (span.principal) for (const [k, v] of Object.entries(span.principal)) params.set(k, v);
  return `/stores/${storeId}/changes?${params}`;
}

/**
 * /stores/{store}/changes: what differs between two moments (or since one), grouped by folder,
 * each memory with its diff inline, filterable by who wrote; from here a folder or the store goes
 * back to `from`, or the session shown is undone.
 */
export function ChangesView({ storeId }: { storeId: string }) {
  const actorName = useActorName();
  const search = useSearchParams();
  const router = useWorkspaceRouter();
  const span = windowOf(new URLSearchParams(search.toString()));
  const store = useStore(storeId);
  const activity = useStoreActivity(storeId);
  const { canWrite } = usePermissions();
  const filter = span && { from: span.from, ...(span.to && { to: span.to }), ...span.principal };
  const changes = useStoreChanges(storeId, filter);
  const [dialog, setDialog] = useState<PutBackRequest | null>(null);
  const hydrated = useHydrated();
  // No window in the URL: the last 24 hours.
  useEffect(() => {
    if (!span) router.replace(changesHref(storeId, { ...presetWindow("day"), principal: null }));
  }, [span, router, storeId]);
  if (!span) return <Spinner />;

  const items = changes.data?.pages.flatMap((p) => p.data) ?? [];
  const to = changes.data?.pages[0]?.to ?? span.to;
  const restore = (prefix: string) =>
    setDialog({
      kind: "restores",
      input: { memory_store_id: storeId, as_of: span.from, ...(prefix !== "/" && { path_prefix: prefix }) },
      title: prefix === "/" ? "Restore the store to this moment" : "Restore this folder to this moment",
      description: `Put ${prefix === "/" ? "every memory of the store" : `every memory under ${prefix}`} back as it was at ${new Date(span.from).toLocaleString()}: a dry run first, then your confirmation.`,
    });
  const session = span.principal && "session_id" in span.principal ? span.principal.session_id : null;

  return (
    <>
      <PageHeader
        title="Changes"
        description={
          <>
            <Link href={`/stores/${storeId}`} className="text-indigo-700 underline">
              {store.data?.name ?? storeId}
            </Link>{" "}
            between <LocalTime iso={span.from} /> and {to ? <LocalTime iso={to} /> : "now"}
          </>
        }
        actions={
          <>
            <Link href={`/stores/${storeId}/activity`} className="rounded-md px-3 py-2 text-sm font-medium text-indigo-700 hover:bg-indigo-50">
              Activity
            </Link>
            <Link
              href={`/stores/${storeId}?as_of=${encodeURIComponent(span.from)}`}
              className="rounded-md px-3 py-2 text-sm font-medium text-indigo-700 hover:bg-indigo-50"
            >
              View as of “from”
            </Link>
            {canWrite && (
              <Button variant="secondary" onClick={() => restore("/")}>
                Restore the store to “from”
              </Button>
            )}
            {canWrite && session && (
              <Button
                variant="danger-quiet"
                onClick={() =>
                  setDialog({
                    kind: "reverts",
                    input: { memory_store_id: storeId, session_id: session, "created_at[gte]": span.from, ...(span.to && { "created_at[lte]": span.to }) },
                    title: "Undo this session",
                    description: `Put back every memory ${actorName({ type: "session_actor", session_id: session }).label} changed in this window to its state before the session's first change; memories someone else changed since are left alone.`,
                  })
                }
              >
                Undo this session
              </Button>
            )}
          </>
        }
      />
      {/* Its fields show local time, which the server does not know: rendered once hydrated. */}
      {hydrated ? (
        <ChangesFilters
          key={search.toString()}
          {...span}
          principals={activity.data?.principals ?? []}
          onApply={(next) => router.push(changesHref(storeId, next))}
        />
      ) : (
        <div className="mb-4 h-40 rounded-lg bg-white shadow-sm ring-1 ring-slate-200 sm:h-28" />
      )}
      {changes.isPending ? (
        <Spinner label="Comparing…" />
      ) : changes.error ? (
        <ErrorAlert error={changes.error} title="Could not compare" />
      ) : items.length === 0 ? (
        <EmptyState title="No changes">Nothing differs between these two moments{span.principal ? " among what this principal wrote" : ""}.</EmptyState>
      ) : (
        <>
          {changes.data?.pages[0]?.summary && <ChangesSummary summary={changes.data.pages[0].summary} />}
          <ChangesList storeId={storeId} changes={items} onRestoreFolder={canWrite ? restore : undefined} />
          <LoadMore query={changes} />
        </>
      )}
      {dialog && <PutBackDialog {...dialog} onClose={() => setDialog(null)} />}
    </>
  );
}
