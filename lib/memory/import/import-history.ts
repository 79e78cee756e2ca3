import type { Actor } from "../actor.ts";
import type { Db, MemoryRecord, SqlClient } from "../db.ts";
import { invalidRequest, MemoryError } from "../errors.ts";
import { letOthersRun } from "../let-others-run.ts";
import { LIMITS } from "../limits.ts";
import { validateContent } from "../memories/content.ts";
import { changeMemory, insertMemory, removeMemory } from "../memories/mutations.ts";
import { assertPathFree } from "../memories/path-conflicts.ts";
import { validateMemoryPath } from "../paths.ts";
import { checkNewStore, insertStore, type CreateStoreInput } from "../stores/create-store.ts";
import { assertNotArchived, lockStore } from "../stores/lock-store.ts";
import { clearVersionContent } from "../versions/redact-version.ts";
import type { VersionOperation } from "../versions/operations.ts";
import { insertImportReport, type ImportItem, type ImportReportRecord } from "./import-rows.ts";
import { Prisma } from "../db.ts";

/** One exported version, as read from JSON Lines. */
export interface HistoryVersion {
  id: string;
  memoryId: string;
  operation: VersionOperation;
  path: string | null;
  content: string | null;
  createdAt: Date;
  createdBy: Actor | null;
  redactedAt: Date | null;
  redactedBy: Actor | null;
}

export interface ImportHistoryInput {
  target: { storeId: string } | { newStore: CreateStoreInput };
  versions: readonly HistoryVersion[];
  /** The live memories the export ended with: the replay must end the same. */
  expected: readonly { path: string; contentSha256: string }[];
  /** Who a version without a recorded author is attributed to: the importer. */
  actor: Actor;
  /** The uploaded file's name, for the report. */
  sourceName?: string | null;
  dryRun?: boolean;
  /** Called as versions are replayed (after each batch), with how many of how many. */
  onProgress?: (written: number, total: number) => void;
}

export interface ImportHistoryResult {
  storeId: string | null;
  dryRun: boolean;
  memories: { path: string; contentSha256: string }[];
  versions: number;
  /** The report row the import left (null for a dry run). */
  report: ImportReportRecord | null;
}

class DryRunDone extends Error {
  constructor(readonly result: ImportHistoryResult) {
    super("dry run");
  }
}

const BATCH = 100;

/**
 * Replays an export's history into an empty store: every version in order, with its original
 * operation, author and time, through the single write path, each marked `imported_from` the
 * version it copies. Redacted versions are written and redacted again (their content is not in
 * the export; while replayed they hold empty content at the path the memory goes on to have).
 * Lands whole or not at all; a dry run replays and rolls back, so it finds exactly what the
 * real import would.
 */
export async function importHistory(db: Db, input: ImportHistoryInput): Promise<ImportHistoryResult> {
  const newStore = "newStore" in input.target ? checkNewStore(input.target.newStore) : null;
  const placeholderPaths = laterPaths(input.versions);
  try {
    return await db.sqlTransaction(
      async (tx) => {
        const storeId = newStore ? (await insertStore(tx, newStore)).id : (input.target as { storeId: string }).storeId;
        const store = await lockStore(tx, storeId);
        assertNotArchived(store, "importing memories");
        if (store.memoryCount > 0)
          throw invalidRequest(`An import with history goes into a new or empty store; memory store ${storeId} holds ${store.memoryCount} memories.`);
        const written: ImportItem[] = [];
        const live = await replay(tx, storeId, input, placeholderPaths, written, db.engine === "postgres");
        const memories = [...live.values()].map((m) => ({ path: m.path, contentSha256: m.contentSha256 })).sort((a, b) => (a.path < b.path ? -1 : 1));
        assertSameEnd(memories, input.expected);
        const result = { storeId: newStore ? null : storeId, dryRun: !!input.dryRun, memories, versions: input.versions.length, report: null };
        if (input.dryRun) throw new DryRunDone(result);
        const report = await insertImportReport(
          tx,
          {
            storeId,
            source: "jsonl",
            sourceName: input.sourceName ?? null,
            onConflict: null,
            withHistory: true,
            newStore: newStore !== null,
            actor: input.actor,
            counts: { memories: memories.length, versions: written.length },
            memoriesWritten: memories.length,
          },
          written,
        );
        return { ...result, storeId, report };
      },
      { timeoutMs: 300_000 },
    );
  } catch (error) {
    if (error instanceof DryRunDone) return error.result;
    throw error;
  }
}

