import type { Db } from "../db.ts";
import { letOthersRun } from "../let-others-run.ts";
import type { ReadMemory, Reader } from "./reader.ts";
import { writeReads, type AggregatedRead } from "./write-reads.ts";

/**
 * Reads are recorded on the request path into a buffer of this process, aggregated as they are
 * stored (one entry per version, reader, session and channel), and written in batches by
 * flushReads: the server's flusher every second (lib/server/startup.ts), a query of reads
 * before it answers, and closing the database. A crash loses at most what the buffer held since
 * the last flush, about a second of read records; nothing else depends on them.
 */
interface ReadBuffer {
  pending: Map<string, AggregatedRead>;
  /** The flush in progress: flushes run one at a time, so one process never upserts a row twice at once. */
  flushing: Promise<void> | null;
}

/** Entries held at most: past it (a database down for long), new reads are dropped and counted, never the process's memory. */
const MAX_PENDING = 200_000;
/** Rows per flush transaction (each a few statements): small enough that SQLite's writer is held briefly. */
const ROWS_PER_FLUSH = 500;

/**
 * One buffer per database handle, on globalThis: Next.js bundles the routes and instrumentation
 * (where the flusher runs) separately, and both must see the same buffer.
 */
const KEY = Symbol.for("memory-console.read-buffers");
const holder = globalThis as { [KEY]?: { buffers: WeakMap<Db, ReadBuffer>; dropped: number } };
const state = () => (holder[KEY] ??= { buffers: new WeakMap(), dropped: 0 });

function bufferOf(db: Db): ReadBuffer {
  const { buffers } = state();
  let buffer = buffers.get(db);
  if (!buffer) buffers.set(db, (buffer = { pending: new Map(), flushing: null }));
  return buffer;
}

const keyOf = (read: Pick<AggregatedRead, "versionId" | "readerType" | "readerId" | "sessionId" | "channel">) =>
  `${read.versionId}\u0000${read.readerType}\u0000${read.readerId}\u0000${read.sessionId}\u0000${read.channel}`;

function merge(pending: Map<string, AggregatedRead>, read: AggregatedRead) {
  const key = keyOf(read);
  const held = pending.get(key);
  if (held) {
    held.count += read.count;
    if (read.first < held.first) held.first = read.first;
    if (read.last > held.last) held.last = read.last;
  } else if (pending.size < MAX_PENDING) {
    pending.set(key, read);
  } else {
    state().dropped += read.count;
  }
}

/** What a read of this memory record read: its head version. */
export const readOf = (memory: { storeId: string; id: string; memoryVersionId: string }): ReadMemory => ({
  storeId: memory.storeId,
  memoryId: memory.id,
  versionId: memory.memoryVersionId,
});

/** What a read of a memory as it was at a moment read: that version, unless it was redacted (no content was handed out). */
export const readsAt = (state: { storeId: string; memoryId: string; versionId: string; content?: string | null }): ReadMemory[] =>
  state.content === null || state.content === undefined ? [] : [{ storeId: state.storeId, memoryId: state.memoryId, versionId: state.versionId }];

/** Records that `reader` was handed these memories' content now. Costs a map update; nothing is written yet. */
export function recordReads(db: Db, reader: Reader, memories: readonly ReadMemory[], at = new Date()) {
  if (db.sql.readTrackingOff) return;
  const { pending } = bufferOf(db);
  for (const memory of memories) {
    merge(pending, {
      storeId: memory.storeId,
      memoryId: memory.memoryId,
      versionId: memory.versionId,
      readerType: reader.type,
      readerId: reader.id,
      sessionId: reader.sessionId ?? "",
      channel: reader.channel,
      first: at,
      last: at,
      count: 1,
    });
  }
}

/** Reads buffered in this process and not yet written, and reads dropped since it started (a full buffer). */
export function bufferedReads(db: Db): { pending: number; dropped: number } {
  return { pending: state().buffers.get(db)?.pending.size ?? 0, dropped: state().dropped };
}

/**
 * Writes every read buffered so far, in batches with a turn for other requests between them;
 * resolves once they are in the database. A batch that fails goes back into the buffer for the
 * next flush (and the error is thrown): no read is lost to a busy database.
 */
export async function flushReads(db: Db): Promise<void> {
  const buffer = bufferOf(db);
  while (buffer.flushing) await buffer.flushing.catch(() => {});
  if (buffer.pending.size === 0) return;
  // In key order (the buffer's own keys, not rebuilt per comparison), so that two instances upserting the same rows lock them in the same order.
  const taken = [...buffer.pending].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, read]) => read);
  buffer.pending = new Map();
  buffer.flushing = (async () => {
    for (let i = 0; i < taken.length; i += ROWS_PER_FLUSH) {
      const batch = taken.slice(i, i + ROWS_PER_FLUSH);
      try {
        await writeReads(db, batch);
      } catch (error) {
        for (const read of taken.slice(i)) merge(buffer.pending, read);
        throw error;
      }
      await letOthersRun();
    }
  })().finally(() => (buffer.flushing = null));
  await buffer.flushing;
}
