import { invalidRequest } from "../errors.ts";

export const SEARCH_MODES = ["words", "exact"] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];

/** Bounds of a query: a trigram index needs three characters; longer texts only cost more. */
export const SEARCH_LIMITS = { exactMinChars: 3, maxChars: 1000, maxWords: 16 } as const;

/**
 * A word is a run of letters and digits; everything else separates words. The same rule as the
 * indexes' (SQLite's unicode61 tokenizer, PostgreSQL's `[^[:alnum:]]+` split), so that the words
 * marked in a snippet are the words the index matched.
 */
export const WORD = /[\p{L}\p{N}]+/gu;

export type SearchText = { mode: "words"; text: string; words: string[] } | { mode: "exact"; text: string };

/** Checks a query and returns what the index is asked for: distinct case-folded words, or the exact text. */
export function parseSearchText(text: unknown, mode: SearchMode): SearchText {
  if (typeof text !== "string" || text.length === 0) throw invalidRequest("q: the text to search for is required.");
  if (!text.isWellFormed()) throw invalidRequest("q: must be valid Unicode text (it has an unpaired surrogate).");
  if (text.includes("\u0000")) throw invalidRequest("q: must not contain NUL (U+0000) characters.");
  const chars = [...text].length;
  if (chars > SEARCH_LIMITS.maxChars) throw invalidRequest(`q: must be at most ${SEARCH_LIMITS.maxChars} characters.`);
  if (mode === "exact") {
    if (chars < SEARCH_LIMITS.exactMinChars) {
      throw invalidRequest(`q: exact text must be at least ${SEARCH_LIMITS.exactMinChars} characters (the index is built of 3-character pieces).`);
    }
    return { mode, text };
  }
  const words = [...new Set((text.match(WORD) ?? []).map((w) => w.toLowerCase()))];
  if (words.length === 0) throw invalidRequest("q: has no words to search for (letters or digits); use mode=exact to find punctuation.");
  if (words.length > SEARCH_LIMITS.maxWords) throw invalidRequest(`q: must have at most ${SEARCH_LIMITS.maxWords} distinct words.`);
  return { mode, text, words };
}
