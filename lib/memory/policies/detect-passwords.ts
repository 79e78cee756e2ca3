import { isPlaceholder } from "./redaction-placeholders.ts";

/**
 * Passwords written as passwords, which secretlint's preset leaves out (it knows tokens by their
 * shape, and passwords only inside URLs): an SQL statement's `PASSWORD '…'` / `IDENTIFIED BY
 * '…'`, and a password-named key given a value in a connection string, an .env line, a config
 * file or code (`Password=…;`, `DB_PASSWORD=…`, `"password": "…"`, `password: …`). A value that
 * is a placeholder, a reference or an expression (redaction-placeholders.ts) is not a password.
 *
 * Every pattern starts at a literal word and has bounded repetitions, so a scan is linear.
 * Returns offsets only: a finding names the rule and line, never the value.
 */
export interface PasswordMatch {
  rule: "sql-password" | "password-assignment";
  offset: number;
}

const VALUE = String.raw`(['"])([^'"\n]{0,256})\1`;
/** CREATE/ALTER USER|ROLE … [ENCRYPTED] PASSWORD '…'; IDENTIFIED [WITH plugin] BY '…'; SET PASSWORD [FOR …] = [PASSWORD(]'…'. */
const SQL = [
  new RegExp(String.raw`\b(?:USER|ROLE|LOGIN)\b[^\n;]{0,200}?\bPASSWORD\s{1,5}${VALUE}`, "gi"),
  new RegExp(String.raw`\bIDENTIFIED(?:\s{1,5}WITH\s{1,5}[\w$]{1,64})?\s{1,5}BY(?:\s{1,5}PASSWORD)?\s{0,5}${VALUE}`, "gi"),
  new RegExp(String.raw`\bSET\s{1,5}PASSWORD\b[^=\n;]{0,200}=\s{0,5}(?:PASSWORD\s{0,3}\(\s{0,3})?${VALUE}`, "gi"),
];

/**
 * A password-named key, maybe quoted or bold, then `=`, `:=` or `:` (not `==`, `=>`), then a
 * quoted value (group 3) or an unquoted one up to a space, quote, `;`, `,` or `&` (group 4).
 */
const ASSIGNMENT = /(password|passwd|passphrase|pwd|pass)["'`*]{0,2}\s{0,4}(:=|=|:)(?![=>])\s{0,4}(?:["'`]([^"'`\n]{0,256})["'`]|([^\s"'`;,&]{1,256}))/gi;

/** A password shorter than this is not told apart from ordinary words (`pass: 1`, `pwd=/`). */
const MIN_LENGTH = 4;

/**
 * The key ends at the keyword and starts a word there: after a non-letter (`DB_PASSWORD`,
 * `--password`), a lower-case letter or digit before a capital (`dbPassword`), or in an
 * all-capitals name (`PGPASSWORD`); not inside a word (`bypass`, `compass`).
 */
function keyStartsWord(text: string, m: RegExpExecArray): boolean {
  const prev = text[m.index - 1];
  if (prev === undefined || !/[A-Za-z0-9]/.test(prev)) return true;
  const keyword = m[1]!;
  if (/[a-z0-9]/.test(prev) && keyword[0] === "P") return true;
  return /[A-Z0-9]/.test(prev) && keyword === keyword.toUpperCase();
}

/** `password: x` counts only when x is quoted or the whole rest of the line ("Password: stored in the vault" is prose). */
function colonValueEndsLine(text: string, m: RegExpExecArray): boolean {
  if (m[2] !== ":" || m[3] !== undefined) return true;
  const end = m.index + m[0].length;
  const lineEnd = text.indexOf("\n", end);
  return /^[\s,;]*(?:#.*)?$/.test(text.slice(end, lineEnd === -1 ? undefined : Math.min(lineEnd, end + 512)));
}

function isPassword(value: string): boolean {
  const v = value.trim();
  return v.length >= MIN_LENGTH && !isPlaceholder(v) && !/^(?:~?\/|\.\.?\/)/.test(v);
}

export function findPasswords(text: string): PasswordMatch[] {
  const found: PasswordMatch[] = [];
  for (const pattern of SQL) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) if (isPassword(m[2]!)) found.push({ rule: "sql-password", offset: m.index });
  }
  ASSIGNMENT.lastIndex = 0;
  for (let m = ASSIGNMENT.exec(text); m !== null; m = ASSIGNMENT.exec(text)) {
    if (keyStartsWord(text, m) && colonValueEndsLine(text, m) && isPassword(m[3] ?? m[4]!)) found.push({ rule: "password-assignment", offset: m.index });
  }
  return found.sort((a, b) => a.offset - b.offset);
}
