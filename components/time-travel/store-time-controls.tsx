"use client";

import Link from "next/link";
import { useState } from "react";
import { usePermissions } from "@/components/shell/session-user.tsx";
import { Button } from "@/components/ui/button.tsx";
import { useStoreActivity } from "@/lib/queries/use-time-travel.ts";
import { ActivityStrip } from "./activity-strip.tsx";
import { PutBackDialog, type PutBackRequest } from "./put-back-dialog.tsx";

export type StoreTimeControlsProps = { storeId: string; asOf: string | null; hrefAt: (iso: string) => string };

/** The store page's activity strip (a bar leads to the store as of then), with the ways to the changes and the activity list. */
export function StoreTimeStrip({ storeId, asOf, hrefAt }: StoreTimeControlsProps) {
  const activity = useStoreActivity(storeId);
  return (
    <div className="mb-3 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200">
      {activity.data && activity.data.buckets.some((b) => b.count > 0 || b.reads > 0) ? (
        <ActivityStrip activity={activity.data} hrefAt={hrefAt} asOf={asOf} />
      ) : (
        <p className="text-xs text-slate-500">{activity.isPending ? "Loading activity…" : "No writes yet."}</p>
      )}
      <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link href={`/stores/${storeId}/changes${asOf ? `?from=${encodeURIComponent(asOf)}` : ""}`} className="font-medium text-indigo-700 hover:underline">
          {asOf ? "Changes since this moment" : "Changes"}
        </Link>
        <Link href={`/stores/${storeId}/activity`} className="font-medium text-indigo-700 hover:underline">
          Activity: who wrote
        </Link>
        <Link href={`/stores/${storeId}/unread`} className="font-medium text-indigo-700 hover:underline" data-testid="store-unread-link">
          Unread by agents
        </Link>
      </div>
    </div>
  );
}

/** In the as-of view: put the folder shown, or the whole store, back to the moment shown (reviewers and admins). */
export function RestoreToMoment({ storeId, asOf, folder }: { storeId: string; asOf: string; folder: string }) {
  const { canWrite } = usePermissions();
  const [dialog, setDialog] = useState<PutBackRequest | null>(null);
  if (!canWrite) return null;
  const open = (prefix: string) =>
    setDialog({
      kind: "restores",
      input: { memory_store_id: storeId, as_of: asOf, ...(prefix !== "/" && { path_prefix: prefix }) },
      title: prefix === "/" ? "Restore the store to this moment" : "Restore this folder to this moment",
      description: `Put ${prefix === "/" ? "every memory of the store" : `every memory under ${prefix}`} back as it was at ${new Date(asOf).toLocaleString()}: a dry run first, then your confirmation.`,
    });
  return (
    <>
      <div className="flex flex-wrap gap-2">
        {folder !== "/" && (
          <Button size="sm" onClick={() => open(folder)}>
            Restore this folder to this moment
          </Button>
        )}
        <Button size="sm" variant={folder === "/" ? "primary" : "secondary"} onClick={() => open("/")}>
          Restore the store
        </Button>
      </div>
      {dialog && <PutBackDialog {...dialog} onClose={() => setDialog(null)} />}
    </>
  );
}
