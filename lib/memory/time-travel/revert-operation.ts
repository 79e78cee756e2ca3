import { actorFromColumns, actorId } from "../actor.ts";
import type { BulkOperation } from "../bulk/bulk-operation.ts";
import { empty, join, raw, sql, type Db } from "../db.ts";
import { assertStoreExists } from "../stores/assert-store-exists.ts";
import { actorFilter, type ActorFilterInput } from "../versions/list-versions.ts";
import { assertCanPutBack, batches, lateItem, liveHeads, writtenLate, type LateSearch } from "./find-put-back.ts";
import {
  actionFor,
  countByAction,
  inExecutionOrder,
  sideOf,
  sideOfLive,
  stateOfVersion,
  VERSION_COLUMNS,
  WRITING_ACTIONS,
  type LiveHead,
  type PriorVersionRow,
  type PutBackItem,
} from "./put-back-items.ts";
import { putBackChunk } from "./put-back-step.ts";
import { expectReview, reconcileByPath } from "./reconcile-paths.ts";
import { MEMORIES_PER_TRANSACTION } from "./restore-operation.ts";
import { REVERT_ITEMS, REVERTS, revertPhrase, type Revert, type RevertPrincipal } from "./revert-rows.ts";

export type RevertSelection = { storeId: string; principal: RevertPrincipal; gte: Date | null; lte: Date | null };

export type RevertTypes = {
  plan: Revert;
  item: PutBackItem;
  target: PutBackItem;
  /** `late` when looking afterwards for what the principal wrote since the dry run. */
  selection: RevertSelection & { late?: LateSearch };
  run: Record<string, never>;
};

/**
 * Undo a session, a key or a user (lib/memory/bulk/README.md): every memory the principal
 * changed in the window goes back to its state just before the principal's first change in the
 * window — unless a version not of the principal's in the window came after that first change
 * (someone else's, or the principal's own outside the window): then it is a `conflict`, left
 * alone and listed with both sides. Late items are planned ones found changed at their turn,
 * and memories the principal wrote in the window after the dry run (a session still at work).
 */
export const REVERT: BulkOperation<RevertTypes> = {
  words: { noun: "Revert", verb: "revert", done: "reverted" },
  audit: { action: "revert.executed", storeOf: (plan) => plan.storeId },
  idPrefix: "revert",
  plans: REVERTS,
  items: REVERT_ITEMS,

  find: findRevertItems,
  planned: (item) => item,
  seen: (item) => `${item.seen?.versionId ?? "-"}>${item.target?.versionId ?? "-"}`,
  describe: (lifecycle, { storeId, principal, gte, lte }, items, digest) => ({
    ...lifecycle,
    storeId,
    principal,
    gte,
    lte,
    digest,
    actionable: items.filter((i) => i.outcome === "planned").length,
    counts: countByAction(items),
  }),
  confirmation: revertPhrase,
  size: (revert) => revert.actionable,
  selection: (revert) => ({
    storeId: revert.storeId,
    principal: revert.principal,
    gte: revert.gte,
    lte: revert.lte,
    late: { planId: revert.id, since: revert.createdAt },
  }),
  chunks: (_revert, items) =>
    batches(
      items.filter((i) => i.outcome === "planned"),
      MEMORIES_PER_TRANSACTION,
    ),
  step: async (tx, chunk, { plan, actor }) => ({ done: await putBackChunk(tx, plan.storeId, chunk, actor) }),
  gone: (item) => ({ ...item, outcome: "gone" }),
  late: lateItem,
};

/** The version filter that finds a principal's versions (the version list's own: a key's are all written with it). */
export function principalFilter(principal: RevertPrincipal): ActorFilterInput {
  if (principal.type === "api_actor") return { apiKeyId: principal.api_key_id };
  if (principal.type === "session_actor") return { sessionId: principal.session_id };
  return { userId: principal.user_id };
}

type VersionRow = PriorVersionRow & { mine: number | bigint | boolean; in_window: number | bigint | boolean };

