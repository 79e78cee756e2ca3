import { WORD, type SearchText } from "./search-text.ts";

/** A match in a text: [start, end) in UTF-16 code units, as JavaScript strings and Monaco count. */
export type Range = readonly [start: number, end: number];

/**
 * Where case folding the whole string differs from folding it one code point at a time: U+0130
 * (the only code point whose lower case has another UTF-16 length, so offsets would shift) and
 * U+03A3 (whose lower case depends on its neighbours, the final sigma).
 */
const FOLDS_BY_CONTEXT = /[\u0130\u03a3]/;

/**
 * Every occurrence of `needle` in `text`, ignoring case, overlapping ones included, the first
 * `max` of them. Case is folded one code point at a time, so offsets in the folded text stay
 * those of the original. The engine's own string search does it when folding the whole string
 * is the same (almost every text: ~100x faster than a loop here); otherwise KMP over the folded
 * code points keeps the scan linear whatever the text.
 */
export function exactMatches(text: string, needle: string, max = Number.POSITIVE_INFINITY): Range[] {
  if (needle.length === 0) return [];
  if (FOLDS_BY_CONTEXT.test(text) || FOLDS_BY_CONTEXT.test(needle)) return foldedMatches(text, needle, max);
  const [folded, pattern] = [text.toLowerCase(), needle.toLowerCase()];
  const ranges: Range[] = [];
  for (let at = folded.indexOf(pattern); at !== -1 && ranges.length < max; at = folded.indexOf(pattern, at + 1)) ranges.push([at, at + pattern.length]);
  return ranges;
}

/** Whether `text` holds `needle`, ignoring case as exactMatches does. */
export const containsText = (text: string, needle: string): boolean => exactMatches(text, needle, 1).length > 0;

function foldedMatches(text: string, needle: string, max: number): Range[] {
  const pattern = [...needle].map((c) => c.toLowerCase());
  const failure = new Array<number>(pattern.length).fill(0);
  for (let i = 1, k = 0; i < pattern.length; i++) {
    while (k > 0 && pattern[i] !== pattern[k]) k = failure[k - 1]!;
    if (pattern[i] === pattern[k]) k++;
    failure[i] = k;
  }
  const ranges: Range[] = [];
  const starts: number[] = []; // UTF-16 offset of each code point of the text
  let matched = 0;
  let offset = 0;
  for (const char of text) {
    starts.push(offset);
    offset += char.length;
    const folded = char.toLowerCase();
    while (matched > 0 && folded !== pattern[matched]) matched = failure[matched - 1]!;
    if (folded === pattern[matched]) matched++;
    if (matched === pattern.length) {
      ranges.push([starts[starts.length - pattern.length]!, offset]);
      if (ranges.length >= max) break;
      matched = failure[matched - 1]!;
    }
  }
  return ranges;
}

/** Every word of `text` that is one of `words` (already case-folded). */
export function wordMatches(text: string, words: readonly string[], max = Number.POSITIVE_INFINITY): Range[] {
  const wanted = new Set(words);
  const ranges: Range[] = [];
  for (const match of text.matchAll(WORD)) {
    if (wanted.has(match[0].toLowerCase())) ranges.push([match.index, match.index + match[0].length]);
    if (ranges.length >= max) break;
  }
  return ranges;
}

/** The matches of a query in a text (at most `max` of them, for a snippet). */
export function matchesOf(text: string, query: SearchText, max?: number): Range[] {
  return query.mode === "exact" ? exactMatches(text, query.text, max) : wordMatches(text, query.words, max);
}

/** Whether a version matches a query as the index would: the exact text in its path or content; every word in one or the other. */
export function versionMatches(path: string | null, content: string | null, query: SearchText): boolean {
  if (query.mode === "exact") return (path !== null && containsText(path, query.text)) || (content !== null && containsText(content, query.text));
  return query.words.every(
    (word) => (path !== null && wordMatches(path, [word], 1).length > 0) || (content !== null && wordMatches(content, [word], 1).length > 0),
  );
}
