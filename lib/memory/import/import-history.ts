import type { Actor } from "../actor.ts";
import type { Db, MemoryRecord, SqlClient } from "../db.ts";
import { invalidRequest, MemoryError } from "../errors.ts";
import { letOthersRun } from "../let-others-run.ts";
import { createMemoryInTx } from "../memories/create-memory.ts";
import type { ImportMark } from "../memories/import-mark.ts";
import { removeMemory, type WriteOptions } from "../memories/mutations.ts";
import { assertPathFree } from "../memories/path-conflicts.ts";
import { applyUpdate } from "../memories/update-memory.ts";
import { IMPORTED_DELIBERATELY } from "../review/deliberate.ts";
import { checkNewStore, insertStore, type CreateStoreInput } from "../stores/create-store.ts";
import { assertNotArchived, lockStore, type LockedStore } from "../stores/lock-store.ts";
import { assertNotLiveHead, clearVersionContent } from "../versions/redact-version.ts";
import type { Attribution } from "./attribution.ts";
import { HistoryRules, type HistoryStep, type StepWrite } from "./history-rules.ts";
import { insertImportReport, startImport, type ImportItem, type ImportReportRecord } from "./import-rows.ts";
import { sql } from "../db.ts";

/** One exported version, as read from JSON Lines: its author and times are what the file claims. */
export interface HistoryVersion extends HistoryStep {
  content: string | null;
  createdBy: Actor | null;
  redactedBy: Actor | null;
}

