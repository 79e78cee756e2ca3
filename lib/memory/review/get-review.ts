import type { Db, SqlClient } from "../db.ts";
import { notFound } from "../errors.ts";
import { versionColumns, versionFromRow, type VersionRow } from "../versions/version-rows.ts";
import { findItem } from "./list-reviews.ts";

export interface ReviewSide {
  versionId: string;
  operation: string;
  path: string | null;
  content: string | null;
  redacted: boolean;
}

async function side(client: SqlClient, versionId: string | null): Promise<ReviewSide | null> {
  if (versionId === null) return null;
  const [row] = await client.$queryRaw<(VersionRow & { content: string | null })[]>`
    SELECT ${versionColumns(true)} FROM memory_versions WHERE id = ${versionId}`;
  if (!row) return null;
  const v = versionFromRow(row);
  return { versionId: v.id, operation: v.operation, path: v.path, content: v.content, redacted: v.redactedAt !== null };
}

/**
 * An item with both ends of its combined change: the settled state (null when the memory did
 * not exist) and the head (content null when an agent deleted it: then the settled content is
 * what was lost).
 */
export async function getReview(db: Db, memoryId: string) {
  const item = await findItem(db.sql, memoryId);
  if (!item) throw notFound(`Nothing in memory ${memoryId} awaits review.`);
  const [settled, head] = await Promise.all([item.settledPath === null ? null : side(db.sql, item.settledVersionId), side(db.sql, item.headVersionId)]);
  return { item, settled, head: head! };
}
