import type { Actor } from "../actor.ts";
import { actorId } from "../actor.ts";
import type { Db } from "../db.ts";
import { conflict, invalidRequest, MemoryError } from "../errors.ts";
import { sha256Hex } from "../hashing.ts";
import { letOthersRun } from "../let-others-run.ts";
import { eraseFromMemory } from "./erase-from-memory.ts";
import { parseEraseText } from "./erase-text.ts";
import { confirmationPhrase, insertItems, PLAN_TTL_MS, setOutcomes, type Erasure, type ErasureItem } from "./erasure-rows.ts";
import { findErasable } from "./find-erasable.ts";
import { getErasure, getErasureItems } from "./get-erasure.ts";
import { scrubBulkDeletionReports, scrubWebhookEvents } from "./scrub-records.ts";

export interface ExecuteErasureInput {
  erasureId: string;
  /** The text again (only its hash was kept): it must be the dry run's. */
  text: unknown;
  /** What the person typed: the dry run's confirmation phrase. */
  confirmation: unknown;
  actor: Actor;
}

/**
 * Carries out a dry run, conditional on what it saw: memory by memory (each in one transaction
 * with its report rows), a memory whose current version is still the one the dry run saw has
 * the text replaced by the marker (or is deleted), and every version the dry run saw is
 * redacted. Whatever holds the text afterwards was written since the dry run: it is reported as
 * `late` and left for a second run. The erasure becomes the report (who, when, every version).
 */
export async function executeErasure(db: Db, input: ExecuteErasureInput): Promise<{ erasure: Erasure; items: ErasureItem[] }> {
  const erasure = await getErasure(db.sql, input.erasureId);
  const text = parseEraseText(input.text);
  if (sha256Hex(text.text) !== erasure.querySha256) throw invalidRequest("query: is not the text of this dry run (compared by its SHA-256).");
  if (erasure.status !== "planned") throw conflict(`Erasure ${erasure.id} has already been carried out (${erasure.status}); run a new dry run to erase again.`);
  if (Date.now() - erasure.createdAt.getTime() > PLAN_TTL_MS) {
    throw conflict(`The dry run ${erasure.id} is older than ${PLAN_TTL_MS / 60_000} minutes; run it again, so that what is erased is what you saw.`);
  }
  const phrase = confirmationPhrase(erasure);
  if (input.confirmation !== phrase) throw invalidRequest(`confirmation: type "${phrase}" to confirm.`);
  if (erasure.versionsBefore === 0) throw conflict(`The dry run ${erasure.id} found nothing to erase.`);

  const executedAt = new Date();
  const claimed = await db.sqlTransaction(
    (tx) => tx.$executeRaw`
      UPDATE erasures SET status = 'running', executed_by_type = ${input.actor.type}, executed_by_id = ${actorId(input.actor)}, executed_at = ${executedAt}
      WHERE id = ${erasure.id} AND status = 'planned'`,
  );
  if (claimed !== 1) throw conflict(`Erasure ${erasure.id} has already been carried out; run a new dry run to erase again.`);

  // What was written about these memories before (events not yet delivered included), before their own erase writes more.
  await scrubRecords(db, erasure, text.text);
  const seen = new Set<string>();
  for (const group of byMemory(await getErasureItems(db.sql, erasure.id))) {
    for (const item of group) seen.add(item.versionId);
    for (const written of await eraseGroup(db, erasure, group, text.text, input.actor)) seen.add(written);
    await letOthersRun();
  }

  const remaining = await findErasable(db, text, erasure.storeIds);
  const late: ErasureItem[] = remaining
    .filter((v) => !seen.has(v.versionId))
    .map((v) => ({ versionId: v.versionId, storeId: v.storeId, memoryId: v.memoryId, kind: "late", outcome: "left" }));
  await db.sqlTransaction(async (tx) => {
    await insertItems(tx, erasure.id, late);
    await tx.$executeRaw`
      UPDATE erasures SET status = 'completed', completed_at = ${new Date()},
        memories_after = ${remaining.filter((v) => v.current).length}, versions_after = ${remaining.length}
      WHERE id = ${erasure.id}`;
  });
  // Old copies of the pages the erase overwrote sit in SQLite's log until it is emptied.
  await db.truncateLog?.();
  return { erasure: await getErasure(db.sql, erasure.id), items: await getErasureItems(db.sql, erasure.id) };
}

/** Webhook events a page per transaction, then the bulk-deletion reports (lib/memory/erase/scrub-records.ts). */
async function scrubRecords(db: Db, erasure: Erasure, text: string) {
  const scope = { storeIds: erasure.storeIds };
  let after: string | null = "";
  while (after !== null) {
    const from: string = after;
    after = await db.sqlTransaction((tx) => scrubWebhookEvents(tx, text, erasure.marker, scope, from));
    await letOthersRun();
  }
  await db.sqlTransaction((tx) => scrubBulkDeletionReports(tx, text, erasure.marker, scope));
}

function byMemory(items: ErasureItem[]): ErasureItem[][] {
  const groups = new Map<string, ErasureItem[]>();
  for (const item of items) {
    const key = `${item.storeId}\u0000${item.memoryId}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups.values()];
}

/** One memory's part, in one transaction; returns the ids of the versions it wrote. A store deleted since the dry run took everything with it. */
async function eraseGroup(db: Db, erasure: Erasure, group: ErasureItem[], text: string, actor: Actor): Promise<string[]> {
  try {
    return await db.sqlTransaction(
      async (tx) => {
        const since = new Date(Date.now() - 1);
        const written = await eraseFromMemory(tx, erasure, group, text, actor);
        // The events this erase just wrote (a deletion names the path that may hold the text), before any worker can deliver them.
        await scrubWebhookEvents(tx, text, erasure.marker, { storeIds: [group[0]!.storeId], since });
        return written;
      },
      { timeoutMs: 60_000 },
    );
  } catch (error) {
    if (!(error instanceof MemoryError && error.code === "not_found")) throw error;
    await db.sqlTransaction((tx) =>
      setOutcomes(
        tx,
        erasure.id,
        group.map((item) => ({ versionId: item.versionId, outcome: "gone" })),
      ),
    );
    return [];
  }
}
