import { actorFromColumns, actorId } from "../actor.ts";
import { inStoreScope, type StoreScope } from "../store-scope.ts";
import { empty, join, raw, sql, type Db } from "../db.ts";
import { notFound } from "../errors.ts";
import { decisionColumns, decisionFromRow, type ReviewDecisionRecord, type ReviewDecisionRow } from "../review/review-rows.ts";
import { batches, liveHeads } from "../time-travel/find-put-back.ts";
import { expectReview } from "../time-travel/reconcile-paths.ts";
import {
  actionFor,
  inExecutionOrder,
  sideOf,
  sideOfLive,
  stateOfVersion,
  VERSION_COLUMNS,
  WRITING_ACTIONS,
  type LiveHead,
  type PriorVersionRow,
} from "../time-travel/put-back-items.ts";
import type { BatchUndoItem } from "./batch-undo-rows.ts";

export type BatchUndoSelection = { batchId: string; scope: StoreScope };

/**
 * A batch's decisions, oldest first; not found when it has none, or one in a store the caller may
 * not see (another workspace's, or outside a store-limited key's stores): a batch is undone whole.
 */
export async function batchDecisions(db: Db, { batchId, scope }: BatchUndoSelection): Promise<ReviewDecisionRecord[]> {
  const rows = await db.sql.$queryRaw<(ReviewDecisionRow & { in_scope: number | bigint | boolean })[]>`
    SELECT ${decisionColumns()}, CASE WHEN ${inStoreScope(scope, sql`store_id`)} THEN 1 ELSE 0 END AS in_scope
    FROM review_decisions WHERE batch_id = ${batchId} ORDER BY id`;
  const decisions = rows.map(decisionFromRow);
  if (decisions.length === 0 || rows.some((r) => Number(r.in_scope) !== 1)) {
    throw notFound(`Review batch ${batchId} not found.`);
  }
  return decisions;
}

/**
 * The two ends of what a decision did: `left` is the version the batch left the memory at (an
 * approve: the head it approved; a revert: the version it wrote, or the head when it wrote
 * nothing), `before` the version it goes back to (an approve: the settled one, null when the
 * memory did not exist then; a revert: the head it reverted).
 */
function endsOf(decision: ReviewDecisionRecord): { left: string; before: string | null } {
  if (decision.action === "approved") return { left: decision.toVersionId, before: decision.fromVersionId };
  return { left: decision.resultVersionId ?? decision.toVersionId, before: decision.toVersionId };
}

type VersionRow = PriorVersionRow;

/**
 * The dry run of undoing a batch: per decision, the memory goes back to where it was before the
 * batch — unless it changed after the batch (a version after the one the batch left it at):
 * then it is a `conflict`, left alone and listed with who changed it. What changes between the
 * dry run and its execution is left `late` by the put-back step.
 */
export async function findBatchUndoItems(db: Db, selection: BatchUndoSelection): Promise<BatchUndoItem[]> {
  const decisions = await batchDecisions(db, selection);
  const archived = new Set(
    (
      await db.sql.$queryRaw<{ id: string }[]>`
        SELECT id FROM memory_stores WHERE id IN (${join([...new Set(decisions.map((d) => d.storeId))])}) AND archived_at IS NOT NULL`
    ).map((r) => r.id),
  );
  const items: Omit<BatchUndoItem, "position">[] = [];
  for (const chunk of batches(decisions)) {
    const ids = chunk.map((d) => d.memoryId);
    const firstLeft = chunk.map((d) => endsOf(d).left).reduce((a, b) => (a < b ? a : b));
    const befores = chunk.map((d) => endsOf(d).before).filter((v): v is string => v !== null);
    // The versions the undo goes back to, and every version written since the batch's earliest.
    const versions = await db.sql.$queryRaw<VersionRow[]>`
      SELECT ${raw(VERSION_COLUMNS)}
      FROM memory_versions WHERE memory_id IN (${join(ids)})
        AND (id > ${firstLeft} ${befores.length ? sql`OR id IN (${join(befores)})` : empty})
      ORDER BY id`;
    const byId = new Map(versions.map((v) => [v.id, v]));
    const live = new Map<string, LiveHead>();
    for (const storeId of new Set(chunk.map((d) => d.storeId))) {
      const heads = await liveHeads(
        db.sql,
        storeId,
        chunk.filter((d) => d.storeId === storeId).map((d) => d.memoryId),
      );
      for (const [id, head] of heads) live.set(id, head);
    }
    for (const decision of chunk) {
      const later = versions.filter((v) => v.memory_id === decision.memoryId && v.id > endsOf(decision).left);
      items.push(undoItem(decision, byId, later[0] ?? null, live.get(decision.memoryId) ?? null, archived.has(decision.storeId)));
    }
  }
  const checked = await pathsTaken(db, items);
  const expected = [];
  for (const storeId of new Set(checked.map((i) => i.storeId))) {
    expected.push(
      ...(await expectReview(
        db.sql,
        storeId,
        checked.filter((i) => i.storeId === storeId),
      )),
    );
  }
  return inExecutionOrder(expected);
}