/** For each redacted version without a path, the next path its memory is known to have. */
function laterPaths(versions: readonly HistoryVersion[]): Map<string, string> {
  const next = new Map<string, string>();
  const out = new Map<string, string>();
  for (let i = versions.length - 1; i >= 0; i--) {
    const v = versions[i]!;
    if (v.path !== null) next.set(v.memoryId, v.path);
    else out.set(v.id, next.get(v.memoryId) ?? `/imported-redacted/${v.memoryId}`);
  }
  return out;
}

async function replay(
  tx: SqlClient,
  storeId: string,
  input: ImportHistoryInput,
  placeholderPaths: Map<string, string>,
  written: ImportItem[],
  deferSearchIndex: boolean,
) {
  const live = new Map<string, MemoryRecord>();
  const last = new Map<string, { newId: string; versionId: string }>();
  let count = 0;
  for (const [i, v] of input.versions.entries()) {
    const where = `version ${i + 1} (${v.id})`;
    const redacted = v.redactedAt !== null;
    const path = v.path ?? placeholderPaths.get(v.id)!;
    const content = v.content ?? "";
    if (!redacted) {
      try {
        validateMemoryPath(path);
        if (v.operation !== "deleted") validateContent(content);
      } catch (error) {
        if (!(error instanceof MemoryError)) throw error;
        throw invalidRequest(`${where}: ${error.message}`);
      }
    }
    const actor = v.createdBy ?? input.actor;
    const options = { at: v.createdAt, importedFrom: `jsonl:${v.id}`, deferSearchIndex };
    const memory = live.get(v.memoryId);
    let versionId: string;
    if (v.operation === "created") {
      if (memory) throw invalidRequest(`${where}: creates memory ${v.memoryId}, which already exists at that point.`);
      if (++count > LIMITS.memoriesPerStore) throw invalidRequest(`${where}: the store would hold more than ${LIMITS.memoriesPerStore} memories.`);
      if (!redacted) await assertPathFree(tx, storeId, path);
      const before = last.get(v.memoryId);
      const again = before ? { memoryId: before.newId, lastVersionId: before.versionId } : undefined;
      const created = await insertMemory(tx, storeId, { path, content }, actor, { ...options, again });
      live.set(v.memoryId, created);
      versionId = created.memoryVersionId;
    } else if (!memory) {
      throw invalidRequest(`${where}: ${v.operation} memory ${v.memoryId}, which does not exist at that point.`);
    } else if (v.operation === "modified") {
      if (!redacted && path !== memory.path) await assertPathFree(tx, storeId, path, [memory.id]);
      const changed = await changeMemory(tx, memory, { path, content }, actor, options);
      live.set(v.memoryId, changed);
      versionId = changed.memoryVersionId;
    } else {
      versionId = await removeMemory(tx, memory, actor, options);
      live.delete(v.memoryId);
      count -= 1;
    }
    const newMemoryId = (memory ?? live.get(v.memoryId))!.id;
    last.set(v.memoryId, { newId: newMemoryId, versionId });
    written.push({ versionId, memoryId: newMemoryId, action: v.operation });
    if (redacted) await clearVersionContent(tx, Prisma.sql`id = ${versionId}`, v.redactedBy ?? input.actor, v.redactedAt!);
    if (i % BATCH === BATCH - 1) {
      input.onProgress?.(i + 1, input.versions.length);
      await letOthersRun();
    }
  }
  return live;
}

function assertSameEnd(memories: { path: string; contentSha256: string }[], expected: readonly { path: string; contentSha256: string }[]) {
  const key = (list: readonly { path: string; contentSha256: string }[]) => new Map(list.map((m) => [m.path, m.contentSha256]));
  const got = key(memories);
  const want = key(expected);
  const differ = [...want].filter(([path, sha]) => got.get(path) !== sha).map(([path]) => path);
  if (differ.length > 0 || got.size !== want.size) {
    throw invalidRequest(
      `The export's history does not end with its memories (${differ.slice(0, 3).join(", ") || "a different number of memories"}): the file is incomplete or edited. Nothing was imported.`,
    );
  }
}
