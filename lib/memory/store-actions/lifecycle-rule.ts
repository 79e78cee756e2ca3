import type { Actor } from "../actor.ts";
import { recordAuditEvent } from "../audit/record-audit-event.ts";
import { executeBulk } from "../bulk/execute-bulk.ts";
import { planBulk } from "../bulk/plan-bulk.ts";
import type { Db, MemoryStore } from "../db.ts";
import { invalidRequest, notFound } from "../errors.ts";
import { allSelectedStores } from "../stores/find-stores.ts";
import { MAX_STORES_PER_ACTION, STORE_ACTIONS } from "./store-action-operation.ts";
import { storeActionPhrase, type StoreAction } from "./store-action-rows.ts";

/**
 * The lifecycle rule (issue 43, part 3): a workspace's stores with no memory written for
 * `archive_after_idle_days` are archived by the server's sweep, with the same dry run, report
 * and audit event as a manual bulk archival (origin `lifecycle`). Off (null) by default.
 */
export const MAX_IDLE_DAYS = 36_500;

/** Who the sweep's dry runs and executions are attributed to: the rule, not a person or a key. */
export const LIFECYCLE_ACTOR: Actor = { type: "service_account_actor", service_account_id: "store_lifecycle_rule" };

export async function getLifecycleRule(db: Db, workspaceId: string): Promise<{ archiveAfterIdleDays: number | null }> {
  const [row] = await db.sql.$queryRaw<{ archive_after_idle_days: number | bigint | null }[]>`
    SELECT archive_after_idle_days FROM workspaces WHERE id = ${workspaceId}`;
  if (!row) throw notFound(`Workspace ${workspaceId} not found.`);
  return { archiveAfterIdleDays: row.archive_after_idle_days === null ? null : Number(row.archive_after_idle_days) };
}

export async function setLifecycleRule(db: Db, input: { workspaceId: string; archiveAfterIdleDays: number | null; actor: Actor }) {
  const days = input.archiveAfterIdleDays;
  if (days !== null && (!Number.isInteger(days) || days < 1 || days > MAX_IDLE_DAYS)) {
    throw invalidRequest(`archive_after_idle_days: a whole number of days from 1 to ${MAX_IDLE_DAYS}, or null to turn the rule off.`);
  }
  await db.sqlTransaction(async (tx) => {
    const changed = await tx.$executeRaw`UPDATE workspaces SET archive_after_idle_days = ${days} WHERE id = ${input.workspaceId}`;
    if (changed !== 1) throw notFound(`Workspace ${input.workspaceId} not found.`);
    await recordAuditEvent(tx, {
      action: "store_lifecycle.changed",
      actor: input.actor,
      workspaceId: input.workspaceId,
      details: { archive_after_idle_days: days },
    });
  });
  return { archiveAfterIdleDays: days };
}

/** What the next sweep would archive now: the workspace's active stores idle that long (none while the rule is off). */
export async function previewLifecycleSweep(db: Db, workspaceId: string): Promise<MemoryStore[]> {
  const { archiveAfterIdleDays } = await getLifecycleRule(db, workspaceId);
  if (archiveAfterIdleDays === null) return [];
  return allSelectedStores(db, { archived: "exclude", idleDays: archiveAfterIdleDays }, { workspaceId }, MAX_STORES_PER_ACTION);
}

/**
 * One sweep over every live workspace whose rule is on: where a store is due, a dry run and its
 * execution, as an admin's bulk archival would (conditional, reported, audited). Nothing is
 * recorded where nothing is due. Returns the reports it made.
 */
export async function sweepLifecycleRules(db: Db): Promise<StoreAction[]> {
  const workspaces = await db.sql.$queryRaw<{ id: string; archive_after_idle_days: number | bigint }[]>`
    SELECT id, archive_after_idle_days FROM workspaces WHERE archive_after_idle_days IS NOT NULL AND archived_at IS NULL ORDER BY id`;
  const reports: StoreAction[] = [];
  for (const workspace of workspaces) {
    const scope = { workspaceId: workspace.id };
    const filter = { archived: "exclude" as const, idleDays: Number(workspace.archive_after_idle_days) };
    if ((await allSelectedStores(db, filter, scope, 0)).length === 0) continue;
    const operation = STORE_ACTIONS.archive;
    const { plan } = await planBulk(db, operation, {
      selection: { selection: { filter }, scope, origin: "lifecycle" },
      actor: LIFECYCLE_ACTOR,
      workspaceId: workspace.id,
    });
    if (plan.countBefore === 0) continue;
    const done = await executeBulk(db, operation, {
      id: plan.id,
      confirmation: storeActionPhrase(plan),
      actor: LIFECYCLE_ACTOR,
      workspaceId: workspace.id,
      check: () => ({ scope }),
    });
    reports.push(done.plan);
  }
  return reports;
}
