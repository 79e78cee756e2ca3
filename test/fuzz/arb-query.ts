// Query strings and URL ids: duplicate keys, unknown and bracketed keys, numbers at the edges,
// forged cursors, broken percent-encoding, ids that try to climb out of their segment.
import fc from "fast-check";
import { edgeNumber, numberishString } from "./arb-json.ts";
import { memoryPath } from "./arb-paths.ts";
import { encoded, pathSafe } from "./http.ts";

const offset = fc.oneof(
  fc.constant("Z"),
  fc
    .tuple(fc.constantFrom("+", "-"), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([sign, h, m]) => `${sign}${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`),
);

/** RFC 3339 times over all the years it can write (0000–9999), any offset; and things that are not. */
const timestamp = fc.oneof(
  fc
    .tuple(fc.date({ min: new Date("0000-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59Z"), noInvalidDate: true }), offset)
    .map(([d, off]) => d.toISOString().replace("Z", off)),
  fc.date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom(
    "2026-01-01T00:00:00Z",
    "0000-01-01T00:00:00Z",
    "9999-12-31T23:59:59.999999999Z",
    "2026-02-30T00:00:00Z",
    "2026-01-01T00:00:00+14:00",
    "2026-01-01T00:00:00-23:59",
    "0000-01-01T00:00:00+14:00",
    "9999-12-31T23:59:59-23:59",
    "2026-01-01",
    "1700000000",
    "now",
    "+275760-09-13T00:00:00Z",
  ),
);

/** A base64url cursor this API never issued: JSON of odd shapes, or not JSON at all. */
export const forgedCursor: fc.Arbitrary<string> = fc.oneof(
  fc
    .record({
      key: fc.constantFrom("after", "from", "prefix", "depth", "archived", "x"),
      value: fc.oneof(
        fc.string({ unit: "binary", maxLength: 30 }),
        edgeNumber,
        fc.constantFrom(null, true, [], {}, "\u0000", "\ud800", "mem_", "memver_zzzz", "memstore_" + "z".repeat(40)),
      ),
      more: fc.dictionary(
        fc.constantFrom("after", "from", "prefix", "depth", "archived"),
        fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.constantFrom("/", 0, 1)),
        { maxKeys: 3 },
      ),
    })
    .map(({ key, value, more }) => Buffer.from(JSON.stringify({ ...more, [key]: value }), "utf8").toString("base64url")),
  fc.string({ maxLength: 40 }),
  fc.constantFrom("", "=", "e30", "W10", "bnVsbA", "!!!!", "%", "Li4vLi4v"),
);

/** Values for a query parameter: the plausible ones of that parameter, or anything odd. */
export const QUERY_VALUES: Record<string, fc.Arbitrary<string>> = {
  limit: fc.oneof(fc.constantFrom("1", "20", "100", "101", "0", "-1", "1e308", "2e1"), numberishString, edgeNumber.map(String)),
  page: forgedCursor,
  view: fc.constantFrom("basic", "full", "FULL", "Full", "", "none", "full,basic"),
  include_archived: fc.constantFrom("true", "false", "TRUE", "1", "0", "", "yes"),
  "created_at[gte]": timestamp,
  "created_at[lte]": timestamp,
  // Time travel's moments: anything, or one the store's history can answer (a moment ago).
  as_of: fc.oneof(timestamp, fc.constant(new Date(Date.now() - 1_000).toISOString())),
  from: fc.oneof(timestamp, fc.constant(new Date(Date.now() - 60_000).toISOString())),
  to: fc.oneof(timestamp, fc.constant(new Date(Date.now() - 1_000).toISOString())),
  path_prefix: fc.oneof(
    memoryPath,
    memoryPath.map((p) => p + "/"),
    fc.constantFrom("/", "/notes/", "/deep/x/", "/é/", "/a/", "/NOTES/"),
  ),
  depth: fc.constantFrom("0", "1", "2", "-1", "", "1.0", "01"),
  memory_id: fc.constantFrom("mem_01", "mem_", "", "memver_x", "../x", "\u0000"),
  operation: fc.constantFrom("created", "modified", "deleted", "CREATED", "", "redacted"),
  api_key_id: fc.constantFrom("apikey_x", "", "admin", "env"),
  session_id: fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom("", "sess 1", "s".repeat(300), "ok_session")),
  user_id: fc.constantFrom("user_x", ""),
  service_account_id: fc.constantFrom("sa_x", ""),
  expected_content_sha256: fc.oneof(
    fc.stringMatching(/^[0-9a-f]{64}$/),
    fc.constantFrom("", "E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855", "x"),
  ),
};

const ODD_KEYS = ["limit[]", "limit[0]", "created_at[gt]", "created_at", "Limit", "", "__proto__", "constructor", "a[b][c]", "view ", "x"];

