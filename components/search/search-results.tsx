"use client";

import Link from "next/link";
import { Badge } from "@/components/ui/badge.tsx";
import { Card } from "@/components/ui/card.tsx";
import { EmptyState, QueryState } from "@/components/ui/states.tsx";
import { LoadMore } from "@/components/versions/load-more.tsx";
import { formatVersionTime } from "@/components/versions/version-format.ts";
import type { SearchHit } from "@/lib/queries/types.ts";
import { searchQueryString, type SearchParams, type useSearch } from "@/lib/queries/use-search.ts";
import { hitHref } from "./search-href.ts";
import { SnippetText } from "./snippet-text.tsx";

export type SearchResultsProps = { params: SearchParams; search: ReturnType<typeof useSearch>; storeNames: Map<string, string> };

/** Hits as a list: where (store, path, version), the snippet with the match marked, and a link that opens it. */
export function SearchResults({ params, search, storeNames }: SearchResultsProps) {
  return (
    <Card>
      <QueryState
        isLoading={search.isLoading}
        error={search.error}
        isEmpty={search.hits.length === 0}
        empty={
          <EmptyState title="Nothing found">
            {params.scope === "versions" ? (
              "No retained version holds this."
            ) : (
              <>
                No current memory holds this. <AllVersionsLink params={params} /> to look in the history.
              </>
            )}
          </EmptyState>
        }
      >
        <ol aria-label="Search results" className="divide-y divide-slate-100">
          {search.hits.map((hit) => (
            <Hit key={hit.memory_version_id} hit={hit} params={params} storeName={storeNames.get(hit.memory_store_id)} />
          ))}
        </ol>
        <LoadMore query={search} />
        {params.scope !== "versions" && (
          <p className="border-t border-slate-100 px-4 py-3 text-sm text-slate-600">
            Current memories only. <AllVersionsLink params={params} /> to find what was written and changed since.
          </p>
        )}
      </QueryState>
    </Card>
  );
}

/** The same search over every retained version: a link (it changes only the URL), so it opens in a new tab too. */
function AllVersionsLink({ params }: { params: SearchParams }) {
  return (
    <Link
      href={`/search?${searchQueryString({ ...params, scope: "versions" })}`}
      className="font-medium text-indigo-700 underline"
      data-testid="search-all-versions"
    >
      Search all versions
    </Link>
  );
}

function Hit({ hit, params, storeName }: { hit: SearchHit; params: SearchParams; storeName: string | undefined }) {
  return (
    <li className="px-4 py-3" data-testid={`search-hit-${hit.memory_version_id}`}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-slate-500">{storeName ?? hit.memory_store_id}</span>
        <span className="text-slate-300">/</span>
        <Link prefetch={false} href={hitHref(hit, params)} className="font-mono font-medium text-indigo-700 hover:underline">
          {hit.path ?? hit.memory_id}
        </Link>
        {hit.current ? (
          <Badge tone="amber" title="The memory's current version">
            current
          </Badge>
        ) : (
          <Badge tone={hit.operation === "deleted" ? "red" : "gray"} title={`Version ${hit.memory_version_id}`}>
            {hit.operation} {formatVersionTime(hit.created_at)}
          </Badge>
        )}
        {hit.field === "path" && <Badge tone="indigo">in the path</Badge>}
      </div>
      <div className="mt-1 flex gap-3">
        {hit.line !== null && <span className="shrink-0 pt-px font-mono text-xs text-slate-500">line {hit.line}</span>}
        <SnippetText snippet={hit.snippet} />
      </div>
    </li>
  );
}
