import { marksFromParams } from "@/components/search/search-href.ts";
import { memoryQuery, storeQuery } from "@/lib/queries/page-queries.ts";
import { WithPageData } from "../../../../_lib/server-prefetch.tsx";
import { MemoryView } from "./_components/memory-view.tsx";

// /stores/{store_id}/memories/{memory_id} – one memory: editor, rename, delete, history. From a search hit, ?q=&mode=&line= mark the match.
export default async function MemoryPage({
  params,
  searchParams,
}: {
  params: Promise<{ store: string; memory: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { store, memory } = await params;
  return (
    <WithPageData queries={[storeQuery(store), memoryQuery(store, memory)]}>
      <MemoryView storeId={store} memoryId={memory} searchMarks={marksFromParams(await searchParams)} />
    </WithPageData>
  );
}
