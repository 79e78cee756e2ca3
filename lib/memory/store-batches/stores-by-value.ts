import { join, sql, type Db, type Sql, type SqlClient } from "../db.ts";
import { letOthersRun } from "../let-others-run.ts";

/** Store rows read per statement: a few milliseconds of the event loop on SQLite. */
const CHUNK = 500;

/**
 * Store edits set updated_at, and an instance's clock may run behind the one that planned: a
 * store that took a value just after the dry run is looked for from this long before it. Stores
 * that had a value before the dry run made their rows skips, so looking further back finds
 * nothing wrong.
 */
const CLOCK_MARGIN_MS = 5 * 60_000;

/** A store's value of a metadata key (its own key: "__proto__" or "toString" are keys like any other). */
const valueOf = (metadata: string, key: string): string | undefined => {
  const parsed = JSON.parse(metadata) as Record<string, unknown>;
  const value = Object.hasOwn(parsed, key) ? parsed[key] : undefined;
  return typeof value === "string" ? value : undefined;
};

/**
 * Every store of the workspace (archived ones too) by its value of metadata key `key`, read in
 * chunks with a yield between: the dry run's skips. One pass over the workspace's stores
 * (50,000 in well under a second), matched here rather than in engine-specific JSON SQL.
 */
export async function storesByValue(db: Db, workspaceId: string, key: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (let after: string | null = null; ;) {
    const rows: { id: string; metadata: string }[] = await db.sql.$queryRaw<{ id: string; metadata: string }[]>`
      SELECT id, metadata FROM memory_stores WHERE workspace_id = ${workspaceId}${after ? sql` AND id > ${after}` : sql``}
      ORDER BY id LIMIT ${CHUNK}`;
    for (const row of rows) {
      const value = valueOf(row.metadata, key);
      if (value !== undefined && !found.has(value)) found.set(value, row.id);
    }
    if (rows.length < CHUNK) return found;
    after = rows[rows.length - 1]!.id;
    await letOthersRun();
  }
}

/**
 * Which of `values` a store of the workspace has taken since the dry run (`since`): one
 * statement per chunk of an execution, in its transaction (the workspace's row locked, so no
 * other batch creates stores meanwhile). It reads only stores created or edited since (the
 * (workspace_id, updated_at) index of migration 0035) whose metadata text holds one of the
 * pairs as JSON writes it (`"key":"value"`), then checks the pair exactly.
 */
export async function takenValues(
  tx: SqlClient,
  input: { workspaceId: string; key: string; values: readonly string[]; since: Date; position: Sql },
): Promise<Map<string, string>> {
  const taken = new Map<string, string>();
  if (input.values.length === 0) return taken;
  const since = new Date(input.since.getTime() - CLOCK_MARGIN_MS);
  const holds = input.values.map((value) => sql`${input.position}(metadata, ${`${JSON.stringify(input.key)}:${JSON.stringify(value)}`}) > 0`);
  const rows = await tx.$queryRaw<{ id: string; metadata: string }[]>`
    SELECT id, metadata FROM memory_stores
    WHERE workspace_id = ${input.workspaceId} AND updated_at >= ${since} AND (${join(holds, " OR ")})
    ORDER BY id`;
  const wanted = new Set(input.values);
  for (const row of rows) {
    const value = valueOf(row.metadata, input.key);
    if (value !== undefined && wanted.has(value) && !taken.has(value)) taken.set(value, row.id);
  }
  return taken;
}
