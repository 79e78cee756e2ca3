import type { Actor } from "../actor.ts";
import type { Db } from "../db.ts";
import { newId } from "../ids.ts";
import { letOthersRun } from "../let-others-run.ts";
import type { BulkOperation, BulkTypes } from "./bulk-operation.ts";
import { planDigest } from "./lifecycle.ts";
import { insertItems, insertRow } from "./report-tables.ts";

/**
 * The dry run of a bulk operation: everything its selection matches now, with the state it is
 * in, recorded (the plan row and its items, in one transaction) so that the execution acts on
 * exactly what was seen here. Changes nothing else.
 */
export async function planBulk<T extends BulkTypes>(
  db: Db,
  operation: BulkOperation<T>,
  input: { selection: T["selection"]; actor: Actor; workspaceId: string },
): Promise<{ plan: T["plan"]; items: T["item"][] }> {
  const items = (await operation.find(db, input.selection)).map((target) => operation.planned(target));
  // A dry run of thousands: finding, digesting and recording each hold the event loop a while.
  await letOthersRun();
  const digest = planDigest(items.map((item) => [operation.items.key(item), operation.seen(item)] as const));
  const lifecycle = {
    id: newId(operation.idPrefix),
    status: "planned" as const,
    createdBy: input.actor,
    createdAt: new Date(),
    executedBy: null,
    executedAt: null,
    completedAt: null,
    workspaceId: input.workspaceId,
  };
  const plan = operation.describe(lifecycle, input.selection, items, digest);
  await letOthersRun();
  await db.sqlTransaction(
    async (tx) => {
      await insertRow(tx, operation.plans, plan);
      await insertItems(tx, db.dialect, operation.items, plan.id, items);
    },
    { timeoutMs: 60_000 },
  );
  return { plan, items };
}
