import type { Actor } from "../actor.ts";
import { actorId, apiKeyIdOf } from "../actor.ts";
import { type Sql, empty, join, raw, sql, type MemoryRecord, type SqlClient } from "../db.ts";
import { sha256Hex, utf8Length } from "../hashing.ts";
import { writeLater } from "../write-later.ts";
import { newId, newIdAfter } from "../ids.ts";
import { trackChange, trackChanges, trackCreations } from "../review/track-change.ts";
import { validateMemoryState } from "./content.ts";
import { guardWrite, type GuardedChange } from "../policies/guard-write.ts";
import type { Finding } from "../policies/findings.ts";
import { createdByIsClaim, storedImportMark, type ImportMark } from "./import-mark.ts";
import { actorOnWire, enqueueWebhookEvent, enqueueWebhookEvents, readEndpointsAhead } from "../webhooks/enqueue-event.ts";
import type { VersionOperation } from "../versions/operations.ts";
import { letOthersRun } from "../let-others-run.ts";
import { forgetStorePolicy } from "../stores/lock-store.ts";
import { appendToChain, type VersionChainFields } from "../integrity/append-to-chain.ts";
import { countWrites, type WriteDelta } from "../usage/count-writes.ts";
import { utcDay } from "../usage/days.ts";
import { writeChannel, type AgentDoor } from "../usage/write-channel.ts";

/**
 * The only three ways a memory row changes. Each writes the memory and its version in the
 * caller's transaction (invariant 1), keeps `memory_version_id` on the new version and
 * `content_sha256` equal to the hash of `content` (invariant 2), and keeps the store's
 * memory count. Every state written passes the path and content rules here, whatever the
 * source (API, memory tool, import, review, erase): nothing can plant what a create refuses.
 * Callers hold the store lock and have checked overlaps, limits and preconditions, and hand in
 * the memory rows as they read them under that lock (their sizes are what a write replaces).
 * Plain SQL statements that return nothing: every value written is known here, so the
 * returned record is built from them (see memory-rows.ts for why not Prisma model queries).
 */
type Operation = VersionOperation;

export interface WriteOptions {
  /**
   * A review action or a deliberate act writes this version and decides its review itself
   * (lib/memory/review/deliberate.ts): nothing is tracked here, not even a write the policy's
   * detectors would hold (an import opens no review items, whoever the file names).
   */
  settling?: boolean;
  /** When the version was written: now, unless an import with history presents the file's time. */
  at?: Date;
  /** Set by imports: every version they write is marked (lib/memory/import). */
  imported?: ImportMark;
  /**
   * PostgreSQL only (an import's versions): leave the version out of the GIN search indexes
   * until the flusher indexes it after the commit (migration postgres/0009_search_pending).
   */
  deferSearchIndex?: boolean;
  /**
   * A reviewer's or admin's deliberate act on content already through the door (a review
   * decision, restore, revert, erasure or bulk deletion): the store's write policy does not
   * apply. An import is `settling` but not this: what it brings in meets the policy.
   */
  deliberate?: boolean;
  /**
   * The door an agent's key came through, when it is not the REST API: the memory tool endpoint
   * or MCP, which share one domain call (lib/memory/usage/write-channel.ts). Counted on the
   * Usage page; a person's write is the console's and an import's the import's whatever it says.
   */
  door?: AgentDoor;
}

/** The store's write policy on a write (lib/memory/policies): throws its refusal, or returns per change the findings that hold it for review. */
function guarded(tx: SqlClient, storeId: string, actor: Actor, changes: readonly GuardedChange[], options: WriteOptions) {
  if (options.deliberate) return Promise.resolve(changes.map(() => []));
  // An import acts as its importer, whoever the file names as the versions' authors.
  return guardWrite(tx, storeId, options.imported?.by ?? actor, changes);
}

const VERSION_COLUMNS = raw(
  "id, store_id, memory_id, operation, path, content, content_sha256, content_size_bytes, created_by_type, created_by_id, api_key_id, created_at, " +
    "imported_from, imported, created_by_claimed, chain_seq, record_hash, prev_chain_hash, chain_hash, previous_id, previous_created_at, previous_path",
);

