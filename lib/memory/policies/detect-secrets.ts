import { lintSource } from "@secretlint/core";
import { secretLintProfiler } from "@secretlint/profiler";
import { creator as recommended } from "@secretlint/secretlint-rule-preset-recommend";
import { findPasswords } from "./detect-passwords.ts";
import { FINDINGS_PER_CLASS, linesOf, matchOffsets, type Finding } from "./findings.ts";
import { isPlaceholder, urlPassword } from "./redaction-placeholders.ts";

/**
 * Secrets: secretlint's recommended preset (cloud keys; Anthropic, OpenAI, GitHub, Slack and
 * other service tokens; private keys; passwords in URLs and connection strings), plus JSON Web
 * Tokens and passwords written as such (SQL, `password=` in connection strings and .env lines:
 * detect-passwords.ts), which the preset leaves out. A URL whose password is a redaction
 * placeholder (`postgresql://user:<redacted>@host`) is not a secret. Measured linear: 100 kB of
 * text in 1–10 ms whatever it holds (test/unit/write-policy-detectors.test.ts keeps the hostile
 * shapes; test/unit/detector-corpus.test.ts measures precision and recall).
 */
/**
 * The preset's rules without its comment filter: `<!-- secretlint-disable -->` in a memory would
 * otherwise switch the scan off for everything after it, and whoever writes the memory writes
 * the comment. (Marking the rule `disabled` inside the preset's config does not stop it in
 * @secretlint/core 12, so the rules are registered one by one, as the preset itself does.)
 */
const COMMENT_FILTER = "@secretlint/secretlint-rule-filter-comments";
const CONFIG = { rules: recommended.rules.filter((rule) => rule.meta.id !== COMMENT_FILTER).map((rule) => ({ id: rule.meta.id, rule })) };

/**
 * secretlint's profiler (one per process) writes ~100 performance marks per lint into Node's
 * timeline and keeps every one in an array it searches on each new mark: a server that scans
 * every write slowed quadratically and grew without bound (an import of 2,000 files took 118 s
 * against 5.4 s for 500; 30,000 marks after 300 scans). Nothing here reads its timings.
 */
secretLintProfiler.mark = () => {};

/** "found GitHub Token(****): ****" → "GitHub Token": the rule's words, never the masked match. */
function describe(message: string, ruleId: string): string {
  const words = message
    .replace(/^found\s+/i, "")
    .split(/[(:]/)[0]!
    .trim();
  return words.length > 0 && !words.includes("*") ? words : ruleId;
}

const ruleName = (ruleId: string) => ruleId.replace(/^@secretlint\/secretlint-rule-/, "");

/** header.payload.signature, where header and payload are base64url of JSON objects ("eyJ" is `{"`). */
const JWT = /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{8,4096}\.eyJ[A-Za-z0-9_-]{8,8192}\.[A-Za-z0-9_-]{16,4096}/g;

function isJwtHeader(match: RegExpExecArray): boolean {
  try {
    const header = JSON.parse(Buffer.from(match[0].split(".")[0]!, "base64url").toString("utf8")) as unknown;
    return typeof header === "object" && header !== null && "alg" in header;
  } catch {
    return false;
  }
}

/**
 * Every credential the preset and the JWT rule find holds a run of at least 16 token characters,
 * a URL with a scheme, or a PEM block: text with none of them cannot hold one, and skips
 * secretlint's fixed cost per call (~0.1 ms, most of a short note's scan; the bench's
 * guarded_write_cost). test/unit/write-policy-detectors.test.ts runs every fake both ways.
 */
const MAY_HOLD_SECRET = /[A-Za-z0-9_+/=.-]{16}|:\/\/|-----BEGIN/;

export const mayHoldSecret = (content: string) => MAY_HOLD_SECRET.test(content);

/** A secretlint match whose URL password is a placeholder: what a reviewer's redaction leaves. */
function redacted(content: string, range: readonly [number, number]): boolean {
  const password = urlPassword(content.slice(range[0], range[1]));
  return password !== null && isPlaceholder(password);
}

async function secretlintFindings(content: string): Promise<{ rule: string; description: string; offset: number }[]> {
  if (!mayHoldSecret(content)) return [];
  const result = await lintSource({
    source: { filePath: "/memory.md", content, ext: ".md", contentType: "text" },
    options: { config: CONFIG, maskSecrets: true },
  });
  return result.messages
    .filter((m) => !redacted(content, m.range))
    .map((m) => ({ rule: ruleName(m.ruleId), description: describe(m.message, ruleName(m.ruleId)), offset: m.range[0] }));
}

const PASSWORD_RULES = {
  "sql-password": "a password in an SQL statement",
  "password-assignment": "a password given to a password key (connection string, .env line, configuration)",
} as const;

export async function detectSecrets(content: string): Promise<Finding[]> {
  const found = (await secretlintFindings(content)).slice(0, FINDINGS_PER_CLASS);
  for (const offset of matchOffsets(content, JWT, isJwtHeader)) found.push({ rule: "jwt", description: "JSON Web Token", offset });
  const passwords = findPasswords(content).map((p) => ({ rule: p.rule, description: PASSWORD_RULES[p.rule], offset: p.offset }));
  const lines = linesOf(
    content,
    [...found, ...passwords].map((f) => f.offset),
  );
  const findings: Finding[] = found.map((f, i) => ({ class: "secrets", rule: f.rule, description: f.description, line: lines[i]! }));
  // A password on a line another rule already reported (the same URL, an SQL line) adds nothing.
  const reported = new Set(findings.map((f) => f.line));
  passwords.forEach((p, i) => {
    const line = lines[found.length + i]!;
    if (!reported.has(line)) findings.push({ class: "secrets", rule: p.rule, description: p.description, line });
    reported.add(line);
  });
  return findings.sort((a, b) => a.line - b.line).slice(0, FINDINGS_PER_CLASS);
}
