"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useWorkspaceRouter } from "@/components/shell/current-workspace.tsx";
import { useEffect, useState } from "react";
import { usePermissions } from "@/components/shell/session-user.tsx";
import { Button } from "@/components/ui/button.tsx";
import { Card, PageHeader } from "@/components/ui/card.tsx";
import { EmptyState } from "@/components/ui/states.tsx";
import { searchQueryString, useSearch, type SearchParams } from "@/lib/queries/use-search.ts";
import { useStores } from "@/lib/queries/use-stores.ts";
import { EraseDialog } from "./erase-dialog.tsx";
import { SearchForm } from "./search-form.tsx";
import { searchParamsFromUrl } from "./search-params.ts";
import { SearchResults } from "./search-results.tsx";

/** /search: the query and filters live in the URL (the API's own names); admins can erase exact text from here. */
export function SearchPage() {
  const router = useWorkspaceRouter();
  const pathname = usePathname();
  const url = useSearchParams();
  const params = searchParamsFromUrl(new URLSearchParams(url.toString()));
  const search = useSearch(params);
  const stores = useStores({ includeArchived: true });
  const storeList = stores.data?.pages.flatMap((p) => p.data) ?? [];
  const storeNames = new Map(storeList.map((s) => [s.id, s.name]));
  const { isAdmin } = usePermissions();
  const [erasing, setErasing] = useState(false);
  const apply = (next: SearchParams) => router.push(`${pathname}?${searchQueryString(next)}`);
  // From a words search too: an erase always acts on exact text (the words as typed), and its dry run shows what holds it.
  const eraseText = params.mode === "exact" ? params.q : params.q.trim();
  const canErase = isAdmin && [...eraseText].length >= 3;
  // The header box's form sent before hydration (?q= as typed, no mode): the URL the box would have opened.
  useEffect(() => {
    if (url.has("q") && !url.has("mode")) router.replace(`${pathname}?${searchQueryString(searchParamsFromUrl(new URLSearchParams(url.toString())))}`);
  }, [url, pathname, router]);

  return (
    <>
      <PageHeader
        title="Search"
        description="Words are ranked; exact text finds any piece of text, punctuation included, ignoring case. Search the current memories or every retained version."
        actions={
          canErase && (
            <Button variant="danger-quiet" onClick={() => setErasing(true)}>
              Erase this text…
            </Button>
          )
        }
      />
      <Card className="mb-4 p-4">
        <SearchForm key={url.toString()} value={params} stores={storeList} onApply={apply} />
      </Card>
      {params.q.trim() === "" ? (
        <EmptyState title="What are you looking for?">Type words or exact text above, or press Ctrl/Cmd+K anywhere in the console.</EmptyState>
      ) : (
        <SearchResults params={params} search={search} storeNames={storeNames} />
      )}
      {erasing && (
        <EraseDialog
          text={eraseText}
          fromWords={params.mode !== "exact"}
          storeIds={params.memory_store_id ?? []}
          storeNames={storeNames}
          onClose={() => setErasing(false)}
        />
      )}
    </>
  );
}