/**
 * The author columns and the import's: `api_key_id` is the key that wrote the row, which for an
 * import is the importer's, whoever `created_by` names (so a file cannot put a version under
 * another key, nor a session version lose its key).
 */
function authorValues(actor: Actor, at: Date, mark: ImportMark | undefined): Sql {
  return sql`${actor.type}, ${actorId(actor)}, ${apiKeyIdOf(mark?.by ?? actor)}, ${at},
    ${mark?.from ?? null}, ${mark ? storedImportMark(mark) : null}, ${createdByIsClaim(actor, mark)}`;
}

/** The search_pending column, named only when set: SQLite has no such column (its own pending list is filled by a trigger). */
const pendingColumn = (options: WriteOptions) => (options.deferSearchIndex ? sql`, search_pending` : empty);
const pendingValue = (options: WriteOptions) => (options.deferSearchIndex ? sql`, true` : empty);

/**
 * The memory's last version before a write, when it was written, and its path then (null: it
 * did not exist); null for a new memory.
 */
type Before = { versionId: string; at: Date; path: string | null; size: number | null; content?: string } | null;

/** One version row as written: the one place that states the versions table's columns and values. */
interface VersionRow {
  id: string;
  storeId: string;
  memoryId: string;
  operation: Operation;
  path: string;
  content: string | null;
  sha: string | null;
  size: number | null;
  /**
   * The version it follows (its memory's head before the write), when that one was written, the
   * path the memory had then (null after a deletion) and the size of the memory row the write
   * replaces (null: no row, a memory re-created after its deletion); null for a memory's first.
   */
  previous: { id: string; at: Date; path: string | null; size: number | null } | null;
}

const versionValues = (v: VersionRow, author: Sql, c: VersionChainFields, options: WriteOptions) =>
  sql`(${v.id}, ${v.storeId}, ${v.memoryId}, ${v.operation}, ${v.path}, ${v.content}, ${v.sha}, ${v.size}, ${author}, ${c.seq}, ${c.recordHash}, ${c.prevHash}, ${c.chainHash}, ${v.previous?.id ?? null}, ${v.previous?.at ?? null}, ${v.previous?.path ?? null}${pendingValue(options)})`;

/** Version rows per INSERT: 500 × 20 values stays far below both engines' bound-parameter limits. */
const VERSIONS_PER_STATEMENT = 100;

/**
 * Every version row of one store's write, linked onto the store's history chain
 * (lib/memory/integrity) in the same transaction, with what it did to the store's counts: its
 * `memory_count`, `content_bytes` and last write time move in the UPDATE that sets the chain's
 * new head, and the day's usage counters (lib/memory/usage) by one upsert, both from one delta.
 */
async function insertVersionRows(tx: SqlClient, rows: readonly VersionRow[], actor: Actor, at: Date, options: WriteOptions) {
  const author = authorValues(actor, at, options.imported);
  const storeId = rows[0]!.storeId;
  const delta = writeDelta(rows);
  const storeColumns = sql`, last_memory_write_at = ${at}, memory_count = memory_count + ${delta.memories}, content_bytes = content_bytes + ${delta.bytes}`;
  const { fields: chain, storeRowWritten } = await appendToChain(
    tx,
    storeId,
    rows.map((row) => ({ ...row, actorType: actor.type, actorId: actorId(actor), at })),
    storeColumns,
  );
  for (let i = 0; i < rows.length; i += VERSIONS_PER_STATEMENT) {
    if (i > 0) await letOthersRun();
    const values = rows.slice(i, i + VERSIONS_PER_STATEMENT).map((row, j) => versionValues(row, author, chain[i + j]!, options));
    await writeLater(tx, sql`INSERT INTO memory_versions (${VERSION_COLUMNS}${pendingColumn(options)}) VALUES ${join(values)}`);
  }
  if (!storeRowWritten) await writeLater(tx, sql`UPDATE memory_stores SET chain_head_seq = chain_head_seq${storeColumns} WHERE id = ${storeId}`);
  // Counted on the day it happened: an import with history dates its versions by the file, but it wrote them now.
  await countWrites(tx, storeId, utcDay(options.imported?.at ?? at), writeChannel(actor, options), delta);
  // The memoized policy row (lock-store.ts) holds memory_count, which the limit is checked against.
  if (rows.some((row) => row.operation !== "modified")) forgetStorePolicy(tx, storeId);
  readEndpointsAhead(tx, storeId);
}

