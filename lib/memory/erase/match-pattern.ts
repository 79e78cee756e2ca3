/**
 * The patterns a pattern erase looks for (lib/memory/erase/find-matches.ts), each a generator of
 * the values it finds in a text: e-mail addresses and phone numbers (the write policy's PII
 * detectors), a list of literal texts (ignoring case, as an erase does), or a regular
 * expression run by re2js, a port of RE2: linear in the text whatever the pattern, never
 * JavaScript's backtracking RegExp on a pattern someone typed.
 *
 * Linear is not enough on its own: re2js's cost is the text's length times the pattern's
 * program size, with a large constant when it must find where a match is (its NFA), and a
 * one-off cost per new DFA state when it only asks whether there is one. Measured on 100 kB of
 * `a`: `[a-j]{0,400}[a-j]{0,400}[QZ]` (1,603 instructions) took 3.4 s per 10 kB in one
 * synchronous call; `(?:a?){40}a{40}[bc]` ~180 ms per 1,256-character window with bounds, 37 ms
 * without. So the program is capped (MAX_REGEX_PROGRAM), and the text is searched a window at a
 * time: first whether the window holds a match (the DFA: ~0.1 ms per window once warm), and
 * only then where (RE2 matching within [pos, end) with the text before pos as context, so `\b`,
 * `^` and look-behind still see it). A window is sized to the program (WINDOW_WORK
 * instruction-characters), and the caller yields to the event loop between steps and stops at
 * its deadline. Measured on 100 kB of `a` (2 cores at load ~20): 0.15–0.4 s per hostile
 * pattern in all, the longest single step 40–170 ms (the first ones, while the DFA is built). A match is at most MAX_MATCH_CHARS long (longer
 * ones are skipped: a window cannot hold them; `$` also matches at a window's end, and such a
 * match is skipped the same way).
 */
import { RE2JS } from "re2js";
import { invalidRequest } from "../errors.ts";
import { piiValues } from "../policies/detect-pii.ts";
import { SEARCH_LIMITS } from "../search/search-text.ts";
import { exactMatches } from "../search/text-matches.ts";
import { parseEraseText } from "./erase-text.ts";
import type { PatternType } from "./erasure-rows.ts";

/** A value found is at most this long: an erase's exact text, and what a window holds past its start. */
const MAX_MATCH_CHARS = 128;
const MAX_REGEX_CHARS = 1000;
/** RE2's program size (its own measure of a pattern's cost) above which a regex is refused. */
export const MAX_REGEX_PROGRAM = 500;
/** Instruction-characters per window (program size × window length), and the window's bounds in characters. */
const WINDOW_WORK = 20_000;
const WINDOW_CHARS = { min: 64, max: 1024 };
const MAX_LITERALS = 100;

/** What a scan gets from a text: a value found, or `null` (a step done: time to check the clock). */
type PatternStep = string | null;

export interface Pattern {
  type: PatternType;
  values(text: string): Generator<PatternStep>;
}

type PatternInput = { type?: unknown; values?: unknown; regex?: unknown };

/** The pattern of a request: `{type: "email"}`, `{type: "phone"}`, `{type: "literal", values: [...]}` or `{type: "regex", regex: "..."}`. */
export function parsePattern(input: unknown): Pattern {
  if (input === null || typeof input !== "object" || Array.isArray(input)) throw invalidRequest("pattern: must be an object with a type.");
  const { type, values, regex } = input as PatternInput;
  if (type === "email" || type === "phone") {
    return {
      type,
      *values(text) {
        for (const value of piiValues(text, type)) yield value;
      },
    };
  }
  if (type === "literal") return literalPattern(values);
  if (type === "regex") return regexPattern(regex);
  throw invalidRequest("pattern.type: must be one of email, phone, literal, regex.");
}

function literalPattern(values: unknown): Pattern {
  if (!Array.isArray(values) || values.length === 0) throw invalidRequest("pattern.values: must be a non-empty array of texts.");
  if (values.length > MAX_LITERALS) throw invalidRequest(`pattern.values: at most ${MAX_LITERALS} texts.`);
  const literals = values.map((value, i) => {
    let text: string;
    try {
      text = parseEraseText(value).text;
    } catch (error) {
      throw invalidRequest(`pattern.values[${i}]: ${(error as Error).message.replace(/^q: /, "")}`);
    }
    if ([...text].length > MAX_MATCH_CHARS) throw invalidRequest(`pattern.values[${i}]: must be at most ${MAX_MATCH_CHARS} characters.`);
    return text;
  });
  return {
    type: "literal",
    *values(text) {
      for (const literal of literals) {
        for (const [start, end] of exactMatches(text, literal)) yield text.slice(start, end);
        yield null;
      }
    },
  };
}

function regexPattern(source: unknown): Pattern {
  if (typeof source !== "string" || source.length === 0) throw invalidRequest("pattern.regex: the regular expression is required.");
  if (source.length > MAX_REGEX_CHARS) throw invalidRequest(`pattern.regex: must be at most ${MAX_REGEX_CHARS} characters.`);
  let compiled: RE2JS;
  try {
    compiled = RE2JS.compile(source);
  } catch (error) {
    throw invalidRequest(`pattern.regex: is not a regular expression RE2 accepts: ${(error as Error).message}`);
  }
  const size = compiled.programSize();
  if (size > MAX_REGEX_PROGRAM) {
    throw invalidRequest(
      `pattern.regex: is too costly to run (program size ${size}, at most ${MAX_REGEX_PROGRAM}); use fewer or smaller counted repetitions such as {1,64}.`,
    );
  }
  const window = Math.min(WINDOW_CHARS.max, Math.max(WINDOW_CHARS.min, Math.floor(WINDOW_WORK / size)));
  const re2 = compiled.re2() as unknown as {
    matchWithGroup(text: string, start: number, end: number, anchor: number, groups: number): [boolean, number[] | null];
  };
  return {
    type: "regex",
    *values(text) {
      let pos = 0;
      while (pos <= text.length) {
        // A match starting in [pos, pos + window) fits in [pos, end) if it is at most MAX_MATCH_CHARS long.
        const end = Math.min(text.length, pos + window + MAX_MATCH_CHARS);
        const [any] = re2.matchWithGroup(text, pos, end, 0, 0);
        yield null;
        const [found, groups] = any ? re2.matchWithGroup(text, pos, end, 0, 1) : [false, null];
        if (any) yield null;
        if (!found || !groups) {
          if (end === text.length) return;
          pos += window;
          continue;
        }
        const [start, stop] = groups as [number, number];
        if (start >= pos + window && end < text.length) {
          pos = start; // the next window starts at it
          continue;
        }
        if (stop === end && end < text.length) {
          pos = end; // cut by the window: longer than a value may be
          continue;
        }
        if (stop > start) yield text.slice(start, stop);
        pos = stop > start ? stop : start + (text.codePointAt(start)! > 0xffff ? 2 : 1);
      }
    },
  };
}

/** Whether a value found can be erased as exact text (3 to MAX_MATCH_CHARS characters of valid text). */
export function erasableValue(value: string): boolean {
  const chars = [...value].length;
  return chars >= SEARCH_LIMITS.exactMinChars && chars <= MAX_MATCH_CHARS && value.isWellFormed() && !value.includes("\u0000");
}
