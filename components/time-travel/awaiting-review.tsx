"use client";

import Link from "next/link";
import { Alert } from "@/components/ui/alert.tsx";
import { Badge } from "@/components/ui/badge.tsx";

type Item = { awaiting_review: boolean; outcome: string };

/**
 * A put-back item whose memory awaits review afterwards: what it puts back holds writes nobody
 * reviewed (lib/memory/review/deliberate.ts), so undoing or restoring does not approve them.
 */
export function AwaitingReviewBadge({ item }: { item: Item }) {
  if (!item.awaiting_review) return null;
  return (
    <Badge tone="amber" title="What it is put back to holds writes nobody reviewed: it stays in (or returns to) the review inbox.">
      {item.outcome === "planned" ? "will await review" : "awaits review"}
    </Badge>
  );
}

/** Before a put-back (dry run) or after it: how many memories come back awaiting review, and why. */
export function AwaitingReviewNotice({ items, done }: { items: readonly Item[]; done?: boolean }) {
  const count = items.filter((i) => i.awaiting_review && (done ? i.outcome === "done" : i.outcome === "planned")).length;
  if (count === 0) return null;
  const memories = `${count.toLocaleString("en-US")} ${count === 1 ? "memory" : "memories"}`;
  return (
    <Alert tone="warning" title={done ? `${memories} await review` : `${memories} will await review`}>
      What {count === 1 ? "it goes" : "they go"} back to holds agents&rsquo; writes that nobody reviewed, so putting {count === 1 ? "it" : "them"} back does not
      approve them: {count === 1 ? "it stays" : "they stay"} in the{" "}
      <Link href="/review" className="underline">
        review inbox
      </Link>
      , naming whose writes they are.
    </Alert>
  );
}
