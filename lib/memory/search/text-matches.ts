import { WORD, type SearchText } from "./search-text.ts";

/** A match in a text: [start, end) in UTF-16 code units, as JavaScript strings and Monaco count. */
export type Range = readonly [start: number, end: number];

/**
 * Every occurrence of `needle` in `text`, ignoring case, overlapping ones included, in linear
 * time. Case is folded one code point at a time, so offsets in the folded text stay those of the
 * original; KMP over the folded code points keeps the scan linear whatever the text.
 */
export function exactMatches(text: string, needle: string): Range[] {
  const pattern = [...needle].map((c) => c.toLowerCase());
  if (pattern.length === 0) return [];
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
      matched = failure[matched - 1]!;
    }
  }
  return ranges;
}

/** Every word of `text` that is one of `words` (already case-folded). */
export function wordMatches(text: string, words: readonly string[]): Range[] {
  const wanted = new Set(words);
  const ranges: Range[] = [];
  for (const match of text.matchAll(WORD)) {
    if (wanted.has(match[0].toLowerCase())) ranges.push([match.index, match.index + match[0].length]);
  }
  return ranges;
}

export function matchesOf(text: string, query: SearchText): Range[] {
  return query.mode === "exact" ? exactMatches(text, query.text) : wordMatches(text, query.words);
}
