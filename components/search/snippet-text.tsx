import type { SearchHit } from "@/lib/queries/types.ts";

/** A hit's snippet, its matches marked. The text is rendered as text: a snippet is never HTML. */
export function SnippetText({ snippet }: { snippet: SearchHit["snippet"] }) {
  return (
    <span className="whitespace-pre-wrap break-words font-mono text-xs text-slate-700">
      {snippet.map((segment, i) =>
        segment.match ? (
          <mark key={i} className="rounded-sm bg-amber-200 px-0.5 text-slate-900">
            {segment.text}
          </mark>
        ) : (
          <span key={i}>{segment.text}</span>
        ),
      )}
    </span>
  );
}
