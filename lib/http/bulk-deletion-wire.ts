import { z } from "zod";
import { assertCan, assertStoreAccess, type Principal } from "../auth/principal.ts";
import { confirmationPhrase, type BulkDeletion, type BulkItem } from "../memory/bulk-delete/bulk-deletion-rows.ts";
import { lifecycleWire } from "./bulk-wire.ts";
import { toCsv, type CsvColumn } from "./csv.ts";

/** Wire shapes of this project's bulk delete endpoints (/v1/bulk_deletions, an extension). */
export const createBulkDeletionBody = z.discriminatedUnion("target", [
  z.strictObject({ target: z.literal("memories"), memory_store_id: z.string(), path_prefix: z.string() }),
  z.strictObject({
    target: z.literal("stores"),
    name: z.string().nullish(),
    /** Every pair must match, values exactly. */
    metadata: z.record(z.string(), z.string()).nullish(),
  }),
]);

export const executeBulkDeletionBody = z.strictObject({ digest: z.string(), confirmation: z.string() });

/**
 * Who may bulk-delete what (docs/api-extensions.md, "Bulk delete by filter"): memories under a prefix take what deleting
 * them one by one takes (reviewers, within a store-limited key's stores); stores take an admin.
 */
export function assertMayBulkDelete(principal: Principal, filter: BulkDeletion["filter"]) {
  if (filter.target === "stores") assertCan(principal, "admin");
  else assertStoreAccess(principal, filter.storeId);
}

function filterWire(filter: BulkDeletion["filter"]) {
  return filter.target === "memories"
    ? { memory_store_id: filter.storeId, path_prefix: filter.pathPrefix, name: null, metadata: null }
    : { memory_store_id: null, path_prefix: null, name: filter.name ?? null, metadata: Object.fromEntries(filter.metadata) };
}

export function bulkItemWire(item: BulkItem) {
  return {
    id: item.targetId,
    memory_store_id: item.storeId,
    label: item.label,
    memory_count: item.memoryCount,
    kind: item.kind,
    outcome: item.outcome,
  };
}

/** A bulk deletion: the dry run while `planned`, the report once `completed`; with its items when asked for. */
export function bulkDeletionWire(bulk: BulkDeletion, items?: BulkItem[]) {
  return {
    type: "bulk_deletion" as const,
    id: bulk.id,
    status: bulk.status,
    target: bulk.filter.target,
    filter: filterWire(bulk.filter),
    digest: bulk.digest,
    ...lifecycleWire(bulk, confirmationPhrase(bulk)),
    counts: { before: bulk.countBefore, memories_before: bulk.memoriesBefore, after: bulk.countAfter, memories_after: bulk.memoriesAfter },
    ...(items && { items: items.map(bulkItemWire) }),
  };
}

/** The report as CSV (lib/http/csv.ts), one line per memory or store; a path or store name is anyone's text. */
export function bulkDeletionCsv(bulk: BulkDeletion, items: BulkItem[]): string {
  const columns: CsvColumn<BulkItem>[] = [
    ["bulk_deletion_id", () => bulk.id],
    ["target", () => bulk.filter.target],
    ["id", (i) => i.targetId],
    ["memory_store_id", (i) => i.storeId],
    ["label", (i) => i.label],
    ["memory_count", (i) => i.memoryCount],
    ["kind", (i) => i.kind],
    ["outcome", (i) => i.outcome],
  ];
  return toCsv(columns, items);
}
