/**
 * "The store as of T", derived from versions alone (docs/design.md, "This project's extensions": time travel): a memory's state
 * at T is its newest version written at or before T (by `created_at`; newest by id, which is the
 * order the store lock let them be written in); a `deleted` one, or none, means it was not live.
 * Redaction cleared a version's content, hash and size and its path: such a state is marked
 * redacted and never reconstructed; its path is the one the memory's next version that kept a
 * path names (a delete records the path it deleted, a change the path it left the memory at),
 * or null when every later version was redacted too.
 */
import { type Sql, empty, join, sql, type SqlClient } from "../db.ts";
import { letOthersRun } from "../let-others-run.ts";

/** A memory's state at a moment, without when it was created (what comparing and putting back need). */
export interface HeadState {
  memoryId: string;
  storeId: string;
  /** The version the memory was at then. */
  versionId: string;
  path: string | null;
  /** Present when asked for: the content then, null when redacted since. */
  content?: string | null;
  contentSha256: string | null;
  contentSizeBytes: number | null;
  redacted: boolean;
  /** When the version it was at was written. */
  updatedAt: Date;
}

export interface MemoryState extends HeadState {
  /** When the memory (this life of it) was created: its newest retained `created` version, else its oldest retained one. */
  createdAt: Date;
}

type HeadRow = {
  id: string;
  memory_id: string;
  store_id: string;
  path: string | null;
  content?: string | null;
  content_sha256: string | null;
  content_size_bytes: number | bigint | null;
  created_at: Date | string;
  redacted_at: Date | string | null;
};

/** Memory ids per statement when the states of some memories are asked for. */
const IDS_PER_STATEMENT = 500;

/** Which memories to read. */
export type HeadSelection = { memoryIds: readonly string[] };

/**
 * Each memory of `memories` (a statement with a `memory_id` column) with the id of its head at
 * `at` (`head`, null when it had no version then): one seek of the (store_id, memory_id,
 * created_at, id) index (migration 0022) each, read from the index alone.
 */
export const headIdsAt = (storeId: string, at: Date, memories: Sql) => sql`
  SELECT m.memory_id, (
    SELECT max(x.id) FROM memory_versions x
    WHERE x.store_id = ${storeId} AND x.memory_id = m.memory_id AND x.created_at <= ${at}
  ) AS head
  FROM (${memories}) m`;

/**
 * The live states at `at` of the memories selected, in no order, without `createdAt`
 * (`withCreatedAt` adds it): each one's head then (headIdsAt), then its row by id. For 1,000
 * memories of a store with 50,000 versions, 2 statements and ~4 ms instead of a grouped read of
 * every version of each (on a loaded 2-core machine, 26 ms for 500).
 */
export async function headsAt(
  client: SqlClient,
  storeId: string,
  at: Date,
  selection: HeadSelection,
  options: { withContent?: boolean } = {},
): Promise<HeadState[]> {
  const states: HeadState[] = [];
  const batches = idBatches(selection.memoryIds);
  for (const ids of batches) {
    states.push(...(await statesOfHeads(client, headIdsAt(storeId, at, idTable(ids)), options.withContent === true)));
    if (batches.length > 1) await letOthersRun();
  }
  await placeRedacted(client, storeId, states);
  return states;
}

/** Heads per statement of headsOfChangedSinceAt: 10,000 in one held the event loop ~100 ms. */
const HEADS_PER_TURN = 2_000;

/**
 * headsAt for every memory changed since `at` that had a version then (changedSince),
 * from the window index in its order, no seek per memory: HEADS_PER_TURN a statement, after the
 * last one read (the first version after `at` is one per memory, so its time and memory id name
 * it), with a turn for other requests between. What a restore's dry run compares.
 */
