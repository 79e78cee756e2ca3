import { lintSource } from "@secretlint/core";
import { creator as recommended } from "@secretlint/secretlint-rule-preset-recommend";
import { FINDINGS_PER_CLASS, linesOf, matchOffsets, type Finding } from "./findings.ts";

/**
 * Secrets: secretlint's recommended preset (cloud keys; Anthropic, OpenAI, GitHub, Slack and
 * other service tokens; private keys; passwords in URLs and connection strings), plus JSON Web
 * Tokens, which the preset leaves out. Measured linear: 100 kB of text in 1–10 ms whatever it
 * holds (test/domain/write-policies.test.ts keeps the hostile shapes).
 */
const CONFIG = { rules: [{ id: recommended.meta.id, rule: recommended }] };

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

export async function detectSecrets(content: string): Promise<Finding[]> {
  if (!mayHoldSecret(content)) return [];
  const result = await lintSource({
    source: { filePath: "/memory.md", content, ext: ".md", contentType: "text" },
    options: { config: CONFIG, maskSecrets: true },
  });
  const messages = result.messages.slice(0, FINDINGS_PER_CLASS);
  const jwts = matchOffsets(content, JWT, isJwtHeader);
  const lines = linesOf(content, [...messages.map((m) => m.range[0]), ...jwts]);
  const findings: Finding[] = messages.map((m, i) => ({
    class: "secrets",
    rule: ruleName(m.ruleId),
    description: describe(m.message, ruleName(m.ruleId)),
    line: lines[i]!,
  }));
  jwts.forEach((_, i) => findings.push({ class: "secrets", rule: "jwt", description: "JSON Web Token", line: lines[messages.length + i]! }));
  return findings.slice(0, FINDINGS_PER_CLASS);
}
