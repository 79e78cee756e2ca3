import type { Actor } from "../actor.ts";
import type { Db, SqlClient } from "../db.ts";
import { invalidRequest, preconditionFailed } from "../errors.ts";
import { letOthersRun } from "../let-others-run.ts";
import { getMemory } from "../memories/get-memory.ts";
import type { ImportMark } from "../memories/import-mark.ts";
import { changeMemory, insertMemories } from "../memories/mutations.ts";
import { IMPORTED_DELIBERATELY, settleDeliberateWrites } from "../review/deliberate.ts";
import { checkNewStore, insertStore, type CreateStoreInput } from "../stores/create-store.ts";
import { assertNotArchived, lockStore } from "../stores/lock-store.ts";
import { insertImportReport, startImport, type ImportItem, type ImportReportRecord } from "./import-rows.ts";
import { planImport, type ConflictMode, type ImportFile, type ImportPlan, type PlanItem } from "./plan-import.ts";

export interface ImportFilesInput {
  /** An existing store, or a new one created in the import's own transaction. */
  target: { storeId: string } | { newStore: CreateStoreInput };
  files: readonly ImportFile[];
  onConflict: ConflictMode;
  actor: Actor;
  /** Where the files came from (`zip`, `tar.gz`, `folder`, `jsonl`), recorded on each version. */
  source: string;
  /** The uploaded file's name, for the report. */
  sourceName?: string | null;
  dryRun?: boolean;
  /** The digest of the dry run the caller confirmed; required for on_conflict=overwrite. */
  expectedDigest?: string;
  /**
   * Leave out the files with problems and import the rest, instead of refusing the whole import.
   * Only with expectedDigest: what is left out is exactly what the confirmed dry run refused.
   */
  skipProblems?: boolean;
  /** Called as memories are written (after each batch), with how many of how many. */
  onProgress?: (written: number, total: number) => void;
}

export interface ImportResult {
  storeId: string | null;
  dryRun: boolean;
  plan: ImportPlan;
  counts: Record<PlanItem["action"], number>;
  /** The report row the import left (null for a dry run). */
  report: ImportReportRecord | null;
}

/** 10,000 memories must fit; a transaction past this is refused rather than left holding the store. */
const IMPORT_TIMEOUT_MS = 300_000;

function countsOf(plan: ImportPlan): ImportResult["counts"] {
  const counts = { create: 0, overwrite: 0, skip: 0, unchanged: 0, refused: 0 };
  for (const item of plan.items) counts[item.action] += 1;
  return counts;
}

function refuse(plan: ImportPlan): never {
  const shown = plan.items.filter((item) => item.problem).slice(0, 5);
  const more = plan.problems - shown.length;
  throw invalidRequest(
    `Nothing was imported: ${plan.problems} file${plan.problems === 1 ? "" : "s"} cannot be imported (${shown
      .map((item) => `${item.path} ${item.problem}`)
      .join("; ")}${more > 0 ? `; and ${more} more` : ""}). Run a dry run to see every problem.`,
  );
}

/**
 * Imports files as memories: a dry run says what would happen to each; the real import lands
 * whole or not at all, in one transaction under the store lock, one version per memory through
 * the single write path (insertMemory / changeMemory), attributed to the importing actor.
 */