/**
 * What a write's versions do to the store's counts, never recounted by a scan: a creation adds
 * a memory, a deletion removes one, and each version's content replaces the size of the memory
 * row it follows (the row as the caller read it under the store's lock, before it changes).
 */
function writeDelta(rows: readonly VersionRow[]): WriteDelta {
  let memories = 0;
  let bytes = 0;
  for (const row of rows) {
    if (row.operation === "created") memories += 1;
    else if (row.operation === "deleted") memories -= 1;
    bytes += (row.size ?? 0) - (row.previous?.size ?? 0);
  }
  return { versions: rows.length, memories, bytes };
}

/** The memories table's columns and values, stated once for inserts of one or many. */
const MEMORY_COLUMNS = raw("id, store_id, path, content, content_sha256, content_size_bytes, memory_version_id, created_at, updated_at");
const memoryValues = (m: MemoryRecord) =>
  sql`(${m.id}, ${m.storeId}, ${m.path}, ${m.content}, ${m.contentSha256}, ${m.contentSizeBytes}, ${m.memoryVersionId}, ${m.createdAt}, ${m.updatedAt})`;

async function insertMemoryRows(tx: SqlClient, memories: readonly MemoryRecord[]) {
  // Sent without waiting: the caller checked under the store's lock that the paths are free, so the unique index only backs that up.
  await writeLater(tx, sql`INSERT INTO memories (${MEMORY_COLUMNS}) VALUES ${join(memories.map(memoryValues))}`);
}

/** The webhook outbox's payload for a version: ids, path and hash, never the content. */
const webhookData = (v: VersionRow, previousPath: string | null, actor: Actor) => ({
  id: v.memoryId,
  memory_store_id: v.storeId,
  memory_version_id: v.id,
  path: v.path,
  previous_path: previousPath,
  content_sha256: v.sha,
  content_size_bytes: v.size,
  created_by: actorOnWire(actor),
});

interface VersionWrite {
  storeId: string;
  memoryId: string;
  operation: Operation;
  state: { path: string; content: string | null };
  actor: Actor;
  at: Date;
  before: Before;
}

/**
 * A memory as a create or change left it, with what the store's write policy detectors found in
 * the write that holds it for review (empty: not held), so that whoever saved can be told so.
 */
export type WrittenMemory = MemoryRecord & { heldFor: readonly Finding[] };

/** A version row with its review state and webhook event, in the caller's transaction; `held`: the findings that hold it. */
async function recordVersion(tx: SqlClient, write: VersionWrite, options: WriteOptions): Promise<{ row: VersionRow; held: readonly Finding[] }> {
  const { storeId, memoryId, operation, state, actor, at, before } = write;
  const change = { path: state.path, previousPath: before?.path ?? null, content: state.content, previousContent: before?.content };
  const [findings] = await guarded(tx, storeId, actor, [change], options);
  const row: VersionRow = {
    id: before === null ? newId("memver") : newIdAfter("memver", before.versionId),
    storeId,
    memoryId,
    operation,
    path: state.path,
    content: state.content,
    sha: state.content === null ? null : sha256Hex(state.content),
    size: state.content === null ? null : utf8Length(state.content),
    previous: before && { id: before.versionId, at: before.at, path: before.path, size: before.size },
  };
  await insertVersionRows(tx, [row], actor, at, options);
  await trackChange(
    tx,
    {
      storeId,
      memoryId,
      versionId: row.id,
      operation,
      path: state.path,
      previousPath: before?.path ?? null,
      previousVersionId: before?.versionId ?? null,
      actor,
      at,
      findings: findings!,
    },
    options,
  );
  await enqueueWebhookEvent(tx, { type: `memory.${operation}`, storeId, at: new Date(), data: webhookData(row, before?.path ?? null, actor) });
  return { row, held: findings! };
}