/**
 * A memory that would come back (create) at a path another memory holds now: that path changed
 * after the batch (an undo carried out before re-created it there under a new id, or someone
 * wrote there), so it is a conflict too, left alone.
 */
async function pathsTaken(db: Db, items: Omit<BatchUndoItem, "position">[]): Promise<Omit<BatchUndoItem, "position">[]> {
  const creates = items.filter((i) => i.action === "create");
  const taken = new Map<string, string>();
  for (const storeId of new Set(creates.map((i) => i.storeId))) {
    for (const chunk of batches(creates.filter((i) => i.storeId === storeId).map((i) => i.target!.path!))) {
      const rows = await db.sql.$queryRaw<{ id: string; path: string }[]>`
        SELECT id, path FROM memories WHERE store_id = ${storeId} AND path IN (${join(chunk)})`;
      for (const r of rows) taken.set(`${storeId} ${r.path}`, r.id);
    }
  }
  return items.map((item) => {
    const holder = item.action === "create" ? taken.get(`${item.storeId} ${item.target!.path}`) : undefined;
    return holder ? { ...item, action: "conflict", outcome: "left", reason: `conflict: ${item.target!.path} is memory ${holder}'s path now` } : item;
  });
}

function undoItem(
  decision: ReviewDecisionRecord,
  versions: Map<string, VersionRow>,
  changedSince: VersionRow | null,
  live: LiveHead | null,
  archived: boolean,
): Omit<BatchUndoItem, "position"> {
  const { before } = endsOf(decision);
  const seen = sideOfLive(live);
  const base = {
    memoryId: decision.memoryId,
    storeId: decision.storeId,
    decisionId: decision.id,
    seen,
    newMemoryId: null,
    newVersionId: null,
    awaitingReview: false,
  };
  const row = before === null ? null : versions.get(before);
  if (row === undefined) return { ...base, action: "skip", reason: "pruned: retention removed the version it would go back to", target: null, outcome: "left" };
  const target = stateOfVersion(row, decision.memoryId, decision.storeId);
  const targetSide = target && sideOf(target);
  if (changedSince) {
    const by = actorFromColumns(changedSince.created_by_type, changedSince.created_by_id);
    const who = by ? `${by.type} ${actorId(by)}` : "unknown";
    return {
      ...base,
      action: "conflict",
      reason: `conflict: changed after the batch by ${who} (version ${changedSince.id})`,
      target: targetSide,
      outcome: "left",
    };
  }
  if (archived) return { ...base, action: "skip", reason: "archived: nothing in an archived store can be written", target: targetSide, outcome: "left" };
  const what = actionFor(live, target) ?? { action: "unchanged" as const, reason: null };
  return { ...base, ...what, target: targetSide, outcome: WRITING_ACTIONS.includes(what.action) ? "planned" : "left" };
}