export async function importFiles(db: Db, input: ImportFilesInput): Promise<ImportResult> {
  const newStore = "newStore" in input.target ? checkNewStore(input.target.newStore) : null;
  if (input.dryRun) {
    const plan = await db.sqlTransaction(async (tx) => {
      if (newStore) return planImport(tx, "", input.files, input.onConflict);
      const storeId = (input.target as { storeId: string }).storeId;
      assertNotArchived(await lockStore(tx, storeId), "importing memories");
      return planImport(tx, storeId, input.files, input.onConflict);
    });
    return { storeId: newStore ? null : (input.target as { storeId: string }).storeId, dryRun: true, plan, counts: countsOf(plan), report: null };
  }
  if (input.onConflict === "overwrite" && !input.expectedDigest && !newStore) {
    throw invalidRequest("on_conflict=overwrite: first run a dry run, then pass its plan_digest, so that only what the preview showed is overwritten.");
  }
  if (input.skipProblems && !input.expectedDigest) {
    throw invalidRequest("skip_problems: first run a dry run, then pass its plan_digest, so that only the files it refused are left out.");
  }
  const started = startImport();
  return db.sqlTransaction(
    async (tx) => {
      const storeId = newStore ? (await insertStore(tx, newStore)).id : (input.target as { storeId: string }).storeId;
      assertNotArchived(await lockStore(tx, storeId), "importing memories");
      const plan = await planImport(tx, storeId, input.files, input.onConflict);
      if (plan.problems > 0 && !input.skipProblems) refuse(plan);
      if (input.expectedDigest && input.expectedDigest !== plan.digest) {
        throw preconditionFailed(
          "Nothing was imported: the store changed since the dry run (a memory it would overwrite or skip was written meanwhile). Run the dry run again and confirm what it shows.",
        );
      }
      const items = await writePlan(tx, storeId, plan, input, started, db.dialect);
      const counts = countsOf(plan);
      const report = await insertImportReport(
        tx,
        started,
        {
          storeId,
          source: input.source,
          sourceName: input.sourceName ?? null,
          onConflict: input.onConflict,
          withHistory: false,
          newStore: newStore !== null,
          actor: input.actor,
          counts,
          memoriesWritten: items.length,
        },
        items,
      );
      return { storeId, dryRun: false, plan, counts, report };
    },
    { timeoutMs: IMPORT_TIMEOUT_MS },
  );
}

async function writePlan(
  tx: SqlClient,
  storeId: string,
  plan: ImportPlan,
  input: ImportFilesInput,
  started: { id: string; at: Date },
  dialect: Db["dialect"],
): Promise<ImportItem[]> {
  const written: ImportItem[] = [];
  const batch = dialect.importBatch;
  // Files carry no author: every version is the importer's, at the import's time, marked imported.
  const imported: ImportMark = {
    from: input.source,
    importId: started.id,
    by: input.actor,
    at: started.at,
    attribution: "importer",
    claimedBy: null,
    claimedAt: null,
  };
  // PostgreSQL's GIN indexes would cost this transaction three quarters of its time; the flusher indexes the versions after the commit.
  // An import is deliberate (lib/memory/review/deliberate.ts): it opens no review items.
  const options = { ...IMPORTED_DELIBERATELY, at: started.at, imported, deferSearchIndex: dialect.bulkWritesDeferSearchIndex };
  const total = plan.items.filter((item) => item.action === "create" || item.action === "overwrite").length;
  input.onProgress?.(0, total);
  // New memories go in batches (one statement per table per batch); overwrites one by one.
  let creates: { path: string; content: string }[] = [];
  const flush = async () => {
    for (const memory of await insertMemories(tx, storeId, creates, input.actor, options)) {
      written.push({ versionId: memory.memoryVersionId, memoryId: memory.id, action: "create" });
    }
    creates = [];
    input.onProgress?.(written.length, total);
    await letOthersRun();
  };
  for (const item of plan.items) {
    if (item.action === "create") {
      creates.push({ path: item.path, content: item.content! });
      if (creates.length === batch) await flush();
    } else if (item.action === "overwrite") {
      const memory = await changeMemory(
        tx,
        await getMemory(tx, storeId, item.existing!.memoryId),
        { path: item.path, content: item.content! },
        input.actor,
        options,
      );
      await settleDeliberateWrites(tx, storeId, [{ kind: "own", memoryId: memory.id, versionId: memory.memoryVersionId }], {
        action: "edited",
        actor: input.actor,
      });
      written.push({ versionId: memory.memoryVersionId, memoryId: memory.id, action: "overwrite" });
      if (written.length % batch === 0) {
        input.onProgress?.(written.length, total);
        await letOthersRun();
      }
    }
  }
  await flush();
  return written;
}
