"use client";

import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";

export type MarkdownPreviewProps = { text: string; height?: string };

/**
 * What the renderer may draw. Raw HTML in a memory is never rendered: react-markdown turns it
 * into text (its default, no rehype-raw), and its URL filter drops `javascript:` and the like.
 * Images are never fetched (a memory could otherwise make the reader's browser call out): each
 * is shown as its alt text and address.
 */
const COMPONENTS: Components = {
  img: ({ alt, src }) => (
    <span className="rounded bg-slate-100 px-1 text-xs text-slate-600" title={typeof src === "string" ? src : undefined} data-testid="markdown-image">
      [image: {alt || (typeof src === "string" ? src : "")}]
    </span>
  ),
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  ),
};

/** A memory's Markdown, rendered (GitHub-flavoured: tables, task lists, strikethrough, autolinks). */
export function MarkdownPreview({ text, height = "60vh" }: MarkdownPreviewProps) {
  return (
    <div
      data-testid="markdown-preview"
      className="markdown-body overflow-auto rounded-md bg-white px-5 py-4 text-sm text-slate-800 ring-1 ring-slate-200"
      style={{ height }}
      tabIndex={0}
      aria-label="Rendered Markdown"
      role="region"
    >
      {text.trim() === "" ? (
        <p className="italic text-slate-500">This memory is empty.</p>
      ) : (
        <Markdown remarkPlugins={[remarkGfm]} components={COMPONENTS}>
          {text}
        </Markdown>
      )}
    </div>
  );
}
