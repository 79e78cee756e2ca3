import { invalidRequest } from "../errors.ts";
import { parseSearchText, type SearchText } from "../search/search-text.ts";
import { utf8Length } from "../hashing.ts";
import { LIMITS } from "../limits.ts";
import { containsText, exactMatches } from "../search/text-matches.ts";
import type { EraseAction } from "./erasure-rows.ts";

export const DEFAULT_MARKER = "[erased]";
const MARKER_MAX_CHARS = 100;

/** The text to erase: exact text (any substring, case-insensitive), as search finds it. */
export function parseEraseText(text: unknown): SearchText & { mode: "exact" } {
  return parseSearchText(text, "exact") as SearchText & { mode: "exact" };
}

/** The marker that replaces the text (replace only): short, one line, and not itself holding the text (any of the values). */
export function parseMarker(marker: unknown, action: EraseAction, texts: readonly string[]): string | null {
  if (action === "delete") {
    if (marker != null) throw invalidRequest("marker: only with action replace (a deleted memory keeps no text).");
    return null;
  }
  if (marker == null) return DEFAULT_MARKER;
  if (typeof marker !== "string") throw invalidRequest("marker: must be a string.");
  if ([...marker].length > MARKER_MAX_CHARS) throw invalidRequest(`marker: must be at most ${MARKER_MAX_CHARS} characters.`);
  if (/[\p{Cc}\p{Cf}\u2028\u2029]/u.test(marker) || !marker.isWellFormed())
    throw invalidRequest("marker: must be one line of text without control characters.");
  if (texts.some((text) => exactMatches(marker, text).length > 0)) throw invalidRequest("marker: must not contain the text being erased.");
  return marker;
}

/**
 * The content with every occurrence of the text (case-insensitive, overlapping runs merged)
 * replaced by the marker, or null when the result would still hold the text (the marker and
 * what surrounds it can spell it again): then the memory is deleted instead.
 */
export function replaceAll(content: string, text: string, marker: string): string | null {
  const ranges = exactMatches(content, text);
  let out = "";
  let at = 0;
  let end = -1;
  for (const [start, stop] of ranges) {
    if (start < end) {
      end = Math.max(end, stop); // overlaps the run being replaced
      continue;
    }
    if (end >= 0) at = end;
    out += content.slice(at, start) + marker;
    end = stop;
  }
  out += content.slice(end >= 0 ? end : 0);
  return exactMatches(out, text).length > 0 ? null : out;
}

/**
 * What a memory becomes when replacing: every value replaced by the marker, value after value;
 * null when replacing cannot work and the memory is deleted instead: its path holds a value,
 * the store is archived, the result would hold a value again, or exceed the size limit.
 */
export function rewrittenContent(memory: { path: string; content: string }, texts: readonly string[], marker: string, archived: boolean): string | null {
  if (archived || texts.some((text) => containsText(memory.path, text))) return null;
  let content: string | null = memory.content;
  for (const text of texts) content = content === null ? null : replaceAll(content, text, marker);
  if (content === null || texts.some((text) => containsText(content, text))) return null;
  return utf8Length(content) <= LIMITS.memoryContentBytes ? content : null;
}
