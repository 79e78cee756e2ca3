import type { BulkDeletion, BulkDeletionItem } from "@/lib/queries/types.ts";

export const BULK_OUTCOME_LABEL: Record<BulkDeletionItem["outcome"], string> = {
  planned: "to delete",
  deleted: "deleted",
  changed: "changed since the dry run: left",
  gone: "already gone",
  left: "matched after the dry run: left",
};

/** The filter in words: "memories under /users/ana/ in <store>" or "stores named …, metadata …". */
export function describeFilter(bulk: Pick<BulkDeletion, "target" | "filter">, storeName?: (id: string) => string): string {
  const f = bulk.filter;
  if (bulk.target === "memories") return `memories under ${f.path_prefix} in ${storeName?.(f.memory_store_id!) ?? f.memory_store_id}`;
  const parts = [...(f.name ? [`name contains “${f.name}”`] : []), ...Object.entries(f.metadata ?? {}).map(([k, v]) => `${k}:${v}`)];
  return `stores where ${parts.join(", ")}`;
}