export interface ImportHistoryInput {
  target: { storeId: string } | { newStore: CreateStoreInput };
  versions: readonly HistoryVersion[];
  /** The live memories the export ended with: the replay must end the same. */
  expected: readonly { path: string; contentSha256: string }[];
  /** Who runs the import. */
  actor: Actor;
  /**
   * What `created_by` / `created_at` (and a redaction's `redacted_by` / `redacted_at`) show: the
   * importer and the import's time, or the file's claim (admin imports only: the caller checks).
   * Either way every version is marked imported and keeps the file's claim apart.
   */
  attribution: Attribution;
  /** The uploaded file's name, for the report. */
  sourceName?: string | null;
  dryRun?: boolean;
  /** Called as versions are replayed (after each batch), with how many of how many. */
  onProgress?: (written: number, total: number) => void;
  /** What verifying the file's history chain found (lib/memory/integrity/verify-carried-chain.ts), recorded with the import. */
  historyChain?: string;
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
 * operation, through the API's own write path (create, update and delete with their checks),
 * each marked imported: the import, who ran it, when, the version it copies and what the file
 * claimed. The whole history is first checked against the rules every write keeps
 * (history-rules.ts), so a refused file is refused before anything is written, with the version
 * named. Redacted versions are redacted once the replay is done, through the API's redaction
 * check. Lands whole or not at all; a dry run replays and rolls back, so it finds exactly what
 * the real import would.
 */
export async function importHistory(db: Db, input: ImportHistoryInput): Promise<ImportHistoryResult> {
  const newStore = "newStore" in input.target ? checkNewStore(input.target.newStore) : null;
  const started = startImport();
  const writes = await checkHistory(input.versions, started.at);
  try {
    return await db.sqlTransaction(
      async (tx) => {
        const storeId = newStore ? (await insertStore(tx, newStore)).id : (input.target as { storeId: string }).storeId;
        const store = await lockStore(tx, storeId);
        assertNotArchived(store, "importing memories");
        if (store.memoryCount > 0)
          throw invalidRequest(`An import with history goes into a new or empty store; memory store ${storeId} holds ${store.memoryCount} memories.`);
        const written: ImportItem[] = [];
        const live = await replay(tx, store, input, writes, started, written, db.dialect.bulkWritesDeferSearchIndex);
        const memories = [...live.values()].map((m) => ({ path: m.path, contentSha256: m.contentSha256 })).sort((a, b) => (a.path < b.path ? -1 : 1));
        assertSameEnd(memories, input.expected);
        const result = { storeId: newStore ? null : storeId, dryRun: !!input.dryRun, memories, versions: input.versions.length, report: null };
        if (input.dryRun) throw new DryRunDone(result);
        const report = await insertImportReport(
          tx,
          started,
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
            historyChain: input.historyChain,
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

/** The whole history through the rules, before any write; what each version writes. */
async function checkHistory(versions: readonly HistoryVersion[], now: Date): Promise<StepWrite[]> {
  const rules = new HistoryRules({ now });
  const writes: StepWrite[] = [];
  for (const [i, v] of versions.entries()) {
    writes.push(rules.apply(v, i)!);
    if (i % 1000 === 999) await letOthersRun();
  }
  rules.finish();
  return writes;
}

async function replay(
  tx: SqlClient,
  store: LockedStore,
  input: ImportHistoryInput,
  writes: readonly StepWrite[],
  started: { id: string; at: Date },
  written: ImportItem[],
  deferSearchIndex: boolean,
) {
  const live = new Map<string, MemoryRecord>();
  const last = new Map<string, { newId: string; versionId: string }>();
  const redactions: { versionId: string; memoryId: string; by: Actor; at: Date }[] = [];
  const byFile = input.attribution === "file";
  for (const [i, v] of input.versions.entries()) {
    const write = writes[i]!;
    const imported: ImportMark = {
      from: `jsonl:${v.id}`,
      importId: started.id,
      by: input.actor,
      at: started.at,
      attribution: input.attribution,
      claimedBy: v.createdBy,
      claimedAt: v.createdAt,
    };
    const actor = byFile ? (v.createdBy ?? input.actor) : input.actor;
    // Deliberate (lib/memory/review/deliberate.ts): its memories are new, so no item is open to settle.
    const options: WriteOptions = { ...IMPORTED_DELIBERATELY, at: byFile ? v.createdAt : started.at, imported, deferSearchIndex };
    const memory = live.get(v.memoryId);
    let versionId: string;
    try {
      if (v.operation === "created") {
        const before = last.get(v.memoryId);
        const again = before ? { memoryId: before.newId, lastVersionId: before.versionId } : undefined;
        const created = await createMemoryInTx(tx, store, write.path, write.content, actor, { ...options, again });
        live.set(v.memoryId, created);
        versionId = created.memoryVersionId;
      } else if (v.operation === "modified") {
        const changed = await applyUpdate(tx, memory!, write, actor, options);
        live.set(v.memoryId, changed);
        versionId = changed.memoryVersionId;
      } else {
        // The path a redacted version may have moved the memory to unseen: checked as a move would be.
        if (write.path !== memory!.path) await assertPathFree(tx, store.id, write.path, [memory!.id]);
        versionId = await removeMemory(tx, { ...memory!, path: write.path }, actor, options);
        live.delete(v.memoryId);
        store.memoryCount -= 1;
      }
    } catch (error) {
      if (error instanceof MemoryError) throw invalidRequest(`Version ${i + 1} (${v.id}): ${error.message}`);
      throw error;
    }
    const newMemoryId = (memory ?? live.get(v.memoryId))!.id;
    last.set(v.memoryId, { newId: newMemoryId, versionId });
    written.push({ versionId, memoryId: newMemoryId, action: v.operation });
    if (v.redactedAt) {
      redactions.push({ versionId, memoryId: newMemoryId, by: byFile ? (v.redactedBy ?? input.actor) : input.actor, at: byFile ? v.redactedAt : started.at });
    }
    if (i % BATCH === BATCH - 1) {
      input.onProgress?.(i + 1, input.versions.length);
      await letOthersRun();
    }
  }
  // Redactions last, each through the API's own check: no live memory's current version.
  for (const r of redactions) {
    try {
      await assertNotLiveHead(tx, { id: r.versionId, memoryId: r.memoryId });
    } catch (error) {
      if (error instanceof MemoryError) throw invalidRequest(`A redacted version of the file: ${error.message}`);
      throw error;
    }
    await clearVersionContent(tx, sql`id = ${r.versionId}`, r.by, r.at);
  }
  return live;
}

function assertSameEnd(memories: { path: string; contentSha256: string }[], expected: readonly { path: string; contentSha256: string }[]) {
  const key = (list: readonly { path: string; contentSha256: string }[]) => new Map(list.map((m) => [m.path, m.contentSha256]));
  const got = key(memories);
  const want = key(expected);
  const differ = [...want].filter(([path, sha]) => got.get(path) !== sha).map(([path]) => JSON.stringify(path.slice(0, 200)));
  if (differ.length > 0 || got.size !== want.size) {
    throw invalidRequest(
      `The export's history does not end with its memories (${differ.slice(0, 3).join(", ") || "a different number of memories"}): the file is incomplete or edited. Nothing was imported.`,
    );
  }
}