/** How the pair goes on the wire: fully encoded, nearly raw, or with broken escapes. */
function onTheWire(text: string, mode: number): string {
  if (mode === 0) return pathSafe(text).replace(/[&=+]/g, encodeURIComponent);
  if (mode === 1) return pathSafe(text) + "%";
  if (mode === 2) return pathSafe(text) + "%zz";
  return encoded(text);
}

/**
 * A query string over the endpoint's parameters (and odd ones), duplicates allowed: `?limit=1&limit=2`.
 * Starts with `?` unless empty.
 */
export function queryString(params: readonly string[]): fc.Arbitrary<string> {
  const pair = fc.oneof(
    { arbitrary: fc.constantFrom(...params).chain((key) => fc.tuple(fc.constant(key), QUERY_VALUES[key] ?? fc.string())), weight: 6 },
    // `name=`: what the official SDK sends for a parameter given as null (the parameter left out).
    { arbitrary: fc.tuple(fc.constantFrom(...params), fc.constant("")), weight: 2 },
    { arbitrary: fc.tuple(fc.constantFrom(...ODD_KEYS), fc.oneof(numberishString, fc.string({ maxLength: 8 }))), weight: 1 },
  );
  const encodedPair = fc.tuple(pair, fc.oneof({ arbitrary: fc.constant(3), weight: 8 }, { arbitrary: fc.nat(2), weight: 1 }));
  return fc
    .array(encodedPair, { maxLength: 5 })
    .map((pairs) => pairs.map(([[k, v], mode]) => `${onTheWire(k, mode === 3 ? 3 : 0)}=${onTheWire(v, mode)}`))
    .map((parts) => (parts.length ? "?" + parts.join("&") : ""));
}

/** Ids as they could appear in a URL segment: plausible, traversing, encoded slashes, NUL, very long. */
export function oddId(prefix: string, real: readonly string[] = []): fc.Arbitrary<string> {
  return fc.oneof(
    ...(real.length ? [{ arbitrary: fc.constantFrom(...real), weight: 2 }] : []),
    {
      arbitrary: fc.constantFrom(
        `${prefix}_../x`,
        `${prefix}_..%2Fx`,
        `${prefix}_%2e%2e%2fx`,
        `${prefix}%2F..%2F`,
        "..",
        ".",
        "%2e%2e",
        "%2E%2E",
        `${prefix}_%00`,
        "%00",
        `${prefix}_a%2Fb`,
        `${prefix}_a%5Cb`,
        `${prefix}_`,
        prefix,
        `${prefix}_${"z".repeat(5_000)}`,
        `${prefix.toUpperCase()}_01`,
        "%25",
        "%",
        "%zz",
        "mem_01J0000000000000000000000",
        "memstore_01J0000000000000000000000",
        "memver_01J0000000000000000000000",
        "apikey_x",
        "user_x",
        encodeURIComponent("é\u0301"),
        "%F0%9F%98%80",
        "%C0%AE",
        "%EF%BF%BF",
        "%ED%A0%80",
      ),
      weight: 4,
    },
    { arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 20 }).map((s) => encoded(s)), weight: 2 },
    { arbitrary: fc.string({ minLength: 1, maxLength: 20 }).map((s) => pathSafe(s).replace(/[/?]/g, encodeURIComponent)), weight: 2 },
  );
}

/** The query with every empty value (`name=`, or a bare `name`) left out: the server must answer both alike. */
export function withoutEmptyValues(query: string): string {
  const kept = new URLSearchParams([...new URLSearchParams(query)].filter(([, value]) => value !== "")).toString();
  return kept ? "?" + kept : "";
}

/**
 * The `created_at` bounds a list query asks for, as the server reads them (empty values left
 * out, then the last of duplicate keys wins), in epoch ms; undefined where absent or not a date.
 */
export function createdAtBounds(query: string): { gte?: number; lte?: number } {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(query);
  } catch {
    return {};
  }
  const last = (key: string) => {
    const values = params.getAll(key).filter((value) => value !== "");
    const ms = values.length ? Date.parse(values[values.length - 1]!) : NaN;
    return Number.isNaN(ms) ? undefined : ms;
  };
  return { gte: last("created_at[gte]"), lte: last("created_at[lte]") };
}

/** Every listed item lies within the query's `created_at` bounds. */
export function outsideBounds(query: string, items: { created_at: string }[]): string[] {
  const { gte, lte } = createdAtBounds(query);
  return items
    .filter((item) => (gte !== undefined && Date.parse(item.created_at) < gte) || (lte !== undefined && Date.parse(item.created_at) > lte))
    .map((item) => `${item.created_at} is outside ${query}`);
}
