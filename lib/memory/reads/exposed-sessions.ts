import { sql, type Db } from "../db.ts";
import { enqueueWebhookEvent } from "../webhooks/enqueue-event.ts";
import { flushReads } from "./read-buffer.ts";

/**
 * What an act removed from one memory of a store: its versions after `from` (exclusive; null:
 * from its first) up to `to` (inclusive), the content it no longer holds. `from` equal to `to`
 * names that version alone (a redaction's, an erasure's).
 */
export type RemovedStretch = { storeId: string; memoryId: string; from: string | null; to: string };

/** An agent session (or a key that named none) handed content an act removed: whose work to check again. */
export interface ExposedSession {
  apiKeyId: string;
  sessionId: string | null;
  /** The stores of those memories (an erasure or a batch undo spans several). */
  storeIds: string[];
  memoryIds: string[];
  firstReadAt: Date;
  lastReadAt: Date;
  readCount: number;
}

const STRETCHES_PER_STATEMENT = 100;

interface Row {
  store_id: string;
  reader_id: string;
  session_id: string;
  memory_id: string;
  first_read_at: Date | string;
  last_read_at: Date | string;
  read_count: number | bigint;
}

/**
 * The keys and sessions that read what these stretches held, each once, with the memories they
 * read and when: the exposed sessions of a revert, restore, undo, redaction or erasure. People reading in
 * the console are reviewers, not agents, and are not listed. This process's buffered reads are
 * written first unless `flush` is false (the inbox: a page read often, where a second's lag is fine).
 */
export async function exposedSessions(db: Db, removed: readonly RemovedStretch[], { flush = true } = {}): Promise<ExposedSession[]> {
  if (removed.length === 0) return [];
  if (flush) await flushReads(db);
  const sessions = new Map<string, ExposedSession>();
  for (let i = 0; i < removed.length; i += STRETCHES_PER_STATEMENT) {
    // '' is below every id, so "after nothing" needs no NULL.
    const wanted = JSON.stringify(removed.slice(i, i + STRETCHES_PER_STATEMENT).map((s) => [s.storeId, s.memoryId, s.from ?? "", s.to]));
    const rows = await db.sql.$queryRaw<Row[]>(sql`
      SELECT r.store_id, r.reader_id, r.session_id, r.memory_id, MIN(r.first_read_at) AS first_read_at, MAX(r.last_read_at) AS last_read_at, SUM(r.read_count) AS read_count
      FROM (SELECT e.value ->> 0 AS store_id, e.value ->> 1 AS memory_id, e.value ->> 2 AS after_id, e.value ->> 3 AS to_id FROM ${db.dialect.jsonElements(wanted)} AS e) AS w
      JOIN memory_reads r ON r.store_id = w.store_id AND r.memory_id = w.memory_id AND (r.version_id > w.after_id OR r.version_id = w.to_id) AND r.version_id <= w.to_id
      WHERE r.reader_type = 'api_key'
      GROUP BY r.store_id, r.reader_id, r.session_id, r.memory_id`);
    for (const row of rows) {
      const key = `${row.reader_id}\u0000${row.session_id}`;
      const first = new Date(row.first_read_at);
      const last = new Date(row.last_read_at);
      const held = sessions.get(key);
      if (!held) {
        sessions.set(key, {
          apiKeyId: row.reader_id,
          sessionId: row.session_id === "" ? null : row.session_id,
          storeIds: [row.store_id],
          memoryIds: [row.memory_id],
          firstReadAt: first,
          lastReadAt: last,
          readCount: Number(row.read_count),
        });
        continue;
      }
      if (!held.storeIds.includes(row.store_id)) held.storeIds.push(row.store_id);
      if (!held.memoryIds.includes(row.memory_id)) held.memoryIds.push(row.memory_id);
      if (first < held.firstReadAt) held.firstReadAt = first;
      if (last > held.lastReadAt) held.lastReadAt = last;
      held.readCount += Number(row.read_count);
    }
  }
  return [...sessions.values()].sort((a, b) => a.firstReadAt.getTime() - b.firstReadAt.getTime());
}

/**
 * For each review item, the agent sessions that read what awaits review (its versions after the
 * settled one, up to the head): whether a held or suspicious write has reached anyone yet.
 */
export async function readsSinceSettled(
  db: Db,
  items: readonly { storeId: string; memoryId: string; settledVersionId: string | null; headVersionId: string }[],
): Promise<Map<string, { sessions: number; lastReadAt: Date | null }>> {
  const stretches = items.map((i) => ({ storeId: i.storeId, memoryId: i.memoryId, from: i.settledVersionId, to: i.headVersionId }));
  const reads = new Map<string, { sessions: number; lastReadAt: Date | null }>(items.map((i) => [i.memoryId, { sessions: 0, lastReadAt: null }]));
  for (const session of await exposedSessions(db, stretches, { flush: false })) {
    for (const memoryId of session.memoryIds) {
      const of = reads.get(memoryId)!;
      of.sessions += 1;
      if (of.lastReadAt === null || session.lastReadAt > of.lastReadAt) of.lastReadAt = session.lastReadAt;
    }
  }
  return reads;
}

/** The exposed sessions as the API and the `memory_version.exposed` event name them. */
export const exposedSessionWire = (s: ExposedSession) => ({
  api_key_id: s.apiKeyId,
  session_id: s.sessionId,
  memory_store_ids: s.storeIds,
  memory_ids: s.memoryIds,
  first_read_at: s.firstReadAt.toISOString(),
  last_read_at: s.lastReadAt.toISOString(),
  read_count: s.readCount,
});

/**
 * After an act removed content (a revert, restore, undo, redaction or erasure has committed):
 * when agents had read it, a `memory_version.exposed` webhook event for each store names them,
 * through the same outbox and signing as every event, so an operator's system can flag or re-run
 * those sessions. Answers them all, across the act's stores.
 */
export async function announceExposure(db: Db, input: { act: { type: string; id: string }; removed: readonly RemovedStretch[] }) {
  const sessions = await exposedSessions(db, input.removed);
  if (sessions.length === 0) return sessions;
  const at = new Date();
  const storeIds = [...new Set(sessions.flatMap((s) => s.storeIds))];
  const perStore = await Promise.all(
    storeIds.map(async (storeId) => ({
      storeId,
      sessions: await exposedSessions(
        db,
        input.removed.filter((r) => r.storeId === storeId),
        { flush: false },
      ),
    })),
  );
  await db.sqlTransaction(async (tx) => {
    for (const { storeId, sessions: exposed } of perStore) {
      await enqueueWebhookEvent(tx, {
        type: "memory_version.exposed",
        storeId,
        at,
        data: { memory_store_id: storeId, act: input.act, exposed_sessions: exposed.map(exposedSessionWire) },
      });
    }
  });
  return sessions;
}