/** The memory row a version leaves: its path and content, the version, the times. */
const memoryOf = (
  row: VersionRow & { content: string; sha: string; size: number },
  createdAt: Date,
  updatedAt: Date,
  lastReadAt: Date | null = null,
): MemoryRecord => ({
  id: row.memoryId,
  storeId: row.storeId,
  path: row.path,
  content: row.content,
  contentSha256: row.sha,
  contentSizeBytes: row.size,
  memoryVersionId: row.id,
  createdAt,
  updatedAt,
  lastReadAt,
});

/**
 * When a version is written: now (or the time an import with history presents), but never before
 * the version it follows. Instances whose clocks disagree could otherwise date a memory's next
 * version earlier than its last; every memory's history is then in time order, which the reads
 * of a moment rely on (time-travel/states-at.ts: a memory changed since T had, at T, the version
 * its first version after T followed).
 */
function writtenAt(options: WriteOptions, ...before: readonly (Date | undefined)[]): Date {
  const at = options.at ?? new Date();
  const latest = Math.max(at.getTime(), ...before.map((b) => b?.getTime() ?? -Infinity));
  return latest === at.getTime() ? at : new Date(latest);
}

/** When a version was written: for a re-created memory, whose last version (its deletion) the caller names by id alone. */
async function versionWrittenAt(tx: SqlClient, versionId: string): Promise<Date> {
  const [row] = await tx.$queryRaw<{ created_at: Date | string }[]>`SELECT created_at FROM memory_versions WHERE id = ${versionId}`;
  if (!row) throw new Error(`versionWrittenAt: no version ${versionId}`);
  return new Date(row.created_at);
}

export type InsertOptions = WriteOptions & { again?: { memoryId: string; lastVersionId: string } };

/**
 * A review that reverts an agent's delete re-creates the memory under its own id, after its
 * last version (`again`), so that its history reads on.
 */
export async function insertMemory(
  tx: SqlClient,
  storeId: string,
  state: { path: string; content: string },
  actor: Actor,
  options: InsertOptions = {},
): Promise<WrittenMemory> {
  validateMemoryState(state);
  const memoryId = options.again?.memoryId ?? newId("mem");
  // The re-created memory did not exist (review sees a creation), yet its versions stay in order.
  const before = options.again
    ? { versionId: options.again.lastVersionId, at: await versionWrittenAt(tx, options.again.lastVersionId), path: null, size: null }
    : null;
  const now = writtenAt(options, before?.at);
  const { row, held } = await recordVersion(tx, { storeId, memoryId, operation: "created", state, actor, at: now, before }, options);
  const memory = memoryOf({ ...row, content: state.content, sha: row.sha!, size: row.size! }, now, now);
  await insertMemoryRows(tx, [memory]);
  return { ...memory, heldFor: held };
}

/**
 * insertMemory for many new memories at once (an import's batch of at most a few hundred): the
 * same rows, versions and review state, written with one statement per table instead of one
 * per memory. Each memory still gets exactly one `created` version.
 */
export async function insertMemories(
  tx: SqlClient,
  storeId: string,
  states: readonly { path: string; content: string }[],
  actor: Actor,
  options: WriteOptions = {},
): Promise<MemoryRecord[]> {
  if (states.length === 0) return [];
  for (const state of states) validateMemoryState(state);
  const findings = await guarded(
    tx,
    storeId,
    actor,
    states.map((state) => ({ path: state.path, previousPath: null, content: state.content })),
    options,
  );
  const now = options.at ?? new Date();
  const rows = states.map((state) => ({
    id: newId("memver"),
    storeId,
    memoryId: newId("mem"),
    operation: "created" as const,
    path: state.path,
    content: state.content,
    sha: sha256Hex(state.content),
    size: utf8Length(state.content),
    previous: null,
  }));
  await insertVersionRows(tx, rows, actor, now, options);
  await trackCreations(
    tx,
    storeId,
    rows.map((row, i) => ({ memoryId: row.memoryId, versionId: row.id, path: row.path, findings: findings[i]! })),
    actor,
    now,
    options,
  );
  // The webhook outbox, as recordVersion writes it for each one-by-one create.
  await enqueueWebhookEvents(
    tx,
    "memory.created",
    storeId,
    rows.map((row) => ({ at: now, data: webhookData(row, null, actor) })),
  );
  const memories = rows.map((row) => memoryOf(row, now, now));
  await insertMemoryRows(tx, memories);
  return memories;
}

