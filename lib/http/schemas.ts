import { z } from "zod";
import { invalidRequest } from "../memory/errors.ts";
import { LIMITS } from "../memory/limits.ts";
import { VERSION_OPERATIONS } from "../memory/versions/operations.ts";
import type { VersionFilterKey } from "./version-filters.ts";

/**
 * Wire shapes of requests: field names and JSON types, unknown fields refused. The rules on
 * values (lengths, path syntax, limits) live in lib/memory, once, for every caller.
 */
export function parseWire<T>(schema: z.ZodType<T>, input: unknown, where: "body" | "query"): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length > 0 ? issue.path.join(".") : where;
  throw invalidRequest(`${field}: ${issue.message}`);
}

const view = z.enum(["basic", "full"]);
export const limit = z
  .string()
  .regex(/^\d+$/, "must be an integer")
  .transform(Number)
  .pipe(z.number().int().min(1).max(LIMITS.pageMax, `must be at most ${LIMITS.pageMax}`));
/**
 * RFC 3339 allows years 0000–9999 and offsets that carry a time past either end, but neither
 * engine can compare such a bound: PostgreSQL has no year 0 (a 500), and SQLite compares the
 * stored ISO text, where "+010000-…" sorts before "2026-…" (wrong rows). Every stored timestamp
 * comes from the server's clock, inside years 1–9999, so clamping a bound to that range selects
 * exactly the same rows on both engines.
 */
const EARLIEST = new Date("0001-01-01T00:00:00.000Z");
const LATEST = new Date("9999-12-31T23:59:59.999Z");
export const timestamp = z.iso
  .datetime({ offset: true, message: "must be an RFC 3339 timestamp" })
  .transform((s) => new Date(Math.min(Math.max(Date.parse(s), EARLIEST.getTime()), LATEST.getTime())));
const bool = z.enum(["true", "false"], "must be true or false").transform((v) => v === "true");

export const viewQuery = z.object({ view: view.optional() });

export const listStoresQuery = z.object({
  include_archived: bool.optional(),
  "created_at[gte]": timestamp.optional(),
  "created_at[lte]": timestamp.optional(),
  limit: limit.optional(),
  page: z.string().optional(),
});

/**
 * Metadata passes through as sent and lib/memory checks it (an object of strings, or of strings
 * and nulls on update): zod's record copies keys by assignment and so drops a "__proto__" key.
 */
const metadata = z.unknown().optional();

export const createStoreBody = z.strictObject({
  name: z.string(),
  description: z.string().nullish(),
  metadata,
});

export const updateStoreBody = z.strictObject({
  name: z.string().nullish(),
  description: z.string().nullish(),
  metadata,
});

export const listMemoriesQuery = z.object({
  path_prefix: z.string().optional(),
  depth: z.enum(["0", "1"], "must be 0 (the whole subtree) or 1 (direct children)").transform(Number).optional(),
  view: view.optional(),
  limit: limit.optional(),
  page: z.string().optional(),
});

export const createMemoryBody = z.strictObject({
  path: z.string(),
  content: z.string(),
});

export const updateMemoryBody = z.strictObject({
  content: z.string().nullish(),
  path: z.string().nullish(),
  precondition: z.strictObject({ type: z.literal("content_sha256"), content_sha256: z.string() }).nullish(),
});

export const deleteMemoryQuery = z.object({ expected_content_sha256: z.string().optional() });

/** Exactly the keys of VERSION_FILTER_KEYS (the console's filter form uses the same list). */
const versionFilters = {
  memory_id: z.string().optional(),
  operation: z.enum(VERSION_OPERATIONS).optional(),
  api_key_id: z.string().optional(),
  session_id: z.string().optional(),
  user_id: z.string().optional(),
  service_account_id: z.string().optional(),
  "created_at[gte]": timestamp.optional(),
  "created_at[lte]": timestamp.optional(),
  /** This project's addition: versions whose path starts with this string (a folder, a file, or a name's beginning). */
  path_prefix: z.string().min(1).max(1024).optional(),
} satisfies Record<VersionFilterKey, z.ZodType>;

export const listVersionsQuery = z.object({
  ...versionFilters,
  view: view.optional(),
  limit: limit.optional(),
  page: z.string().optional(),
});

export function queryOf(url: URL): Record<string, string> {
  return Object.fromEntries(url.searchParams);
}

/**
 * The request's URL as route handlers see it: a query parameter with an empty value
 * (`?limit=&page=`) is left out, as if it had not been sent, since that is what the official
 * SDKs send for a parameter given as `null`. A value that is present and wrong is still refused
 * by the operation's schema. Repeatable parameters (`url.searchParams.getAll`) lose their empty
 * values the same way.
 */
export function withoutEmptyQueryValues(url: URL): URL {
  if (![...url.searchParams.values()].includes("")) return url;
  const kept = new URL(url);
  kept.search = new URLSearchParams([...url.searchParams].filter(([, value]) => value !== "")).toString();
  return kept;
}

/** Page size: `limit` (default 20, max 100); with view=full a page holds at most 20 items. */
export function pageSize(requested: number | undefined, full: boolean): number {
  const size = requested ?? LIMITS.pageDefault;
  return full ? Math.min(size, LIMITS.pageMaxFullView) : size;
}