async function findRevertItems(db: Db, { storeId, principal, gte, lte, late }: RevertTypes["selection"]): Promise<PutBackItem[]> {
  if (!late) await assertStoreExists(db.sql, storeId);
  const mine = join(actorFilter(principalFilter(principal)), " AND ");
  const window = [...(gte ? [sql`created_at >= ${gte}`] : []), ...(lte ? [sql`created_at <= ${lte}`] : [])];
  const inWindow = window.length ? join(window, " AND ") : sql`1 = 1`;
  const touched = await db.sql.$queryRaw<{ memory_id: string }[]>`
    SELECT DISTINCT memory_id FROM memory_versions
    WHERE store_id = ${storeId} AND ${mine} AND ${inWindow} ${late ? sql`AND ${writtenLate(REVERT_ITEMS, late)}` : empty}`;
  const ids = touched.map((r) => r.memory_id);
  const now = await liveHeads(db.sql, storeId, ids);
  const items: Omit<PutBackItem, "position">[] = [];
  for (const batch of batches(ids)) {
    const rows = await db.sql.$queryRaw<VersionRow[]>`
      SELECT ${raw(VERSION_COLUMNS)},
        CASE WHEN ${mine} THEN 1 ELSE 0 END AS mine, CASE WHEN ${inWindow} THEN 1 ELSE 0 END AS in_window
      FROM memory_versions WHERE store_id = ${storeId} AND memory_id IN (${join(batch)})
      ORDER BY memory_id, id`;
    const byMemory = new Map<string, VersionRow[]>();
    for (const row of rows) byMemory.set(row.memory_id, [...(byMemory.get(row.memory_id) ?? []), row]);
    for (const [memoryId, versions] of byMemory) items.push(revertItem(memoryId, versions, now.get(memoryId) ?? null, principal));
  }
  const plan = await expectReview(db.sql, storeId, reconcileByPath(items));
  if (!late) await assertCanPutBack(db, storeId, plan);
  return inExecutionOrder(plan);
}

const yes = (flag: number | bigint | boolean) => Number(flag) === 1;

function revertItem(memoryId: string, versions: VersionRow[], live: LiveHead | null, principal: RevertPrincipal): Omit<PutBackItem, "position"> {
  const first = versions.findIndex((v) => yes(v.mine) && yes(v.in_window));
  const before = first > 0 ? versions[first - 1]! : null;
  const seen = sideOfLive(live);
  const base = { memoryId, seen, newMemoryId: null, newVersionId: null, awaitingReview: false };
  // Its versions in the window were pruned between the two reads: nothing left to go back from.
  if (first < 0) return { ...base, action: "skip", reason: "pruned: retention removed this principal's versions meanwhile", target: null, outcome: "left" };
  const firstVersion = versions[first]!;
  if (!before && firstVersion.operation !== "created") {
    return { ...base, action: "skip", reason: "pruned: retention removed the version before this principal's first change", target: null, outcome: "left" };
  }
  const target = stateOfVersion(before, memoryId, "");
  const targetSide = target && sideOf(target);
  const other = versions.slice(first + 1).find((v) => !(yes(v.mine) && yes(v.in_window)));
  if (other) {
    const by = actorFromColumns(other.created_by_type, other.created_by_id);
    const who =
      by && by.type === principal.type && actorId(by) === actorId(principal)
        ? "this principal, outside the window"
        : `${by?.type ?? "unknown"} ${by ? actorId(by) : ""}`.trim();
    return { ...base, action: "conflict", reason: `conflict: changed afterwards by ${who} (version ${other.id})`, target: targetSide, outcome: "left" };
  }
  // Created and deleted again by the principal alone: nothing to put back.
  const what = actionFor(live, target) ?? { action: "unchanged" as const, reason: null };
  return { ...base, ...what, target: targetSide, outcome: WRITING_ACTIONS.includes(what.action) ? "planned" : "left" };
}