export async function changeMemory(
  tx: SqlClient,
  memory: MemoryRecord,
  state: { path: string; content: string },
  actor: Actor,
  options: WriteOptions = {},
): Promise<WrittenMemory> {
  validateMemoryState(state);
  const now = writtenAt(options, memory.updatedAt);
  const before = { versionId: memory.memoryVersionId, at: memory.updatedAt, path: memory.path, size: memory.contentSizeBytes, content: memory.content };
  const { row, held } = await recordVersion(
    tx,
    { storeId: memory.storeId, memoryId: memory.id, operation: "modified", state, actor, at: now, before },
    options,
  );
  const changed = memoryOf({ ...row, content: state.content, sha: row.sha!, size: row.size! }, memory.createdAt, now, memory.lastReadAt);
  await writeLater(
    tx,
    sql`
    UPDATE memories SET path = ${changed.path}, content = ${changed.content}, content_sha256 = ${changed.contentSha256},
      content_size_bytes = ${changed.contentSizeBytes}, memory_version_id = ${changed.memoryVersionId}, updated_at = ${now}
    WHERE id = ${memory.id}`,
  );
  return { ...changed, heldFor: held };
}

/**
 * changeMemory for many memories of one store at once (a restore's chunk): the same versions,
 * memory rows, review state and webhook events, with one statement per table for the batch
 * instead of several per memory (one history-chain head read and update, one webhook endpoint
 * lookup, one multi-row version insert, one UPDATE of the memory rows). Each memory gets exactly
 * one `modified` version, in the order given. Callers hold the store lock and have checked
 * overlaps (each new path free of every other memory) and preconditions, as for changeMemory.
 */
export async function changeMemories(
  tx: SqlClient,
  changes: readonly { memory: MemoryRecord; state: { path: string; content: string } }[],
  actor: Actor,
  options: WriteOptions = {},
): Promise<MemoryRecord[]> {
  if (changes.length === 0) return [];
  for (const { state } of changes) validateMemoryState(state);
  const { rows, now } = await recordVersions(tx, "modified", changes, actor, options);
  const changed = rows.map((row, i) =>
    memoryOf({ ...row, content: row.content!, sha: row.sha!, size: row.size! }, changes[i]!.memory.createdAt, now, changes[i]!.memory.lastReadAt),
  );
  for (let i = 0; i < changed.length; i += MEMORY_UPDATES_PER_STATEMENT) {
    await letOthersRun();
    const slice = changes.slice(i, i + MEMORY_UPDATES_PER_STATEMENT);
    await updateMemoryRows(
      tx,
      changed.slice(i, i + MEMORY_UPDATES_PER_STATEMENT),
      slice.map(({ memory, state }) => memory.path !== state.path),
      now,
    );
  }
  return changed;
}

/**
 * removeMemory for many memories of one store at once (a directory the memory tool deletes): one
 * `deleted` version each, in the order given, with the same review state and webhook events, and
 * one statement per table for the batch. Returns the `deleted` versions' ids.
 */
export async function removeMemories(tx: SqlClient, memories: readonly Removed[], actor: Actor, options: WriteOptions = {}): Promise<string[]> {
  if (memories.length === 0) return [];
  const { rows } = await recordVersions(
    tx,
    "deleted",
    memories.map((memory) => ({ memory, state: { path: memory.path, content: null } })),
    actor,
    options,
  );
  for (let i = 0; i < memories.length; i += MEMORY_UPDATES_PER_STATEMENT) {
    const ids = memories.slice(i, i + MEMORY_UPDATES_PER_STATEMENT).map((m) => m.id);
    await tx.$executeRaw`DELETE FROM memories WHERE id IN (${join(ids)})`;
  }
  return rows.map((row) => row.id);
}

/** A memory as a removal needs it: its last version, when and where it was written. */
type Removed = Pick<MemoryRecord, "id" | "storeId" | "path" | "memoryVersionId" | "updatedAt" | "contentSizeBytes">;

/**
 * The versions of a batch of existing memories of one store (a change or a removal each, in the
 * order given): the store's write policy over all of them, the version rows on the history chain,
 * the review state one by one (a deliberate act settles instead), and the webhook events.
 */
