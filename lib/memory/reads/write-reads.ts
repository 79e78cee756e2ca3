import { join, sql, type Db } from "../db.ts";
import { newId } from "../ids.ts";
import { movesLastRead, READ_CHANNELS, type ReadChannel } from "./reader.ts";

const AGENT_CHANNELS = join(READ_CHANNELS.filter(movesLastRead));

/** Reads of one version by one reader, session and channel, between `first` and `last`. */
export interface AggregatedRead {
  storeId: string;
  memoryId: string;
  versionId: string;
  readerType: "api_key" | "user";
  readerId: string;
  /** '' for none. */
  sessionId: string;
  channel: ReadChannel;
  first: Date;
  last: Date;
  count: number;
}

/**
 * Adds a batch of aggregated reads to memory_reads in one transaction: the rows are upserted
 * (counts add up, first and last widen, whichever instance wrote first), then each memory an
 * agent read takes the latest agent read of all its rows as `last_read_at`, so several
 * instances' flushes agree. A version gone since its read (pruned, its store deleted) is left
 * out rather than failing the batch.
 */
export async function writeReads(db: Db, reads: readonly AggregatedRead[]): Promise<void> {
  await db.sqlTransaction(async (tx) => {
    const versionIds = [...new Set(reads.map((r) => r.versionId))];
    const existing = new Set(
      (await tx.$queryRaw<{ id: string }[]>(sql`SELECT id FROM memory_versions WHERE id IN (${join(versionIds)})`)).map((row) => row.id),
    );
    const kept = reads.filter((r) => existing.has(r.versionId));
    if (kept.length === 0) return;
    const rows = kept.map(
      (r) =>
        sql`(${newId("memread")}, ${r.storeId}, ${r.memoryId}, ${r.versionId}, ${r.readerType}, ${r.readerId}, ${r.sessionId}, ${r.channel}, ${r.first}, ${r.last}, ${r.count})`,
    );
    await tx.$executeRaw(sql`
      INSERT INTO memory_reads (id, store_id, memory_id, version_id, reader_type, reader_id, session_id, channel, first_read_at, last_read_at, read_count)
      VALUES ${join(rows)}
      ON CONFLICT (version_id, reader_type, reader_id, session_id, channel) DO UPDATE SET
        read_count = memory_reads.read_count + excluded.read_count,
        first_read_at = CASE WHEN excluded.first_read_at < memory_reads.first_read_at THEN excluded.first_read_at ELSE memory_reads.first_read_at END,
        last_read_at = CASE WHEN excluded.last_read_at > memory_reads.last_read_at THEN excluded.last_read_at ELSE memory_reads.last_read_at END`);
    const readByAgents = [...new Set(kept.filter((r) => movesLastRead(r.channel)).map((r) => r.memoryId))].sort();
    if (readByAgents.length === 0) return;
    await tx.$executeRaw(sql`
      UPDATE memories SET last_read_at = (
        SELECT MAX(r.last_read_at) FROM memory_reads r WHERE r.store_id = memories.store_id AND r.memory_id = memories.id AND r.channel IN (${AGENT_CHANNELS}))
      WHERE id IN (${join(readByAgents)})`);
  });
}
