import { describe, expect, it } from "vitest";
import { filtersFromQuery, filtersToQuery } from "../../components/ui/filter-query.ts";

// The console's filtered pages (history, review inbox) keep their filters in the URL under the
// API's own names: known keys only, trimmed, empty ones dropped, one URL per set of filters.
const KEYS = ["path_prefix", "session_id", "created_at[gte]"] as const;

describe("filters <-> query string", () => {
  it("reads known keys, trimmed, and drops empty and unknown ones", () => {
    const params = new URLSearchParams("path_prefix=%20/notes/%20&session_id=&other=x&created_at%5Bgte%5D=2026-01-01T00:00:00Z");
    expect(filtersFromQuery(KEYS, params)).toEqual({ path_prefix: "/notes/", "created_at[gte]": "2026-01-01T00:00:00Z" });
  });

  it("writes them back in the keys' order, encoded, and nothing at all without filters", () => {
    expect(filtersToQuery(KEYS, { session_id: "s 1", path_prefix: "/a&b/" })).toBe("?path_prefix=%2Fa%26b%2F&session_id=s+1");
    expect(filtersToQuery(KEYS, { session_id: "  " })).toBe("");
    const query = filtersToQuery(KEYS, { "created_at[gte]": "2026-01-01T00:00:00Z", path_prefix: "/x/" });
    expect(filtersFromQuery(KEYS, new URLSearchParams(query))).toEqual({ "created_at[gte]": "2026-01-01T00:00:00Z", path_prefix: "/x/" });
  });
});
