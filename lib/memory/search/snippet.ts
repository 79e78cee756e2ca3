import type { Range } from "./text-matches.ts";

/** A snippet as segments, the matched ones marked: no marker characters that the text itself could hold. */
export type SnippetSegment = { text: string; match: boolean };

export interface Snippet {
  segments: SnippetSegment[];
  /** 1-based line and column (UTF-16 code units, as Monaco counts) of the first match; null when nothing was found to mark. */
  line: number | null;
  column: number | null;
}

/** Around the first match, within its line: enough to recognise it, short enough for a list. */
const BEFORE = 60;
const AFTER = 160;
const ELLIPSIS = "…";

/** The line of the first match, cut around it, with every match inside marked. Linear in the text. */
export function buildSnippet(text: string, ranges: readonly Range[]): Snippet {
  const first = ranges[0];
  if (!first) {
    const end = lineEnd(text, 0);
    return { segments: plain(text, 0, codePointStart(text, Math.min(end, AFTER))), line: null, column: null };
  }
  const lineStart = text.lastIndexOf("\n", first[0] - 1) + 1;
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < first[0]; i = text.indexOf("\n", i + 1)) line++;
  const from = codePointStart(text, Math.max(lineStart, first[0] - BEFORE));
  const to = codePointStart(text, Math.min(lineEnd(text, first[0]), Math.max(first[1], first[0] + AFTER)));
  const segments: SnippetSegment[] = [];
  if (from > lineStart) segments.push({ text: ELLIPSIS, match: false });
  let at = from;
  for (const [start, end] of ranges) {
    if (start >= to) break;
    if (end <= at) continue;
    if (start > at) segments.push({ text: text.slice(at, start), match: false });
    segments.push({ text: text.slice(Math.max(start, at), Math.min(end, to)), match: true });
    at = Math.min(end, to);
  }
  if (at < to) segments.push({ text: text.slice(at, to), match: false });
  if (to < lineEnd(text, to)) segments.push({ text: ELLIPSIS, match: false });
  return { segments: merge(segments), line, column: first[0] - lineStart + 1 };
}

/** `at`, moved back off the second half of a surrogate pair so that a cut never splits a character. */
function codePointStart(text: string, at: number): number {
  const code = text.charCodeAt(at);
  return at > 0 && code >= 0xdc00 && code <= 0xdfff ? at - 1 : at;
}

function lineEnd(text: string, from: number): number {
  const end = text.indexOf("\n", from);
  return end === -1 ? text.length : end;
}

function plain(text: string, from: number, to: number): SnippetSegment[] {
  const cut = to < lineEnd(text, from);
  return [{ text: text.slice(from, to) + (cut ? ELLIPSIS : ""), match: false }];
}

/** Neighbouring unmarked segments joined (an ellipsis and the text after it). */
function merge(segments: SnippetSegment[]): SnippetSegment[] {
  const out: SnippetSegment[] = [];
  for (const segment of segments) {
    const last = out[out.length - 1];
    if (last && !last.match && !segment.match) last.text += segment.text;
    else if (segment.text !== "") out.push({ ...segment });
  }
  return out;
}
