import type { SearchMarks } from "@/components/editor/search-marks.ts";
import type { SearchHit } from "@/lib/queries/types.ts";
import { searchQueryString, type SearchParams } from "@/lib/queries/use-search.ts";

/**
 * What the header box sends: words, or exact text when typed in double quotes ("sk-ant-"), as
 * search engines do. The results page has the mode as a control of its own.
 */
export function parseBoxQuery(typed: string): Pick<SearchParams, "q" | "mode"> {
  const quoted = /^"(.+)"$/s.exec(typed.trim());
  return quoted ? { q: quoted[1]!, mode: "exact" } : { q: typed.trim(), mode: "words" };
}

/** The search a hit's page was opened from (`q`, `mode`, `line` in its URL), to mark it in the editor. */
export function marksFromParams(params: Record<string, string | string[] | undefined>): SearchMarks | null {
  const one = (key: string) => [params[key]].flat()[0];
  const q = one("q");
  if (!q) return null;
  const line = Number(one("line"));
  return { q, mode: one("mode") === "exact" ? "exact" : "words", line: Number.isInteger(line) && line > 0 ? line : null };
}

/** A hit opens the memory when it is a live memory's current version, else the old version itself. */
export function hitHref(hit: SearchHit, params: SearchParams): string {
  const mark = searchQueryString({ q: params.q, mode: params.mode ?? "words" }, hit.line ? { line: String(hit.line) } : {});
  const store = `/stores/${encodeURIComponent(hit.memory_store_id)}`;
  return hit.current
    ? `${store}/memories/${encodeURIComponent(hit.memory_id)}?${mark}`
    : `${store}/versions/${encodeURIComponent(hit.memory_version_id)}?${mark}`;
}
