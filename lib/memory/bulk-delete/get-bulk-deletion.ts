import type { Db, SqlClient } from "../db.ts";
import { Prisma } from "../db.ts";
import { notFound } from "../errors.ts";
import { BULK_COLUMNS, bulkFromRow, type BulkDeletion, type BulkItem, type BulkRow } from "./bulk-deletion-rows.ts";

export async function getBulkDeletion(client: SqlClient, id: string): Promise<BulkDeletion> {
  const [row] = await client.$queryRaw<BulkRow[]>`SELECT ${BULK_COLUMNS} FROM bulk_deletions WHERE id = ${id}`;
  if (!row) throw notFound(`Bulk deletion ${id} not found.`);
  return bulkFromRow(row);
}

/** Every item of a bulk deletion: what the dry run saw (by store, then path or name), then what matched late. */
export async function getBulkDeletionItems(client: SqlClient, id: string): Promise<BulkItem[]> {
  const rows = await client.$queryRaw<
    { target_id: string; store_id: string; label: string; seen: string; memory_count: number | bigint; kind: string; outcome: string }[]
  >`SELECT target_id, store_id, label, seen, memory_count, kind, outcome FROM bulk_deletion_items WHERE bulk_deletion_id = ${id}
    ORDER BY kind DESC, store_id, label, target_id`;
  return rows.map((r) => ({
    targetId: r.target_id,
    storeId: r.store_id,
    label: r.label,
    seen: r.seen,
    memoryCount: Number(r.memory_count),
    kind: r.kind as BulkItem["kind"],
    outcome: r.outcome as BulkItem["outcome"],
  }));
}

/** Bulk deletions newest first (dry runs included); `storeIds` limits them to memory deletions in those stores, `memoriesOnly` to memory deletions. */
export async function listBulkDeletions(db: Db, input: { limit: number; afterId?: string; storeIds?: readonly string[]; memoriesOnly?: boolean }) {
  if (input.storeIds?.length === 0) return { items: [], nextAfterId: null };
  const where = [
    ...(input.afterId ? [Prisma.sql`id < ${input.afterId}`] : []),
    ...(input.storeIds ? [Prisma.sql`store_id IN (${Prisma.join([...input.storeIds])})`] : []),
    ...(input.memoriesOnly ? [Prisma.sql`target = 'memories'`] : []),
  ];
  const rows = await db.sql.$queryRaw<BulkRow[]>`
    SELECT ${BULK_COLUMNS} FROM bulk_deletions ${where.length ? Prisma.sql`WHERE ${Prisma.join(where, " AND ")}` : Prisma.empty}
    ORDER BY id DESC LIMIT ${input.limit + 1}`;
  const hasMore = rows.length > input.limit;
  const items = (hasMore ? rows.slice(0, input.limit) : rows).map(bulkFromRow);
  return { items, nextAfterId: hasMore ? items[items.length - 1]!.id : null };
}
