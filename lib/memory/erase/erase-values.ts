/**
 * What one erase is asked to erase: one text (the form erases have always taken), or several
 * values picked from a pattern's matches (lib/memory/erase/find-matches.ts). Only hashes are
 * kept: the text's SHA-256, or each value's SHA-256 sorted and the SHA-256 of their JSON array,
 * which binds the dry run to exactly the picked set.
 */
import { invalidRequest } from "../errors.ts";
import { sha256Hex } from "../hashing.ts";
import type { SearchText } from "../search/search-text.ts";
import { parseEraseText } from "./erase-text.ts";
import { PATTERN_TYPES, type PatternType } from "./erasure-rows.ts";

export type EraseText = SearchText & { mode: "exact" };

/** At most this many values in one erase (each is one exact-text search at the dry run and after). */
export const MAX_ERASE_VALUES = 100;

export interface EraseValues {
  texts: EraseText[];
  /** Null for the one-text form. */
  valueSha256s: string[] | null;
  querySha256: string;
}

/** The one-text form (`query`) or the values form (`values`): exactly one of them. */
export function parseEraseValues(query: unknown, values: unknown): EraseValues {
  if (values == null) {
    if (query == null) throw invalidRequest("query: the text to erase is required (or values: several texts).");
    const text = parseEraseText(query);
    return { texts: [text], valueSha256s: null, querySha256: sha256Hex(text.text) };
  }
  if (query != null) throw invalidRequest("query: send either query (one text) or values (several), not both.");
  if (!Array.isArray(values) || values.length === 0) throw invalidRequest("values: must be a non-empty array of texts.");
  if (values.length > MAX_ERASE_VALUES) throw invalidRequest(`values: at most ${MAX_ERASE_VALUES} values in one erase.`);
  const texts: EraseText[] = [];
  const folded = new Set<string>();
  values.forEach((value, i) => {
    let text: EraseText;
    try {
      text = parseEraseText(value);
    } catch (error) {
      throw invalidRequest(`values[${i}]: ${(error as Error).message.replace(/^q: /, "")}`);
    }
    // The erase ignores case: one value per case-folded text.
    const key = text.text.toLowerCase();
    if (!folded.has(key)) texts.push(text);
    folded.add(key);
  });
  const valueSha256s = texts.map((t) => sha256Hex(t.text)).sort();
  return { texts, valueSha256s, querySha256: sha256Hex(JSON.stringify(valueSha256s)) };
}

export function parsePatternType(value: unknown): PatternType | null {
  if (value == null) return null;
  if (!PATTERN_TYPES.includes(value as PatternType)) throw invalidRequest(`pattern_type: must be one of ${PATTERN_TYPES.join(", ")}.`);
  return value as PatternType;
}
