"use client";

import Link from "next/link";
import { PageHeader } from "@/components/ui/card.tsx";
import { EmptyState, Spinner } from "@/components/ui/states.tsx";
import { useStore } from "@/lib/queries/use-stores.ts";
import { useStoreActivity } from "@/lib/queries/use-time-travel.ts";
import { ActivityList } from "./activity-list.tsx";
import { ActivityStrip } from "./activity-strip.tsx";
import { ErrorAlert } from "@/components/ui/error-alert.tsx";

/** /stores/{store}/activity: the store's writes over time, and who wrote them. */
export function ActivityView({ storeId }: { storeId: string }) {
  const store = useStore(storeId);
  const activity = useStoreActivity(storeId);
  return (
    <>
      <PageHeader
        title="Activity"
        description={
          <>
            Who wrote to{" "}
            <Link href={`/stores/${storeId}`} className="text-indigo-700 underline">
              {store.data?.name ?? storeId}
            </Link>
            , and when: each session, key and user, newest first.
          </>
        }
        actions={
          <Link href={`/stores/${storeId}/changes`} className="rounded-md px-3 py-2 text-sm font-medium text-indigo-700 hover:bg-indigo-50">
            Changes
          </Link>
        }
      />
      {activity.isPending ? (
        <Spinner label="Loading activity…" />
      ) : activity.error || !activity.data ? (
        <ErrorAlert error={activity.error ?? new Error("Nothing came back.")} title="Could not load the activity" />
      ) : activity.data.principals.length === 0 ? (
        <EmptyState title="No writes yet">Nothing has been written to this store.</EmptyState>
      ) : (
        <>
          <div className="mb-4 rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200">
            <ActivityStrip activity={activity.data} hrefAt={(iso) => `/stores/${storeId}?as_of=${encodeURIComponent(iso)}`} />
          </div>
          <ActivityList storeId={storeId} principals={activity.data.principals} />
          {activity.data.has_more && <p className="mt-2 text-xs text-slate-500">The 100 most recent writers are listed.</p>}
        </>
      )}
    </>
  );
}