export async function headsOfChangedSinceAt(client: SqlClient, storeId: string, at: Date, perTurn = HEADS_PER_TURN): Promise<HeadState[]> {
  const states: HeadState[] = [];
  let after: { at: Date | string; memoryId: string } | null = null;
  for (;;) {
    const rows: (HeadRow & { operation: string; after_at: Date | string; after_memory_id: string })[] = await client.$queryRaw`
      SELECT v.id, v.memory_id, v.store_id, v.path, v.content_sha256, v.content_size_bytes, v.created_at, v.redacted_at, v.operation,
        n.created_at AS after_at, n.memory_id AS after_memory_id
      FROM memory_versions n JOIN memory_versions v ON v.id = n.previous_id
      WHERE n.store_id = ${storeId} AND n.created_at > ${at} AND n.previous_created_at <= ${at}
        ${after ? sql`AND (n.created_at > ${after.at} OR (n.created_at = ${after.at} AND n.memory_id > ${after.memoryId}))` : empty}
      ORDER BY n.created_at, n.memory_id LIMIT ${perTurn}`;
    for (const row of rows) if (row.operation !== "deleted") states.push(headOf(row, false));
    const last = rows.at(-1);
    if (!last || rows.length < perTurn) break;
    after = { at: last.after_at, memoryId: last.after_memory_id };
    await letOthersRun();
  }
  await placeRedacted(client, storeId, states);
  return states;
}

/** The live states named by `heads` (a statement with `memory_id` and `head` columns), without the deleted ones. */
async function statesOfHeads(client: SqlClient, heads: Sql, withContent: boolean): Promise<HeadState[]> {
  const rows = await client.$queryRaw<HeadRow[]>`
    SELECT v.id, v.memory_id, v.store_id, v.path, v.content_sha256, v.content_size_bytes, v.created_at, v.redacted_at${withContent ? sql`, v.content` : empty}
    FROM (${heads}) h JOIN memory_versions v ON v.id = h.head
    WHERE v.operation <> 'deleted'`;
  return rows.map((row) => headOf(row, withContent));
}

/**
 * headsAt for a moment no version of the store was written after (the usual `to` of a compare:
 * now): then a memory's state at `at` is its live row (the newest version is the row's, and a
 * memory deleted since has a `deleted` version after `at`), read by id, 500 a statement, instead
 * of one index seek and one version row each. Returns null when a version was written after
 * `at` (asked after the rows are read, so a write meanwhile is noticed): then headsAt answers.
 * Measured in-process on SQLite, 1,000 memories of a store with 51,000 versions: ~15 ms → ~2 ms.
 */
export async function headsAtLatest(client: SqlClient, storeId: string, at: Date, memoryIds: readonly string[]): Promise<HeadState[] | null> {
  const states: HeadState[] = [];
  for (const ids of idBatches(memoryIds)) {
    const rows = await client.$queryRaw<
      {
        id: string;
        store_id: string;
        path: string;
        content_sha256: string;
        content_size_bytes: number | bigint;
        memory_version_id: string;
        updated_at: Date | string;
      }[]
    >`SELECT id, store_id, path, content_sha256, content_size_bytes, memory_version_id, updated_at FROM memories WHERE id IN (${join(ids)})`;
    for (const row of rows) {
      if (row.store_id !== storeId) continue;
      states.push({
        memoryId: row.id,
        storeId,
        versionId: row.memory_version_id,
        path: row.path,
        contentSha256: row.content_sha256,
        contentSizeBytes: Number(row.content_size_bytes),
        redacted: false,
        updatedAt: new Date(row.updated_at),
      });
    }
  }
  const [later] = await client.$queryRaw<{ n: number | bigint }[]>`
    SELECT count(*) AS n FROM (SELECT 1 FROM memory_versions WHERE store_id = ${storeId} AND created_at > ${at} LIMIT 1) l`;
  return Number(later!.n) === 0 ? states : null;
}

/**
 * The memories changed since `at` that had a version then, each with its head's path then
 * (`previous_path`: null when the head was a deletion or redacted, see migration 0028), read from
 * the (store_id, created_at, memory_id, previous_id, previous_created_at, previous_path) index
 * alone. A memory's versions are in time order (the write path never dates one before the one it
 * follows), so its first version after `at` is the one whose predecessor was written by then, and
 * that predecessor is its head then. Memories
 * created since have no such version. For the bench's 1,000 changed memories in-process on
 * SQLite: 1.1 ms, against 2.3 ms for one index seek per memory after a DISTINCT of those changed.
 */
