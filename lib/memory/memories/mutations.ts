import type { Actor } from "../actor.ts";
import { actorId, apiKeyIdOf } from "../actor.ts";
import { Prisma, type MemoryRecord, type SqlClient } from "../db.ts";
import { sha256Hex, utf8Length } from "../hashing.ts";
import { newId, newIdAfter } from "../ids.ts";
import { trackChange, trackCreations } from "../review/track-change.ts";
import { validateMemoryState } from "./content.ts";
import { createdByIsClaim, storedImportMark, type ImportMark } from "./import-mark.ts";
import { actorOnWire, enqueueWebhookEvent, enqueueWebhookEvents } from "../webhooks/enqueue-event.ts";
import type { VersionOperation } from "../versions/operations.ts";

/**
 * The only three ways a memory row changes. Each writes the memory and its version in the
 * caller's transaction (invariant 1), keeps `memory_version_id` on the new version and
 * `content_sha256` equal to the hash of `content` (invariant 2), and keeps the store's
 * memory count. Every state written passes the path and content rules here, whatever the
 * source (API, memory tool, import, review, erase): nothing can plant what a create refuses.
 * Callers hold the store lock and have checked overlaps, limits and preconditions.
 * Plain SQL statements that return nothing: every value written is known here, so the
 * returned record is built from them (see memory-rows.ts for why not Prisma model queries).
 */
type Operation = VersionOperation;

export interface WriteOptions {
  /** A review action writes this version; it records its own decision (lib/memory/review). */
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
}

const VERSION_COLUMNS = Prisma.raw(
  "id, store_id, memory_id, operation, path, content, content_sha256, content_size_bytes, created_by_type, created_by_id, api_key_id, created_at, " +
    "imported_from, imported, created_by_claimed",
);

/**
 * The author columns and the import's: `api_key_id` is the key that wrote the row, which for an
 * import is the importer's, whoever `created_by` names (so a file cannot put a version under
 * another key, nor a session version lose its key).
 */
function authorValues(actor: Actor, at: Date, mark: ImportMark | undefined): Prisma.Sql {
  return Prisma.sql`${actor.type}, ${actorId(actor)}, ${apiKeyIdOf(mark?.by ?? actor)}, ${at},
    ${mark?.from ?? null}, ${mark ? storedImportMark(mark) : null}, ${createdByIsClaim(actor, mark)}`;
}

/** The search_pending column, named only when set: SQLite has no such column (its own pending list is filled by a trigger). */
const pendingColumn = (options: WriteOptions) => (options.deferSearchIndex ? Prisma.sql`, search_pending` : Prisma.empty);
const pendingValue = (options: WriteOptions) => (options.deferSearchIndex ? Prisma.sql`, true` : Prisma.empty);

/** The memory's last version before a write, and its path then (null: it did not exist); null for a new memory. */
type Before = { versionId: string; path: string | null } | null;

async function recordVersion(
  tx: SqlClient,
  storeId: string,
  memoryId: string,
  operation: Operation,
  state: { path: string; content: string | null; sha: string | null },
  actor: Actor,
  at: Date,
  before: Before,
  options: WriteOptions,
): Promise<string> {
  const id = before === null ? newId("memver") : newIdAfter("memver", before.versionId);
  const size = state.content === null ? null : utf8Length(state.content);
  await tx.$executeRaw`
    INSERT INTO memory_versions (${VERSION_COLUMNS}${pendingColumn(options)})
    VALUES (${id}, ${storeId}, ${memoryId}, ${operation}, ${state.path}, ${state.content}, ${state.sha}, ${size}, ${authorValues(actor, at, options.imported)}${pendingValue(options)})`;
  await trackChange(
    tx,
    {
      storeId,
      memoryId,
      versionId: id,
      operation,
      path: state.path,
      previousPath: before?.path ?? null,
      previousVersionId: before?.versionId ?? null,
      actor,
      at,
    },
    options,
  );
  // The webhook outbox, in this transaction: ids, path and hash, never the content.
  await enqueueWebhookEvent(tx, {
    type: `memory.${operation}`,
    storeId,
    at: new Date(),
    data: {
      id: memoryId,
      memory_store_id: storeId,
      memory_version_id: id,
      path: state.path,
      previous_path: before?.path ?? null,
      content_sha256: state.sha,
      content_size_bytes: size,
      created_by: actorOnWire(actor),
    },
  });
  return id;
}

