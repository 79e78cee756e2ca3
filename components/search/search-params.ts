import type { SearchParams } from "@/lib/queries/use-search.ts";
import { parseBoxQuery } from "./search-href.ts";

/**
 * The results page's URL <-> GET /v1/search's parameters, named as the API names them. A URL
 * without `mode` is the header box's form sent before the page hydrated (`?q=` as typed): read
 * as the box reads what is typed in it.
 */
export function searchParamsFromUrl(params: URLSearchParams): SearchParams {
  const one = (key: string) => params.get(key)?.trim() || undefined;
  const { q, mode } = params.has("mode")
    ? { q: params.get("q") ?? "", mode: params.get("mode") === "exact" ? ("exact" as const) : ("words" as const) }
    : parseBoxQuery(params.get("q") ?? "");
  return {
    q,
    mode,
    scope: params.get("scope") === "versions" ? "versions" : "memories",
    memory_store_id: params.getAll("memory_store_id").filter(Boolean),
    path_prefix: one("path_prefix"),
    "created_at[gte]": one("created_at[gte]"),
    "created_at[lte]": one("created_at[lte]"),
  };
}
