import { z } from "zod";
import { assertCan, assertStoreAccess, type Principal } from "../auth/principal.ts";
import { BULK_PLAN_TTL_MS, confirmationPhrase, type BulkDeletion, type BulkItem } from "../memory/bulk-delete/bulk-deletion-rows.ts";

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
 * Who may bulk-delete what (README, "Bulk delete"): memories under a prefix take what deleting
 * them one by one takes (reviewers, within a store-limited key's stores); stores take an admin.
 */
export function assertMayBulkDelete(principal: Principal, filter: BulkDeletion["filter"]) {
  if (filter.target === "stores") assertCan(principal, "admin");
  else assertStoreAccess(principal, filter.storeId);
}

const isoOrNull = (d: Date | null) => d?.toISOString() ?? null;

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
    created_at: bulk.createdAt.toISOString(),
    created_by: bulk.createdBy,
    expires_at: bulk.status === "planned" ? new Date(bulk.createdAt.getTime() + BULK_PLAN_TTL_MS).toISOString() : null,
    confirmation: confirmationPhrase(bulk),
    executed_at: isoOrNull(bulk.executedAt),
    executed_by: bulk.executedBy,
    completed_at: isoOrNull(bulk.completedAt),
    counts: { before: bulk.countBefore, memories_before: bulk.memoriesBefore, after: bulk.countAfter, memories_after: bulk.memoriesAfter },
    ...(items && { items: items.map(bulkItemWire) }),
  };
}

const CSV_COLUMNS = ["bulk_deletion_id", "target", "id", "memory_store_id", "label", "memory_count", "kind", "outcome"] as const;
const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
/** A store name is anyone's text: one a spreadsheet would take for a formula gets a leading apostrophe (OWASP's advice). */
const csvText = (value: string) => csvField(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** The report as CSV (RFC 4180), one line per memory or store. */
export function bulkDeletionCsv(bulk: BulkDeletion, items: BulkItem[]): string {
  const lines = [CSV_COLUMNS.join(",")];
  for (const i of items) {
    lines.push(
      [bulk.id, bulk.filter.target, i.targetId, i.storeId, csvText(i.label), String(i.memoryCount), i.kind, i.outcome]
        .map((v, n) => (n === 4 ? v : csvField(v)))
        .join(","),
    );
  }
  return lines.join("\r\n") + "\r\n";
}
