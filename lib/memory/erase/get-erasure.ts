import type { SqlClient } from "../db.ts";
import { notFound } from "../errors.ts";
import { ERASURE_COLUMNS, erasureFromRow, type Erasure, type ErasureItem, type ErasureRow } from "./erasure-rows.ts";

export async function getErasure(client: SqlClient, erasureId: string): Promise<Erasure> {
  const [row] = await client.$queryRaw<ErasureRow[]>`SELECT ${ERASURE_COLUMNS} FROM erasures WHERE id = ${erasureId}`;
  if (!row) throw notFound(`Erasure ${erasureId} not found.`);
  return erasureFromRow(row);
}

/** Every item of an erasure, grouped by store and memory (the order it is carried out in), versions oldest first. */
export async function getErasureItems(client: SqlClient, erasureId: string): Promise<ErasureItem[]> {
  const rows = await client.$queryRaw<{ version_id: string; store_id: string; memory_id: string; kind: string; outcome: string }[]>`
    SELECT version_id, store_id, memory_id, kind, outcome FROM erasure_items WHERE erasure_id = ${erasureId}
    ORDER BY store_id, memory_id, version_id`;
  return rows.map((r) => ({
    versionId: r.version_id,
    storeId: r.store_id,
    memoryId: r.memory_id,
    kind: r.kind as ErasureItem["kind"],
    outcome: r.outcome as ErasureItem["outcome"],
  }));
}
