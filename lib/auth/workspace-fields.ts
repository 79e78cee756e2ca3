import { invalidRequest } from "../memory/errors.ts";
import { LIMITS } from "../memory/limits.ts";

/**
 * The rules of a workspace's own fields. Name: 1 to 40 characters, as the hosted Console allows,
 * no control characters. Colour: `#rrggbb`. Tags: string pairs under the same limits as a
 * store's metadata, keys not beginning with `anthropic` (the SDK's rule).
 */
export const WORKSPACE_NAME_MAX = 40;
const CONTROL = /\p{Cc}/u;
const COLOR = /^#[0-9a-fA-F]{6}$/;
const chars = (s: string) => [...s].length;

export function validateWorkspaceName(name: unknown): string {
  const trimmed = typeof name === "string" ? name.trim() : "";
  if (chars(trimmed) < 1 || chars(trimmed) > WORKSPACE_NAME_MAX) throw invalidRequest(`name: must be 1 to ${WORKSPACE_NAME_MAX} characters long.`);
  if (CONTROL.test(trimmed) || !trimmed.isWellFormed()) throw invalidRequest("name: must be text without control characters.");
  return trimmed;
}

export function validateDisplayColor(color: unknown): string {
  if (typeof color !== "string" || !COLOR.test(color)) throw invalidRequest('display_color: must be a hex colour "#rrggbb".');
  return color.toLowerCase();
}

function validateTag(key: string, value: unknown) {
  if (chars(key) < 1 || chars(key) > LIMITS.metadataKeyChars) throw invalidRequest(`tags: keys must be 1 to ${LIMITS.metadataKeyChars} characters long.`);
  if (key.toLowerCase().startsWith("anthropic")) throw invalidRequest(`tags.${key.slice(0, 80)}: keys may not begin with "anthropic".`);
  if (typeof value !== "string") throw invalidRequest(`tags.${key.slice(0, 80)}: must be a string.`);
  if (chars(value) > LIMITS.metadataValueChars) throw invalidRequest(`tags.${key.slice(0, 80)}: must be at most ${LIMITS.metadataValueChars} characters long.`);
  if ((key + value).includes("\u0000") || !key.isWellFormed() || !value.isWellFormed())
    throw invalidRequest(`tags.${key.slice(0, 80)}: must be valid text without NUL characters.`);
}

/** Update semantics, as for store metadata: keys left out keep their value, a string replaces, null removes. */
export function mergeTags(current: Record<string, string>, changes: unknown): Record<string, string> {
  if (typeof changes !== "object" || changes === null || Array.isArray(changes)) throw invalidRequest("tags: must be an object of string values.");
  const merged = new Map(Object.entries(current));
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) merged.delete(key);
    else {
      validateTag(key, value);
      merged.set(key, value as string);
    }
  }
  if (merged.size > LIMITS.metadataPairs) throw invalidRequest(`tags: a workspace holds at most ${LIMITS.metadataPairs} tags.`);
  return Object.fromEntries(merged);
}

/**
 * What this server has no counterpart for is refused, never silently dropped: encryption keys and
 * user profiles (always null here), and data residency other than the SDK's defaults (fixed).
 */
export function assertFixedWorkspaceFields(body: { data_residency?: unknown; external_key_id?: unknown; user_profile_id?: unknown }) {
  if (body.external_key_id != null || body.user_profile_id != null) {
    throw invalidRequest("external_key_id, user_profile_id: this server has no customer-managed encryption keys or user profiles.");
  }
  if (body.data_residency == null) return;
  const r = body.data_residency as Record<string, unknown>;
  const fixed = { workspace_geo: "us", allowed_inference_geos: "unrestricted", default_inference_geo: "global" } as Record<string, string>;
  const fine = typeof r === "object" && !Array.isArray(r) && Object.entries(r).every(([k, v]) => k in fixed && (v == null || v === fixed[k]));
  if (!fine)
    throw invalidRequest('data_residency: fixed on this server (workspace_geo "us", allowed_inference_geos "unrestricted", default_inference_geo "global").');
}
