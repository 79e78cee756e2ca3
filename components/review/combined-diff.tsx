"use client";

import { useRef } from "react";
import { MemoryEditor, type MemoryEditorHandle } from "@/components/editor/memory-editor.tsx";
import { Alert } from "@/components/ui/alert.tsx";
import { MonacoDiff } from "@/components/versions/monaco-diff.tsx";
import type { ReviewDetail } from "@/lib/queries/review-types.ts";

/** Monaco shows the diff side by side or, in a narrow pane, inline: say it in colours, not sides. */
const SIDES = "red was in the reviewed version, green is in the head.";

/** What the view shows, in words: a new memory's whole content, what a deletion lost, or the change. */
function explain({ item, settled, head }: ReviewDetail): string {
  // A redacted settled version has no path or content left: nothing was moved from it that anyone can see.
  if (settled?.redacted) return "The version it was last reviewed at was redacted since: what it held is gone, so this is not a move or an edit of it.";
  switch (item.change) {
    case "created":
      return "A new memory: its whole content.";
    case "deleted":
      return settled ? "The memory was deleted: this is what was lost." : "A memory an agent created and deleted again: nothing was lost.";
    case "renamed":
      return settled?.content === head.content ? "Moved; the content did not change." : `Moved, and the content changed: ${SIDES}`;
    case "modified":
      return `The content changed: ${SIDES}`;
    case "stale":
      return item.stale_reason
        ? `Stale: ${item.stale_reason}, longer than this store's write policy allows. Approve to keep it as it is, or delete it.`
        : "Unchanged for longer than this store's write policy allows (review after days). Approve to keep it as it is, or delete it.";
  }
}

/** Tall enough for the text, within bounds: short changes should not sit in a tall empty box. */
const heightFor = (...texts: string[]) => Math.min(480, Math.max(140, Math.max(...texts.map((t) => t.split("\n").length)) * 19 + 28));

/**
 * The combined change from the settled version to the head: a new memory's whole content, what a
 * deletion lost, or Monaco's diff of the two (with the old and new path of a move). A redacted
 * side has no content, and says so.
 */
export function CombinedDiff({ detail }: { detail: ReviewDetail }) {
  const { item, settled, head } = detail;
  const redacted = [settled?.redacted && "The reviewed version was redacted.", head.redacted && "The head version was redacted."].filter(Boolean);
  const whole = item.change === "created" || item.change === "stale" ? head.content : item.change === "deleted" ? (settled?.content ?? "") : null;
  return (
    <div className="space-y-2" data-testid="review-diff" data-change={item.change}>
      {item.settled_path && item.settled_path !== item.path && !settled?.redacted && (
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
      ) : whole !== null ? (
        <WholeContent key={head.version_id} path={item.path} text={whole} tone={item.change === "created" ? "added" : "lost"} />
      ) : (
        <MonacoDiff
          key={`${settled?.version_id}|${head.version_id}`}
          original={settled?.content ?? ""}
          modified={head.content ?? ""}
          path={item.path}
          height={heightFor(settled?.content ?? "", head.content ?? "")}
        />
      )}
    </div>
  );
}

/** One side only, read-only, edged green (all of it is new) or red (all of it is gone). */
function WholeContent({ path, text, tone }: { path: string; text: string; tone: "added" | "lost" }) {
  const handle = useRef<MemoryEditorHandle | null>(null);
  return (
    <div className={`rounded-md border-l-4 ${tone === "added" ? "border-emerald-400" : "border-red-400"}`} data-testid={`review-whole-${tone}`}>
      <MemoryEditor path={path} initialText={text} onTextChange={() => {}} handleRef={handle} readOnly height={`${heightFor(text)}px`} />
    </div>
  );
}
