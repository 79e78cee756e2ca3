import { createHmac, randomBytes } from "node:crypto";
import { invalidRequest } from "../errors.ts";

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com), what the official SDK's
 * `client.beta.webhooks.unwrap()` verifies (through the `standardwebhooks` package): the
 * secret is `whsec_` + base64 of 24–64 random bytes; the signature header is
 * `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">` under the decoded key.
 */
const PREFIX = "whsec_";

export function newWebhookSecret(): string {
  return PREFIX + randomBytes(32).toString("base64");
}

/** A secret supplied by an admin: `whsec_` + base64 of 24 to 64 bytes (what the SDK's verifier decodes). */
export function checkWebhookSecret(secret: string): string {
  const body = secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : "";
  const bytes = /^[A-Za-z0-9+/]+={0,2}$/.test(body) && body.length % 4 === 0 ? Buffer.from(body, "base64") : Buffer.alloc(0);
  if (bytes.length < 24 || bytes.length > 64) throw invalidRequest("secret: must be whsec_ followed by the base64 of 24 to 64 random bytes.");
  return secret;
}

export function signWebhook(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(PREFIX.length), "base64");
  return "v1," + createHmac("sha256", key).update(`${messageId}.${timestampSeconds}.${body}`).digest("base64");
}
