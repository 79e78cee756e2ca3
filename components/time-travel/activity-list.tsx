"use client";

import Link from "next/link";
import { useState } from "react";
import { usePermissions } from "@/components/shell/session-user.tsx";
import { Button } from "@/components/ui/button.tsx";
import { formatDateTime } from "@/components/ui/format.ts";
import type { ActivityPrincipal } from "@/lib/queries/types.ts";
import { changesHref } from "./changes-view.tsx";
import { principalLabel, principalParam } from "./principal-filter.ts";
import { PutBackDialog, type PutBackRequest } from "./put-back-dialog.tsx";

/** The changes view's window around a principal's writes: from just before its first (`from` is exclusive) to its last. */
const reviewHref = (storeId: string, p: ActivityPrincipal) =>
  changesHref(storeId, { from: new Date(Date.parse(p.first_at) - 1).toISOString(), to: p.last_at, principal: principalParam(p) });

/** Each session, key and user that wrote to the store, with counts and time span, "Review its changes" and "Undo". */
export function ActivityList({ storeId, principals }: { storeId: string; principals: readonly ActivityPrincipal[] }) {
  const { canWrite } = usePermissions();
  const [dialog, setDialog] = useState<PutBackRequest | null>(null);
  const undo = (p: ActivityPrincipal) => {
    const param = principalParam(p)!;
    const session = p.actor.type === "session_actor";
    setDialog({
      kind: "reverts",
      input: { memory_store_id: storeId, ...param },
      title: session ? "Undo this session" : "Undo these changes",
      description: `Put back every memory ${principalLabel(p)} changed to its state just before its first change. Memories someone else changed since are left alone and reported.`,
    });
  };
  return (
    <>
      <ul aria-label="Who wrote" className="divide-y divide-slate-100 rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
        {principals.map((p) => (
          <li key={principalLabel(p)} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-3 text-sm" data-testid="activity-principal">
            <div className="min-w-0 flex-1 basis-64">
              <p className="break-all font-medium text-slate-900">{principalLabel(p)}</p>
              <p className="text-xs text-slate-500">
                {p.version_count.toLocaleString("en-US")} {p.version_count === 1 ? "write" : "writes"} to {p.memory_count.toLocaleString("en-US")}{" "}
                {p.memory_count === 1 ? "memory" : "memories"} · {formatDateTime(p.first_at)} – {formatDateTime(p.last_at)}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <Link href={reviewHref(storeId, p)} className="rounded-md px-3 py-1.5 text-sm font-medium text-indigo-700 hover:bg-indigo-50">
                Review its changes
              </Link>
              {canWrite && principalParam(p) && (
                <Button size="sm" variant="danger-quiet" onClick={() => undo(p)}>
                  {p.actor.type === "session_actor" ? "Undo this session" : "Undo its changes"}
                </Button>
              )}
            </div>
          </li>
        ))}
      </ul>
      {dialog && <PutBackDialog {...dialog} onClose={() => setDialog(null)} />}
    </>
  );
}
