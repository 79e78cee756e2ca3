/**
 * Invisible characters that can hide text from the person reading a memory while the model still
 * reads it: Unicode tag characters (the "ASCII smuggling" block, U+E0000–E007F), zero-width
 * characters, invisible operators, bidirectional embeddings, overrides and isolates (Trojan
 * Source), a byte order mark past the start, and runs of variation selectors (bytes hidden one
 * per selector behind a single emoji).
 *
 * Several of them also have ordinary jobs, which are not flagged:
 * - a zero-width joiner inside an emoji ZWJ sequence (👩‍💻, 👨‍👩‍👧; UTS #51 emoji_zwj_sequence:
 *   emoji, optionally with a skin tone or VS16, joined to the next emoji);
 * - tag characters that spell a subdivision flag after 🏴 and end with CANCEL TAG (🏴󠁧󠁢󠁥󠁮󠁧󠁿
 *   England: UTS #51 emoji_tag_sequence, a two-letter region and one to four letters or digits),
 *   so at most six hidden letters, all lowercase: nothing an instruction fits in;
 * - a zero-width joiner or non-joiner between letters of the scripts whose spelling uses them
 *   (Persian می‌خواهم, Devanagari half forms);
 * - a byte order mark at the very start.
 * Variation selectors one at a time (❤️, 葛󠄀) are ordinary and never matched.
 *
 * One pass of one regular expression, each candidate judged by looking at most a few code units
 * either side: linear in the content.
 */
const CANDIDATE = /[\u200B-\u200D\u2060\u2062-\u2064\u202A-\u202E\u2066-\u2069\uFEFF]|[\u{E0000}-\u{E007F}]+|[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]{3,}/gu;

const ZWNJ = "\u200C";
const ZWJ = "\u200D";
const BLACK_FLAG = "\u{1F3F4}";

/** The end of an emoji ZWJ element: a pictograph, or one followed by a skin tone or VS16. */
const EMOJI_ELEMENT_END = /(?:\p{Extended_Pictographic}[\u{1F3FB}-\u{1F3FF}]?\uFE0F?)$/u;
const EMOJI_ELEMENT_START = /^\p{Extended_Pictographic}/u;

/** Scripts whose spelling puts ZWJ / ZWNJ between letters (Arabic-script languages, the Brahmic scripts). */
const JOINING_SCRIPT =
  /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Devanagari}\p{Script=Bengali}\p{Script=Gurmukhi}\p{Script=Gujarati}\p{Script=Oriya}\p{Script=Tamil}\p{Script=Telugu}\p{Script=Kannada}\p{Script=Malayalam}\p{Script=Sinhala}]/u;
const joiningScriptEnd = new RegExp(`${JOINING_SCRIPT.source}$`, "u");
const joiningScriptStart = new RegExp(`^${JOINING_SCRIPT.source}`, "u");

/** Tag characters of a subdivision flag: region (2 letters), subdivision (1–4 letters or digits), CANCEL TAG. */
const FLAG_TAGS = /^[\u{E0061}-\u{E007A}]{2}[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]{1,4}\u{E007F}$/u;

/** Four UTF-16 code units either side hold any one code point with a skin tone and VS16. */
const before = (text: string, at: number) => text.slice(Math.max(0, at - 5), at);
const after = (text: string, at: number) => text.slice(at, at + 2);

function ordinary(text: string, match: RegExpExecArray): boolean {
  const [found] = match;
  const at = match.index;
  if (found === "\uFEFF") return at === 0;
  if (found === ZWJ && EMOJI_ELEMENT_END.test(before(text, at)) && EMOJI_ELEMENT_START.test(after(text, at + 1))) return true;
  if ((found === ZWJ || found === ZWNJ) && joiningScriptEnd.test(before(text, at)) && joiningScriptStart.test(after(text, at + 1))) return true;
  if (found.codePointAt(0)! >= 0xe0000 && found.codePointAt(0)! <= 0xe007f) return text.slice(Math.max(0, at - 2), at) === BLACK_FLAG && FLAG_TAGS.test(found);
  return false;
}

/** The offset of the first invisible character that is not doing an ordinary job, or -1. */
export function firstHiddenCharacter(text: string): number {
  CANDIDATE.lastIndex = 0;
  for (let m = CANDIDATE.exec(text); m !== null; m = CANDIDATE.exec(text)) {
    if (!ordinary(text, m)) return m.index;
  }
  return -1;
}
