"use client";

import { ReviewAuthors } from "./review-authors.tsx";
import { useEffect, useRef } from "react";
import { formatVersionTime } from "@/components/versions/version-format.ts";
import type { ReviewItem } from "@/lib/queries/review-types.ts";
import { ChangeBadge } from "./change-badge.tsx";
import { FindingsBadge } from "./findings.tsx";

export type ReviewRowProps = {
  item: ReviewItem;
  current: boolean;
  selected: boolean;
  /** The inbox of all stores says which store each item is in. */
  showStore: boolean;
  /** Selecting needs the right to act. */
  selectable: boolean;
  onOpen: () => void;
  onToggle: () => void;
};

/** One memory awaiting review: what changed, where, by whom, when, and how many versions. */
export function ReviewRow({ item, current, selected, showStore, selectable, onOpen, onToggle }: ReviewRowProps) {
  const ref = useRef<HTMLLIElement>(null);
  // The cursor moves by keyboard too: keep its row on screen.
  useEffect(() => {
    if (current) ref.current?.scrollIntoView({ block: "nearest" });
  }, [current]);
  return (
    <li
      ref={ref}
      data-testid={`review-item-${item.memory_id}`}
      data-path={item.path}
      aria-current={current ? "true" : undefined}
      className={`flex items-start gap-3 border-b border-slate-100 px-3 py-2.5 last:border-0 ${current ? "bg-indigo-50 ring-2 ring-inset ring-indigo-400" : selected ? "bg-indigo-50/50" : "hover:bg-slate-50"}`}
    >
      {selectable && (
        <input
          type="checkbox"
          aria-label={`Select ${item.path}`}
          checked={selected}
          onChange={onToggle}
          className="mt-1 h-4 w-4 shrink-0 rounded border-slate-300 text-indigo-600"
        />
      )}
      <button type="button" onClick={onOpen} className="min-w-0 flex-1 text-left">
        <div className="flex min-w-0 items-start gap-2 sm:items-center">
          <ChangeBadge change={item.change} />
          {/* On a phone the whole path wraps: the file name at its end is what matters. */}
          <span className="min-w-0 break-all font-mono text-sm text-slate-900 sm:truncate sm:break-normal" title={item.path}>
            {item.path}
          </span>
        </div>
        <div className="mt-1 flex flex-wrap gap-x-2 text-xs text-slate-600">
          {showStore && <span className="font-medium text-slate-600">{item.store_name ?? item.store_id}</span>}
          <FindingsBadge findings={item.findings} />
          {item.stale_reason && <span className="text-slate-700">{item.stale_reason}</span>}
          {item.read_since && item.read_since.sessions > 0 && (
            <span className="font-medium text-amber-800" data-testid="read-since" title="Agent sessions that read what awaits review since it was written">
              read by {item.read_since.sessions} {item.read_since.sessions === 1 ? "session" : "sessions"}
            </span>
          )}
          <ReviewAuthors item={item} />
          <time dateTime={item.updated_at} title={item.updated_at}>
            {formatVersionTime(item.updated_at)}
          </time>
          <span>
            {item.version_count} {item.version_count === 1 ? "version" : "versions"}
          </span>
        </div>
      </button>
    </li>
  );
}
