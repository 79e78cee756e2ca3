"use client";

import Link from "next/link";
import { formatDateTime } from "@/components/ui/format.ts";
import type { StoreActivity } from "@/lib/queries/types.ts";
import { principalLabel } from "./principal-filter.ts";

export type ActivityStripProps = {
  activity: StoreActivity;
  /** Where a bar leads: the store as of the end of its slice. */
  hrefAt: (iso: string) => string;
  /** The moment shown now (`?as_of=`), marked on the strip. */
  asOf?: string | null;
};

const SESSION_ROWS = 4;

/**
 * The store's writes over time as a small bar chart, one bar per slice (a link to the store as of
 * the slice's end), agents' reads as a lower strip under it on the same slices (reads without
 * writes are what a poisoned memory's blast radius grows by), each session's span marked under
 * them, and the moment viewed as a line.
 */
export function ActivityStrip({ activity, hrefAt, asOf = null }: ActivityStripProps) {
  const start = Date.parse(activity.from);
  const span = Math.max(Date.parse(activity.to) - start, 1);
  const at = (iso: string) => Math.min(100, Math.max(0, ((Date.parse(iso) - start) / span) * 100));
  const max = Math.max(1, ...activity.buckets.map((b) => b.count));
  const total = activity.buckets.reduce((n, b) => n + b.count, 0);
  const reads = activity.buckets.reduce((n, b) => n + b.reads, 0);
  const maxReads = Math.max(1, ...activity.buckets.map((b) => b.reads));
  const sessions = activity.principals.filter((p) => p.actor.type === "session_actor").slice(0, SESSION_ROWS);
  const ends = activity.buckets.map((b, i) => activity.buckets[i + 1]?.start ?? activity.to);
  return (
    <figure className="w-full min-w-0" data-testid="activity-strip">
      <figcaption className="mb-1 flex flex-wrap justify-between gap-x-3 text-xs text-slate-500">
        <span>
          {total.toLocaleString("en-US")} {total === 1 ? "write" : "writes"}
          {reads > 0 && (
            <>
              {" "}
              · <span className="text-emerald-700">{`${reads.toLocaleString("en-US")} agent ${reads === 1 ? "read" : "reads"}`}</span>
            </>
          )}{" "}
          · {formatDateTime(activity.from)} – {formatDateTime(activity.to)}
        </span>
        {sessions.length > 0 && <span>sessions marked below</span>}
      </figcaption>
      <div className="relative flex h-12 items-end gap-px rounded bg-slate-50 ring-1 ring-inset ring-slate-200">
        {activity.buckets.map((bucket, i) => (
          <Link
            key={bucket.start}
            href={hrefAt(ends[i]!)}
            title={`${bucket.count} ${bucket.count === 1 ? "write" : "writes"} from ${formatDateTime(bucket.start)}: view as of ${formatDateTime(ends[i]!)}`}
            aria-label={`${bucket.count} writes until ${formatDateTime(ends[i]!)}: view as of then`}
            className="flex h-full min-w-0 flex-1 items-end hover:bg-indigo-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <span
              className={`w-full rounded-t-sm ${bucket.count ? "bg-indigo-500" : ""}`}
              style={{ height: bucket.count ? `${Math.max(8, (bucket.count / max) * 100)}%` : 0 }}
            />
          </Link>
        ))}
        {asOf && (
          <span aria-hidden className="pointer-events-none absolute inset-y-0 w-0.5 bg-sky-600" style={{ left: `${at(asOf)}%` }} title="the moment shown" />
        )}
      </div>
      {reads > 0 && (
        <div className="mt-px flex h-5 items-start gap-px rounded-b bg-slate-50" data-testid="read-strip" aria-label="Agents' reads over time" role="img">
          {activity.buckets.map((bucket) => (
            <span
              key={bucket.start}
              title={`${bucket.reads} agent ${bucket.reads === 1 ? "read" : "reads"} from ${formatDateTime(bucket.start)}`}
              className={`min-w-0 flex-1 rounded-b-sm ${bucket.reads ? "bg-emerald-500" : ""}`}
              style={{ height: bucket.reads ? `${Math.max(12, (bucket.reads / maxReads) * 100)}%` : 0 }}
            />
          ))}
        </div>
      )}
      {sessions.length > 0 && (
        <ul aria-label="Sessions" className="mt-1 space-y-0.5">
          {sessions.map((p) => (
            <li key={principalLabel(p)} className="relative h-2" title={`${principalLabel(p)}: ${formatDateTime(p.first_at)} – ${formatDateTime(p.last_at)}`}>
              <span className="sr-only">
                {principalLabel(p)}: {formatDateTime(p.first_at)} – {formatDateTime(p.last_at)}
              </span>
              <span
                aria-hidden
                className="absolute inset-y-0 rounded-full bg-amber-400"
                style={{ left: `${at(p.first_at)}%`, width: `max(0.375rem, ${at(p.last_at) - at(p.first_at)}%)` }}
              />
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
