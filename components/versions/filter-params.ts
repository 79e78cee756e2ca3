import { filtersFromQuery, filtersToQuery } from "@/components/ui/filter-query.ts";
import { VERSION_FILTER_KEYS } from "@/lib/http/version-filters.ts";
import type { VersionFilters } from "@/lib/queries/use-versions.ts";

/** Version filters <-> the page's query string (components/ui/filter-query.ts). */
export const filtersFromSearchParams = (params: URLSearchParams): VersionFilters => filtersFromQuery(VERSION_FILTER_KEYS, params);
export const filtersToQueryString = (filters: VersionFilters): string => filtersToQuery(VERSION_FILTER_KEYS, filters);

/** The actor filters: the API takes at most one of them. */
export const ACTOR_KEYS = ["user_id", "api_key_id", "session_id", "service_account_id"] as const;
export type ActorKey = (typeof ACTOR_KEYS)[number];

export function actorOf(filters: VersionFilters): { key: ActorKey; id: string } | null {
  for (const key of ACTOR_KEYS) if (filters[key]) return { key, id: filters[key]! };
  return null;
}

/** An RFC 3339 instant as a datetime-local value (local time, to the minute), and back. */
export function toLocalInput(iso: string | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** "to" bounds are inclusive through the end of the chosen minute. */
export function fromLocalInput(value: string, bound: "from" | "to"): string | undefined {
  if (!value) return undefined;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return undefined;
  if (bound === "to") d.setSeconds(59, 999);
  return d.toISOString();
}