async function recordVersions(
  tx: SqlClient,
  operation: Exclude<Operation, "created">,
  writes: readonly { memory: Removed & { content?: string }; state: { path: string; content: string | null } }[],
  actor: Actor,
  options: WriteOptions,
): Promise<{ rows: VersionRow[]; now: Date }> {
  const storeId = writes[0]!.memory.storeId;
  const ids = new Set<string>();
  for (const { memory } of writes) {
    if (memory.storeId !== storeId || ids.has(memory.id)) throw new Error("recordVersions: each memory once, all of one store");
    ids.add(memory.id);
  }
  const guardedChanges = writes.map(({ memory, state }) => ({
    path: state.path,
    previousPath: memory.path,
    content: state.content,
    previousContent: memory.content,
  }));
  const findings = await guarded(tx, storeId, actor, guardedChanges, options);
  const now = writtenAt(options, ...writes.map(({ memory }) => memory.updatedAt));
  const rows: VersionRow[] = writes.map(({ memory, state }) => ({
    id: newIdAfter("memver", memory.memoryVersionId),
    storeId,
    memoryId: memory.id,
    operation,
    path: state.path,
    content: state.content,
    sha: state.content === null ? null : sha256Hex(state.content),
    size: state.content === null ? null : utf8Length(state.content),
    previous: { id: memory.memoryVersionId, at: memory.updatedAt, path: memory.path, size: memory.contentSizeBytes },
  }));
  await insertVersionRows(tx, rows, actor, now, options);
  // Review state: a deliberate act decides it itself (nothing to track); anything else as recordVersion would, together.
  await trackChanges(
    tx,
    rows.map((row, i) => ({
      storeId,
      memoryId: row.memoryId,
      versionId: row.id,
      operation,
      path: row.path,
      previousPath: writes[i]!.memory.path,
      previousVersionId: writes[i]!.memory.memoryVersionId,
      actor,
      at: now,
      findings: findings[i]!,
    })),
    options,
  );
  await enqueueWebhookEvents(
    tx,
    `memory.${operation}`,
    storeId,
    rows.map((row, i) => ({ at: new Date(), data: webhookData(row, writes[i]!.memory.path, actor) })),
  );
  return { rows, now };
}

/** Memory rows per UPDATE: each row takes 9 bound values. */
const MEMORY_UPDATES_PER_STATEMENT = 100;

/**
 * One UPDATE for several memory rows, joined to them as a VALUES list on the id (the same SQL on
 * both engines; a CASE per column with a branch per memory cost PostgreSQL ~5 ms per 100 rows).
 */
async function updateMemoryRows(tx: SqlClient, memories: readonly MemoryRecord[], moved: readonly boolean[], now: Date) {
  // The path only when one moves: an unchanged path left out leaves the (store_id, path) index alone.
  const paths = moved.some(Boolean) ? sql`path = v.column6, ` : empty;
  const rows = memories.map((m) => sql`(${m.id}, ${m.content}, ${m.contentSha256}, CAST(${m.contentSizeBytes} AS INTEGER), ${m.memoryVersionId}, ${m.path})`);
  await tx.$executeRaw`
    UPDATE memories SET ${paths}content = v.column2, content_sha256 = v.column3, content_size_bytes = v.column4,
      memory_version_id = v.column5, updated_at = ${now}
    FROM (VALUES ${join(rows)}) AS v WHERE memories.id = v.column1`;
}

/** Returns the id of the `deleted` version. */
export async function removeMemory(tx: SqlClient, memory: Removed, actor: Actor, options: WriteOptions = {}): Promise<string> {
  const before = { versionId: memory.memoryVersionId, at: memory.updatedAt, path: memory.path, size: memory.contentSizeBytes };
  const write: VersionWrite = {
    storeId: memory.storeId,
    memoryId: memory.id,
    operation: "deleted",
    state: { path: memory.path, content: null },
    actor,
    at: writtenAt(options, memory.updatedAt),
    before,
  };
  const { row } = await recordVersion(tx, write, options);
  await writeLater(tx, sql`DELETE FROM memories WHERE id = ${memory.id}`);
  return row.id;
}
