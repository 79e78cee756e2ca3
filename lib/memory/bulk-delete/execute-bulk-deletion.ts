import { actorId, type Actor } from "../actor.ts";
import type { Db, SqlClient } from "../db.ts";
import { conflict, invalidRequest, MemoryError } from "../errors.ts";
import { letOthersRun } from "../let-others-run.ts";
import { removeMemory } from "../memories/mutations.ts";
import { deleteStore } from "../stores/delete-store.ts";
import { storeMatches } from "../stores/find-stores.ts";
import { getStore } from "../stores/get-store.ts";
import { lockStore } from "../stores/lock-store.ts";
import { BULK_PLAN_TTL_MS, confirmationPhrase, insertBulkItems, setBulkOutcome, type BulkDeletion, type BulkItem } from "./bulk-deletion-rows.ts";
import { findBulkTargets, storeState } from "./find-bulk-targets.ts";
import { getBulkDeletion, getBulkDeletionItems } from "./get-bulk-deletion.ts";

/** Memories deleted per transaction (each writes a `deleted` version and its review and index rows). */
const MEMORIES_PER_TRANSACTION = 25;

export interface ExecuteBulkDeletionInput {
  id: string;
  /** The dry run's digest, as its answer gave it: the execution acts only on what was shown. */
  digest: unknown;
  /** What the person typed: the dry run's confirmation phrase. */
  confirmation: unknown;
  actor: Actor;
  /** The stores the caller may touch (a store-limited key); undefined: every store. */
  onlyIds?: readonly string[];
}

/**
 * Carries out a dry run, conditional on what it saw, through the one write path: each memory
 * still at the head version seen is deleted (removeMemory: a `deleted` version, review and
 * search index in the same transaction), each store still as seen is deleted (deleteStore).
 * Anything changed since is left and reported (`changed`), anything gone meanwhile is `gone`,
 * and what matches the filter afterwards without having been seen is reported `late` for a new
 * dry run. The row becomes the report (who, when, every id, counts before and after).
 */
export async function executeBulkDeletion(db: Db, input: ExecuteBulkDeletionInput): Promise<{ bulk: BulkDeletion; items: BulkItem[] }> {
  const bulk = await getBulkDeletion(db.sql, input.id);
  if (input.digest !== bulk.digest) throw invalidRequest("digest: is not the digest of this dry run; run the dry run again and confirm what it shows.");
  if (bulk.status !== "planned") throw conflict(`Bulk deletion ${bulk.id} has already been carried out (${bulk.status}); run a new dry run.`);
  if (Date.now() - bulk.createdAt.getTime() > BULK_PLAN_TTL_MS) {
    throw conflict(`The dry run ${bulk.id} is older than ${BULK_PLAN_TTL_MS / 60_000} minutes; run it again, so that what is deleted is what you saw.`);
  }
  const phrase = confirmationPhrase(bulk);
  if (input.confirmation !== phrase) throw invalidRequest(`confirmation: type "${phrase}" to confirm.`);
  if (bulk.countBefore === 0) throw conflict(`The dry run ${bulk.id} found nothing to delete.`);

  const claimed = await db.sqlTransaction(
    (tx) => tx.$executeRaw`
      UPDATE bulk_deletions SET status = 'running', executed_by_type = ${input.actor.type}, executed_by_id = ${actorId(input.actor)}, executed_at = ${new Date()}
      WHERE id = ${bulk.id} AND status = 'planned'`,
  );
  if (claimed !== 1) throw conflict(`Bulk deletion ${bulk.id} has already been carried out; run a new dry run.`);

  const planned = (await getBulkDeletionItems(db.sql, bulk.id)).filter((i) => i.kind === "planned");
  if (bulk.filter.target === "memories") await deleteMemories(db, bulk, planned, input.actor);
  else await deleteStores(db, bulk, planned);

  const seen = new Set(planned.map((i) => i.targetId));
  const after = await findBulkTargets(db, bulk.filter, input.onlyIds);
  const late: BulkItem[] = after.filter((t) => !seen.has(t.targetId)).map((t) => ({ ...t, kind: "late", outcome: "left" }));
  await db.sqlTransaction(async (tx) => {
    await insertBulkItems(tx, bulk.id, late);
    await tx.$executeRaw`
      UPDATE bulk_deletions SET status = 'completed', completed_at = ${new Date()},
        count_after = ${after.length}, memories_after = ${after.reduce((n, t) => n + t.memoryCount, 0)}
      WHERE id = ${bulk.id}`;
  });
  return { bulk: await getBulkDeletion(db.sql, bulk.id), items: await getBulkDeletionItems(db.sql, bulk.id) };
}

async function deleteMemories(db: Db, bulk: BulkDeletion, items: BulkItem[], actor: Actor) {
  for (let i = 0; i < items.length; i += MEMORIES_PER_TRANSACTION) {
    const chunk = items.slice(i, i + MEMORIES_PER_TRANSACTION);
    await db.sqlTransaction(async (tx) => {
      const storeGone = await lockStore(tx, chunk[0]!.storeId).then(
        () => false,
        (error: unknown) => (error instanceof MemoryError && error.code === "not_found" ? true : Promise.reject(error)),
      );
      for (const item of chunk) await setBulkOutcome(tx, bulk.id, item.targetId, storeGone ? "gone" : await deleteOneMemory(tx, item, actor));
    });
    await letOthersRun();
  }
}

async function deleteOneMemory(tx: SqlClient, item: BulkItem, actor: Actor): Promise<BulkItem["outcome"]> {
  const [memory] = await tx.$queryRaw<{ id: string; store_id: string; path: string; memory_version_id: string }[]>`
    SELECT id, store_id, path, memory_version_id FROM memories WHERE id = ${item.targetId} AND store_id = ${item.storeId}`;
  if (!memory) return "gone";
  if (memory.memory_version_id !== item.seen) return "changed";
  await removeMemory(tx, { id: memory.id, storeId: memory.store_id, path: memory.path, memoryVersionId: memory.memory_version_id }, actor);
  return "deleted";
}

/** Each store in its own (chunked) deletion, if it is still as the dry run saw it and still matches. */
async function deleteStores(db: Db, bulk: BulkDeletion, items: BulkItem[]) {
  const filter = bulk.filter;
  if (filter.target !== "stores") return;
  for (const item of items) {
    let outcome: BulkItem["outcome"] = "deleted";
    try {
      await deleteStore(db, item.targetId, {
        precondition: async (tx) => {
          const store = await getStore(tx, item.targetId);
          if (!storeMatches(store, filter) || (await storeState({ sql: tx }, store)) !== item.seen) throw conflict("changed since the dry run");
        },
      });
    } catch (error) {
      if (!(error instanceof MemoryError) || (error.code !== "not_found" && error.code !== "conflict")) throw error;
      outcome = error.code === "not_found" ? "gone" : "changed";
    }
    await db.sqlTransaction((tx) => setBulkOutcome(tx, bulk.id, item.targetId, outcome));
    await letOthersRun();
  }
}