export const changedSince = (storeId: string, at: Date) => sql`
  SELECT n.memory_id, n.previous_path FROM memory_versions n
  WHERE n.store_id = ${storeId} AND n.created_at > ${at} AND n.previous_created_at <= ${at}`;

/** The ids as a one-column table named `memory_id` (a VALUES list: `column1` on both engines). */
const idTable = (ids: readonly string[]) => sql`SELECT column1 AS memory_id FROM (VALUES ${join(ids.map((id) => sql`(${id})`))}) AS ids`;

const idBatches = (ids: readonly string[]) =>
  Array.from({ length: Math.ceil(ids.length / IDS_PER_STATEMENT) }, (_, n) => ids.slice(n * IDS_PER_STATEMENT, (n + 1) * IDS_PER_STATEMENT));

/**
 * The states at `at` with when each memory (this life of it) was created: its newest `created`
 * version up to `at`, else its oldest retained one. One grouped read of their versions up to `at`.
 */
export async function withCreatedAt<S extends HeadState>(client: SqlClient, storeId: string, at: Date, states: readonly S[]): Promise<(S & MemoryState)[]> {
  const born = new Map<string, Date>();
  for (const batch of idBatches(states.map((s) => s.memoryId))) {
    if (batch.length === 0) continue;
    const rows = await client.$queryRaw<{ memory_id: string; born: Date | string | null; first_seen: Date | string }[]>`
      SELECT memory_id, max(CASE WHEN operation = 'created' THEN created_at END) AS born, min(created_at) AS first_seen
      FROM memory_versions WHERE store_id = ${storeId} AND COALESCE(created_at, created_at) <= ${at} AND memory_id IN (${join(batch)})
      GROUP BY memory_id`;
    for (const row of rows) born.set(row.memory_id, new Date(row.born ?? row.first_seen));
  }
  return states.map((s) => ({ ...s, createdAt: born.get(s.memoryId)! }));
}

/** The live states at `at` of every memory of the store (or of `memoryIds` only), in no order, with when each was created. */
export async function statesAt(
  client: SqlClient,
  storeId: string,
  at: Date,
  options: { withContent?: boolean; memoryIds: readonly string[] },
): Promise<MemoryState[]> {
  const heads = await headsAt(client, storeId, at, { memoryIds: options.memoryIds }, options);
  return withCreatedAt(client, storeId, at, heads);
}

function headOf(row: HeadRow, withContent: boolean): HeadState {
  return {
    memoryId: row.memory_id,
    storeId: row.store_id,
    versionId: row.id,
    path: row.path,
    ...(withContent && { content: row.content ?? null }),
    contentSha256: row.content_sha256,
    contentSizeBytes: row.content_size_bytes === null ? null : Number(row.content_size_bytes),
    redacted: row.redacted_at !== null,
    updatedAt: new Date(row.created_at),
  };
}

/** A redacted state's path: the path of the memory's next version that kept one (see the file comment). */
async function placeRedacted(client: SqlClient, storeId: string, states: HeadState[]) {
  const unplaced = states.filter((s) => s.path === null);
  for (let i = 0; i < unplaced.length; i += IDS_PER_STATEMENT) {
    const batch = unplaced.slice(i, i + IDS_PER_STATEMENT);
    const rows = await client.$queryRaw<{ id: string; memory_id: string; path: string }[]>`
      SELECT id, memory_id, path FROM memory_versions
      WHERE store_id = ${storeId} AND memory_id IN (${join(batch.map((s) => s.memoryId))}) AND path IS NOT NULL
      ORDER BY memory_id, id`;
    for (const state of batch) {
      state.path = rows.find((r) => r.memory_id === state.memoryId && r.id > state.versionId)?.path ?? null;
    }
  }
}

/**
 * Paths in the engines' order (SQLite BINARY, PostgreSQL COLLATE "C"): by UTF-8 bytes. Without
 * encoding them: UTF-16 code units order strings as UTF-8 bytes do, except where a surrogate
 * (a character above U+FFFF) meets U+E000–U+FFFF: past U+D7FF, the bytes decide.
 */
export function compareBytes(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if (x < 0xd800 && y < 0xd800) return x < y ? -1 : 1;
    return Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}
