import { invalidRequest } from "../memory/errors.ts";
import { MAX_PASSWORD_LENGTH } from "./passwords.ts";
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH } from "./users.ts";

/**
 * Size caps for the unauthenticated endpoints that take credentials (/api/auth/*, /api/setup),
 * applied before anything is hashed: a huge body (lib/http/body.ts readBodyText) or a megabyte
 * "password" is refused before next-auth or scrypt sees it. 16 KiB holds the longest valid form (a
 * 1,024-character password of 4-byte characters is 12 KiB once percent-encoded).
 */
export const AUTH_BODY_LIMIT = 16 * 1024;
const FIELD_LIMITS: Record<string, number> = { email: MAX_EMAIL_LENGTH, password: MAX_PASSWORD_LENGTH, name: MAX_NAME_LENGTH };

/** Refuses (400) an email, password or name field longer than its cap. */
export function checkCredentialFields(fields: Record<string, unknown>) {
  for (const [field, max] of Object.entries(FIELD_LIMITS)) {
    const value = fields[field];
    if (typeof value === "string" && value.length > max) throw invalidRequest(`${field}: must be at most ${max} characters long.`);
  }
}

/** The fields of a form or JSON body as next-auth will read them. */
export function credentialFields(text: string, contentType: string | null): Record<string, unknown> {
  if (contentType?.includes("application/json")) {
    try {
      const parsed: unknown = JSON.parse(text || "{}");
      return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
    } catch {
      throw invalidRequest("Request body is not valid JSON.");
    }
  }
  return Object.fromEntries(new URLSearchParams(text));
}
