"use client";

import { Alert } from "@/components/ui/alert.tsx";
import { MonacoDiff } from "@/components/versions/monaco-diff.tsx";
import type { ReviewDetail } from "@/lib/queries/review-types.ts";

/** What the diff compares, in words: a new memory's whole content, what a deletion lost, or the change. */
function explain({ item, settled, head }: ReviewDetail): string {
  switch (item.change) {
    case "created":
      return "A new memory: its whole content is on the right.";
    case "deleted":
      return "The memory was deleted: the left side is what was lost.";
    case "renamed":
      return settled?.content === head.content ? "Moved; the content did not change." : "Moved, and the content changed.";
    case "modified":
      return "Reviewed version on the left, the head on the right.";
  }
}

/**
 * The combined change from the settled version to the head, in Monaco's diff editor: a created
 * memory diffs against nothing, a deleted one against nothing on the right. A redacted side has
 * no content to show, and says so.
 */
export function CombinedDiff({ detail }: { detail: ReviewDetail }) {
  const { item, settled, head } = detail;
  const redacted = [settled?.redacted && "The reviewed version was redacted.", head.redacted && "The head version was redacted."].filter(Boolean);
  const original = settled?.content ?? "";
  const modified = head.content ?? "";
  return (
    <div className="space-y-2" data-testid="review-diff" data-change={item.change}>
      {item.settled_path && item.settled_path !== item.path && (
        <p className="text-sm text-slate-700" data-testid="review-rename">
          <span className="font-mono text-red-700 line-through decoration-red-300">{item.settled_path}</span>
          <span aria-hidden> → </span>
          <span className="sr-only"> moved to </span>
          <span className="font-mono text-emerald-700">{item.path}</span>
        </p>
      )}
      <p className="text-xs text-slate-500">{explain(detail)}</p>
      {redacted.length > 0 ? (
        <Alert tone="warning" title="No content to compare">
          {redacted.join(" ")} Its content is gone for good.
        </Alert>
      ) : (
        <>
          <div className="grid grid-cols-2 text-xs text-slate-500">
            <span>{settled ? `Reviewed: ${settled.version_id}` : "Nothing reviewed yet"}</span>
            <span>{item.change === "deleted" ? `Deleted in ${head.version_id}` : `Head: ${head.version_id}`}</span>
          </div>
          <MonacoDiff key={`${settled?.version_id}|${head.version_id}`} original={original} modified={modified} path={item.path} height={440} />
        </>
      )}
    </div>
  );
}
