import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { FINDINGS_PER_CLASS, linesOf, matchOffsets, type Finding } from "./findings.ts";

/**
 * Personal data: e-mail addresses, phone numbers and payment card numbers. The patterns only
 * propose candidates, and each starts at a word boundary with bounded repetitions, so a scan is
 * linear in the content; libphonenumber-js decides whether a candidate is a real number (its
 * own text search is ~100 ms per 100 kB, too slow for the write path) and Luhn's checksum
 * whether a digit run is a card number.
 */
const EMAIL = /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}\.[A-Za-z]{2,24}(?![A-Za-z0-9-])/g;

/** International (+44 20 7946 0958) or North American ((415) 555-2671, 415-555-2671) shapes. */
const PHONE =
  /(?<![\w+])(?:\+\d{1,3}[ .-]?(?:\(\d{1,4}\)[ .-]?)?\d{1,4}(?:[ .-]?\d{2,4}){1,4}|\(\d{3}\)[ .-]?\d{3}[ .-]\d{4}|\d{3}[.-]\d{3}[.-]\d{4})(?![\w-])/g;

/** 13 to 19 digits, optionally in groups split by spaces or dashes. */
const CARD = /(?<![\d-])\d(?:[ -]?\d){12,18}(?![\d-])/g;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

const isCard = (m: RegExpExecArray) => {
  const digits = m[0].replace(/[ -]/g, "");
  return !/^(\d)\1+$/.test(digits) && luhn(digits);
};

const isPhone = (m: RegExpExecArray) => parsePhoneNumberFromString(m[0], "US")?.isValid() === true;

/**
 * Addresses at the domains reserved for documentation (RFC 2606, RFC 6761: example.com/.net/.org
 * and the .example, .test, .invalid and .localhost names) belong to nobody; `git@host:owner/repo`
 * is an SSH remote and `scheme://user:password@host` a URL's user information, not addresses.
 * None is personal data to hold a write for. Pattern erase (piiValues) still matches them all:
 * there an admin picks the values.
 */
const RESERVED_DOMAIN = /@(?:[A-Za-z0-9-]{1,63}\.){0,8}(?:example\.(?:com|net|org)|example|test|invalid|localhost)$/i;

/** Whether the candidate at `at` sits in a URL's authority: "://" before it with no space, `@` or `/` between. */
function inUrlAuthority(text: string, at: number): boolean {
  const before = text.slice(Math.max(0, at - 300), at);
  const scheme = before.lastIndexOf("://");
  return scheme > 0 && !/[\s@/]/.test(before.slice(scheme + 3));
}

const isPersonalEmail = (m: RegExpExecArray) =>
  !RESERVED_DOMAIN.test(m[0]) && !/^:\S/.test(m.input.slice(m.index + m[0].length, m.index + m[0].length + 2)) && !inUrlAuthority(m.input, m.index);

export function detectPii(content: string): Finding[] {
  const found: Omit<Finding, "line">[] = [];
  const offsets: number[] = [];
  const add = (rule: string, description: string, at: number[]) => {
    for (const offset of at) {
      found.push({ class: "pii", rule, description });
      offsets.push(offset);
    }
  };
  add("email", "e-mail address", matchOffsets(content, EMAIL, isPersonalEmail));
  add("phone", "phone number", matchOffsets(content, PHONE, isPhone));
  add("card", "payment card number", matchOffsets(content, CARD, isCard));
  const lines = linesOf(content, offsets);
  return found.map((f, i) => ({ ...f, line: lines[i]! })).slice(0, FINDINGS_PER_CLASS);
}

/**
 * The e-mail addresses or phone numbers of a text as written, in order (pattern erase:
 * lib/memory/erase/match-pattern.ts): the same candidates and checks as the write policy's.
 */
export function* piiValues(content: string, rule: "email" | "phone"): Generator<string> {
  const pattern = new RegExp(rule === "email" ? EMAIL : PHONE);
  for (let m = pattern.exec(content); m !== null; m = pattern.exec(content)) {
    if (rule === "email" || isPhone(m)) yield m[0];
    if (m[0].length === 0) pattern.lastIndex++;
  }
}
