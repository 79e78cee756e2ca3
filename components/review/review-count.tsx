"use client";

import Link from "next/link";
import { useReviewCounts } from "@/lib/queries/use-reviews.ts";

/**
 * How many changes await review, in all stores or one: a small pill, nothing when none (or while
 * unknown). One counts query serves the nav, the stores list and the store page.
 */
export function ReviewCount({ storeId, className = "" }: { storeId?: string; className?: string }) {
  const counts = useReviewCounts();
  const n = storeId ? (counts.data?.stores[storeId] ?? 0) : (counts.data?.total ?? 0);
  if (!n) return null;
  return (
    <span
      data-testid={storeId ? `review-count-${storeId}` : "review-count"}
      title={`${n.toLocaleString()} ${n === 1 ? "change awaits" : "changes await"} review`}
      className={`inline-flex min-w-5 items-center justify-center rounded-full bg-amber-100 px-1.5 text-xs font-semibold tabular-nums text-amber-900 ${className}`}
    >
      {n.toLocaleString()}
    </span>
  );
}

/** A store's count as a link to its inbox; a dash when nothing awaits review. */
export function StoreReviewLink({ storeId }: { storeId: string }) {
  const counts = useReviewCounts();
  const n = counts.data?.stores[storeId] ?? 0;
  if (!n) return <span className="text-slate-300">—</span>;
  // Named by its count alone: the row already names the store, and a link named after it would be a second one.
  return (
    <Link href={`/stores/${storeId}/review`} aria-label={`${n.toLocaleString()} awaiting review`} className="hover:opacity-80">
      <ReviewCount storeId={storeId} />
    </Link>
  );
}
