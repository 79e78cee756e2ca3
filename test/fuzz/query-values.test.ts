// Fuzz: an empty query value (`name=`, what the official SDK sends for null) is the parameter
// left out, on the hosted lists and the extensions' alike (issue 21, item 9).
import { describe, expect, it } from "vitest";
import { queryString, withoutEmptyValues } from "./arb-query.ts";
import { checkProperty, timeoutFor } from "./fuzz-run.ts";
import { fuzzStore, probe, useFuzzServer } from "./fuzz-server.ts";

const ctx = useFuzzServer();
/** Per list; two requests a run, six lists: the long run stops at 3,600 requests (~1 min). */
const RUNS = { short: 25, max: 300 };
const FILE = import.meta.filename;

/** What an answer says, without the request id every answer has its own of. */
function gist(status: number, body: Record<string, unknown>): unknown {
  return status >= 200 && status < 300 ? body : { status, error: body.error };
}

describe("fuzz: empty query values", () => {
  it(
    "every list answers a query with empty values exactly as the query without them",
    async () => {
      const store = await fuzzStore(ctx, "fuzz empty values", { "/a/b.md": "b", "/c.md": "c" });
      const LISTS: [string, string[]][] = [
        ["/v1/memory_stores", ["include_archived", "created_at[gte]", "created_at[lte]", "limit", "page"]],
        [`/v1/memory_stores/${store.id}/memories`, ["path_prefix", "depth", "view", "limit", "page"]],
        [
          `/v1/memory_stores/${store.id}/memory_versions`,
          ["memory_id", "operation", "api_key_id", "session_id", "user_id", "created_at[gte]", "created_at[lte]", "view", "limit", "page"],
        ],
        ["/v1/imports", ["limit", "page"]],
        ["/v1/api_keys", ["limit", "page"]],
        ["/v1/webhook_deliveries", ["limit", "page"]],
      ];
      for (const [path, params] of LISTS) {
        await checkProperty(FILE, `empty values on ${path.replace(store.id, "{store}")}`, RUNS, [queryString(params)], async (q) => {
          const withEmpty = await probe(ctx, { method: "GET", path: path + q }, { readOnly: true });
          const without = await probe(ctx, { method: "GET", path: path + withoutEmptyValues(q) }, { readOnly: true });
          expect(gist(withEmpty.res.status, withEmpty.body), `${path}${q} vs ${withoutEmptyValues(q)}`).toEqual(gist(without.res.status, without.body));
        });
      }
    },
    timeoutFor({ short: 150, max: 1800 }),
  );
});
