import type { Db } from "../db.ts";
import { Prisma } from "../db.ts";
import { ERASURE_COLUMNS, erasureFromRow, type ErasureRow } from "./erasure-rows.ts";

/** Erasures newest first (dry runs included): ids are time-ordered, so the cursor is an id. */
export async function listErasures(db: Db, input: { limit: number; afterId?: string }) {
  const after = input.afterId ? Prisma.sql`WHERE id < ${input.afterId}` : Prisma.empty;
  const rows = await db.sql.$queryRaw<ErasureRow[]>`SELECT ${ERASURE_COLUMNS} FROM erasures ${after} ORDER BY id DESC LIMIT ${input.limit + 1}`;
  const hasMore = rows.length > input.limit;
  const items = (hasMore ? rows.slice(0, input.limit) : rows).map(erasureFromRow);
  return { items, nextAfterId: hasMore ? items[items.length - 1]!.id : null };
}
