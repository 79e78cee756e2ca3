import type { SearchParams } from "@/lib/queries/use-search.ts";

/** The results page's URL <-> GET /v1/search's parameters, named as the API names them. */
export function searchParamsFromUrl(params: URLSearchParams): SearchParams {
  const one = (key: string) => params.get(key)?.trim() || undefined;
  return {
    q: params.get("q") ?? "",
    mode: params.get("mode") === "exact" ? "exact" : "words",
    scope: params.get("scope") === "versions" ? "versions" : "memories",
    memory_store_id: params.getAll("memory_store_id").filter(Boolean),
    path_prefix: one("path_prefix"),
    "created_at[gte]": one("created_at[gte]"),
    "created_at[lte]": one("created_at[lte]"),
  };
}
