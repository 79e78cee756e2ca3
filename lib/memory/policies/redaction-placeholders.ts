/**
 * Values that stand where a secret was or would go, and are not one: what a reviewer writes when
 * they redact (`<redacted>`, `***`, `[REDACTED]`), what documentation writes for the reader to
 * fill in (`your-password`, `{{DB_PASSWORD}}`, `...`), and references that name a secret kept
 * elsewhere (`${DB_PASSWORD}`, `%PGPASS%`, `config.db.password`). A memory that holds one of
 * these has had its secret taken out, or never had it: holding it for review again would undo the
 * reviewer's fix (issue 42). Judged on the value alone (at most 256 characters), in constant work.
 */
const MASK = /^[*•·xX#._-]+$/;
/** A placeholder in brackets or a template (`<redacted>`, `[REDACTED]`, `{{x}}`, `(hidden)`), or text elided with dots. */
const BRACKETED = /^(?:<[^<>]*>|\[[^[\]]*\]|\{+[^{}]*\}+|\([^()]*\))$|(?:\.\.\.|…)$/;
/**
 * A reference to where the secret is kept, or code that computes it: $VAR, ${VAR}, $(command),
 * %VAR%, an environment lookup, settings.db.password, getpass(), os.environ[…].
 */
const REFERENCE = /^(?:\$[A-Za-z_{(]|%[A-Za-z_]\w*%$)|^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$|^[A-Za-z_$][\w$.]*[([]/;
/** Words that describe the value instead of being it: `secure_password`, `YourWiFiPassword`, `change-me`, `passwordSchema`. */
const DESCRIPTIVE =
  /^[A-Za-z_-]*(?:pass(?:word|wd|phrase)?|pwd|secret|redacted|placeholder)[A-Za-z_-]*$|^(?:your|my|some|example|sample|dummy|fake|change|replace|insert|enter)[A-Za-z_-]*$/i;
const WORDS = new Set(
  "hidden removed masked omitted censored elided sensitive none null nil undefined true false empty string str text bytes required optional todo tbd na n/a changeme".split(
    " ",
  ),
);

export function isPlaceholder(value: string): boolean {
  const v = value.trim();
  return v.length === 0 || MASK.test(v) || BRACKETED.test(v) || REFERENCE.test(v) || DESCRIPTIVE.test(v) || WORDS.has(v.toLowerCase());
}

/** The password of a URL's user information (`scheme://user:password@host`), or null when it has none. */
export function urlPassword(url: string): string | null {
  const m = /^[A-Za-z][\w+.-]{0,30}:\/\/[^\s:/@]{0,256}:([^\s@/]{0,256})@/.exec(url);
  return m ? m[1]! : null;
}
