import type { Db } from "../db.ts";

export const DEFAULT_RETENTION_DAYS = 30;

/**
 * Retention: deletes versions written before the cutoff, except each live memory's head
 * version (the one holding its current content), which is kept however old it is. Deleting a
 * store removes its versions separately (cascade). Idempotent, so every app instance may run it.
 */
export async function pruneVersions(db: Db, input: { retentionDays: number; now?: Date }): Promise<{ deleted: number }> {
  const cutoff = new Date((input.now ?? new Date()).getTime() - input.retentionDays * 86_400_000);
  const deleted = await db.transaction(
    (tx) => tx.$executeRaw`
      DELETE FROM memory_versions
      WHERE created_at < ${cutoff}
        AND NOT EXISTS (SELECT 1 FROM memories m WHERE m.id = memory_versions.memory_id AND m.memory_version_id = memory_versions.id)`,
    { timeoutMs: 120_000 },
  );
  return { deleted };
}
