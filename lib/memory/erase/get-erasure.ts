import { getItems, getRow, listRows } from "../bulk/report-tables.ts";
import type { Db, SqlClient } from "../db.ts";
import { withPaths } from "./erasure-paths.ts";
import { ERASURE_ITEMS, ERASURES, type Erasure, type ErasureItem } from "./erasure-rows.ts";

export function getErasure(client: SqlClient, erasureId: string, workspaceId: string): Promise<Erasure> {
  return getRow(client, ERASURES, erasureId, "Erasure", workspaceId);
}

/** Every item of an erasure with its memory's path, grouped by store and memory (the order it is carried out in), versions oldest first. */
export async function getErasureItems(client: SqlClient, erasureId: string): Promise<ErasureItem[]> {
  return withPaths(client, await getItems(client, ERASURE_ITEMS, erasureId));
}

/** Erasures of a workspace newest first (dry runs included). */
export function listErasures(db: Db, input: { limit: number; afterId?: string; workspaceId: string }) {
  return listRows(db.sql, ERASURES, input);
}