async function countMemories(tx: SqlClient, storeId: string, delta: 1 | -1) {
  await tx.$executeRaw`UPDATE memory_stores SET memory_count = memory_count + ${delta} WHERE id = ${storeId}`;
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
): Promise<MemoryRecord> {
  validateMemoryState(state);
  const now = options.at ?? new Date();
  const id = options.again?.memoryId ?? newId("mem");
  const sha = sha256Hex(state.content);
  // The re-created memory did not exist (review sees a creation), yet its versions stay in order.
  const before = options.again ? { versionId: options.again.lastVersionId, path: null } : null;
  const versionId = await recordVersion(tx, storeId, id, "created", { ...state, sha }, actor, now, before, options);
  const memory: MemoryRecord = {
    id,
    storeId,
    path: state.path,
    content: state.content,
    contentSha256: sha,
    contentSizeBytes: utf8Length(state.content),
    memoryVersionId: versionId,
    createdAt: now,
    updatedAt: now,
  };
  await tx.$executeRaw`
    INSERT INTO memories (id, store_id, path, content, content_sha256, content_size_bytes, memory_version_id, created_at, updated_at)
    VALUES (${memory.id}, ${storeId}, ${memory.path}, ${memory.content}, ${sha}, ${memory.contentSizeBytes}, ${versionId}, ${now}, ${now})`;
  await countMemories(tx, storeId, 1);
  return memory;
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
  const now = options.at ?? new Date();
  const operation: Operation = "created";
  const memories: MemoryRecord[] = states.map((state) => ({
    id: newId("mem"),
    storeId,
    path: state.path,
    content: state.content,
    contentSha256: sha256Hex(state.content),
    contentSizeBytes: utf8Length(state.content),
    memoryVersionId: newId("memver"),
    createdAt: now,
    updatedAt: now,
  }));
  const author = authorValues(actor, now, options.imported);
  const versionRows = memories.map(
    (m) => Prisma.sql`(${m.memoryVersionId}, ${storeId}, ${m.id}, ${operation}, ${m.path}, ${m.content}, ${m.contentSha256}, ${m.contentSizeBytes},
      ${author}${pendingValue(options)})`,
  );
  await tx.$executeRaw`
    INSERT INTO memory_versions (${VERSION_COLUMNS}${pendingColumn(options)})
    VALUES ${Prisma.join(versionRows)}`;
  if (!options.settling) {
    await trackCreations(
      tx,
      storeId,
      memories.map((m) => ({ memoryId: m.id, versionId: m.memoryVersionId, path: m.path })),
      actor,
      now,
    );
  }
  // The webhook outbox, as recordVersion writes it for each one-by-one create.
  await enqueueWebhookEvents(
    tx,
    "memory.created",
    storeId,
    memories.map((m) => ({
      at: now,
      data: {
        id: m.id,
        memory_store_id: storeId,
        memory_version_id: m.memoryVersionId,
        path: m.path,
        previous_path: null,
        content_sha256: m.contentSha256,
        content_size_bytes: m.contentSizeBytes,
        created_by: actorOnWire(actor),
      },
    })),
  );
  const memoryRows = memories.map(
    (m) => Prisma.sql`(${m.id}, ${storeId}, ${m.path}, ${m.content}, ${m.contentSha256}, ${m.contentSizeBytes}, ${m.memoryVersionId}, ${now}, ${now})`,
  );
  await tx.$executeRaw`
    INSERT INTO memories (id, store_id, path, content, content_sha256, content_size_bytes, memory_version_id, created_at, updated_at)
    VALUES ${Prisma.join(memoryRows)}`;
  await tx.$executeRaw`UPDATE memory_stores SET memory_count = memory_count + ${memories.length} WHERE id = ${storeId}`;
  return memories;
}

export async function changeMemory(
  tx: SqlClient,
  memory: MemoryRecord,
  state: { path: string; content: string },
  actor: Actor,
  options: WriteOptions = {},
): Promise<MemoryRecord> {
  validateMemoryState(state);
  const now = options.at ?? new Date();
  const sha = sha256Hex(state.content);
  const before = { versionId: memory.memoryVersionId, path: memory.path };
  const versionId = await recordVersion(tx, memory.storeId, memory.id, "modified", { ...state, sha }, actor, now, before, options);
  const changed: MemoryRecord = {
    ...memory,
    path: state.path,
    content: state.content,
    contentSha256: sha,
    contentSizeBytes: utf8Length(state.content),
    memoryVersionId: versionId,
    updatedAt: now,
  };
  await tx.$executeRaw`
    UPDATE memories SET path = ${changed.path}, content = ${changed.content}, content_sha256 = ${sha},
      content_size_bytes = ${changed.contentSizeBytes}, memory_version_id = ${versionId}, updated_at = ${now}
    WHERE id = ${memory.id}`;
  return changed;
}

/** Returns the id of the `deleted` version. */
export async function removeMemory(
  tx: SqlClient,
  memory: Pick<MemoryRecord, "id" | "storeId" | "path" | "memoryVersionId">,
  actor: Actor,
  options: WriteOptions = {},
): Promise<string> {
  const state = { path: memory.path, content: null, sha: null };
  const before = { versionId: memory.memoryVersionId, path: memory.path };
  const versionId = await recordVersion(tx, memory.storeId, memory.id, "deleted", state, actor, options.at ?? new Date(), before, options);
  await tx.$executeRaw`DELETE FROM memories WHERE id = ${memory.id}`;
  await countMemories(tx, memory.storeId, -1);
  return versionId;
}
