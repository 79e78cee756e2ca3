"use client";

import { Badge } from "@/components/ui/badge.tsx";
import { ActorLabel } from "@/components/versions/actor-name.tsx";
import { formatVersionTime } from "@/components/versions/version-format.ts";
import type { ReviewMark } from "@/lib/queries/review-types.ts";

const TONE = { awaiting: "amber", approved: "green", reverted: "red" } as const;
const TEXT = { awaiting: "awaiting review", approved: "approved", reverted: "reverted" } as const;

/** A version's review state in a history: awaiting, or approved / reverted by whom and when. */
export function ReviewMarkBadge({ mark }: { mark: ReviewMark }) {
  return (
    <span data-testid="review-mark" data-state={mark.state} className="contents">
      <Badge tone={TONE[mark.state]}>{TEXT[mark.state]}</Badge>
    </span>
  );
}

export function ReviewMarkNote({ mark }: { mark: ReviewMark }) {
  if (mark.state === "awaiting" || !mark.reviewer) return null;
  return (
    <div className="mt-1 text-xs text-slate-500" data-testid="review-mark-note">
      {mark.state === "approved" ? "Approved" : "Reverted"} by <ActorLabel actor={mark.reviewer} />
      {mark.at && (
        <>
          {" "}
          on <time dateTime={mark.at}>{formatVersionTime(mark.at)}</time>
        </>
      )}
      {mark.reason && (
        <>
          : <q data-testid="review-reason">{mark.reason}</q>
        </>
      )}
    </div>
  );
}
