import { actorId, type Actor } from "../actor.ts";
import type { Db } from "../db.ts";
import { conflict, invalidRequest, MemoryError } from "../errors.ts";
import { letOthersRun } from "../let-others-run.ts";
import { recordAuditEvent } from "../audit/record-audit-event.ts";
import type { BulkOperation, BulkTypes, StepContext } from "./bulk-operation.ts";
import { PLAN_TTL_MS } from "./lifecycle.ts";
import { assignments, getItems, getRow, insertItems, updateItems } from "./report-tables.ts";
import { asBulkExecution } from "./running-executions.ts";

export interface ExecuteBulkInput<T extends BulkTypes> {
  id: string;
  /** What the person typed: the dry run's confirmation phrase. */
  confirmation: unknown;
  actor: Actor;
  /** The workspace of the request: a plan of another answers as one that does not exist. */
  workspaceId: string;
  /**
   * Checks what the caller gave besides the confirmation against the plan (the text again, the
   * digest) and returns what the run needs; it throws to refuse, before anything is claimed.
   */
  check(plan: T["plan"]): T["run"];
  /** Told after each chunk how many of the items to carry out are done, of how many (a progress stream). */
  onProgress?(done: number, total: number): void;
}

/**
 * Carries out a dry run, conditional on what it saw: checked (the operation's own check, then:
 * still planned, not older than PLAN_TTL_MS, the phrase typed, something to do), claimed
 * (planned → running, once, with who and when), then chunk by chunk, each chunk and its report
 * rows in one transaction with a yield between chunks; then what the selection matches
 * afterwards without an item naming it is recorded `late`, with the counts after, and the plan
 * is the report.
 */
export function executeBulk<T extends BulkTypes>(
  db: Db,
  operation: BulkOperation<T>,
  input: ExecuteBulkInput<T>,
): Promise<{ plan: T["plan"]; items: T["item"][] }> {
  return asBulkExecution(() => checkClaimAndRun(db, operation, input));
}

async function checkClaimAndRun<T extends BulkTypes>(
  db: Db,
  operation: BulkOperation<T>,
  input: ExecuteBulkInput<T>,
): Promise<{ plan: T["plan"]; items: T["item"][] }> {
  const { noun, verb, done } = operation.words;
  const plan = await getRow(db.sql, operation.plans, input.id, noun, input.workspaceId);
  const run = input.check(plan);
  if (plan.status !== "planned") throw conflict(`${noun} ${plan.id} has already been carried out (${plan.status}); run a new dry run to ${verb} again.`);
  if (Date.now() - plan.createdAt.getTime() > PLAN_TTL_MS) {
    throw conflict(`The dry run ${plan.id} is older than ${PLAN_TTL_MS / 60_000} minutes; run it again, so that what is ${done} is what you saw.`);
  }
  const phrase = operation.confirmation(plan);
  if (input.confirmation !== phrase) throw invalidRequest(`confirmation: type "${phrase}" to confirm.`);
  if (operation.size(plan) === 0) throw conflict(`The dry run ${plan.id} found nothing to ${verb}.`);

  const table = operation.plans.sqlName;
  const claimed = await db.sqlTransaction(
    (tx) => tx.$executeRaw`
      UPDATE ${table} SET status = 'running', executed_by_type = ${input.actor.type}, executed_by_id = ${actorId(input.actor)}, executed_at = ${new Date()}
      WHERE id = ${plan.id} AND status = 'planned'`,
  );
  if (claimed !== 1) throw conflict(`${noun} ${plan.id} has already been carried out; run a new dry run to ${verb} again.`);

  const context: StepContext<T> = { plan, run, actor: input.actor };
  await operation.beforeChunks?.(db, context);
  await letOthersRun();
  const items = await getItems(db.sql, operation.items, plan.id);
  const key = (item: T["item"]) => operation.items.key(item);
  // The report as the chunks leave it, in the items' order: what the execution returns, unless
  // it wrote items besides (then it is read back, in the table's order).
  const report = new Map(items.map((item) => [key(item), item]));
  let wroteUnplanned = false;
  const chunks = operation.chunks(plan, items);
  const total = chunks.reduce((n, chunk) => n + chunk.length, 0);
  let carried = 0;
  input.onProgress?.(0, total);
  await letOthersRun();
  for (const chunk of chunks) {
    const { done, written } = await runChunk(db, operation, chunk, context);
    for (const item of done) report.set(key(item), operation.items.withResults(report.get(key(item)) ?? item, item));
    // What the chunk wrote is named by the report too: never found late.
    for (const item of written) report.set(key(item), item);
    wroteUnplanned ||= written.length > 0;
    carried += chunk.length;
    input.onProgress?.(carried, total);
    await letOthersRun();
  }

  // What matches afterwards: the late items and the counts after (an operation without a late finder has neither).
  const lateItem = operation.late;
  const after = lateItem ? await operation.find(db, operation.selection(plan, run)) : [];
  const late = lateItem ? after.map((target) => lateItem(target)).filter((item) => !report.has(key(item))) : [];
  const completion = assignments({ status: "completed", completed_at: new Date(), ...operation.countsAfter?.(after, [...report.values()]) });
  await db.sqlTransaction(async (tx) => {
    await insertItems(tx, db.dialect, operation.items, plan.id, late);
    await tx.$executeRaw`UPDATE ${table} SET ${completion} WHERE id = ${plan.id}`;
    await recordAuditEvent(tx, {
      action: operation.audit.action,
      actor: input.actor,
      target: { type: operation.idPrefix, id: plan.id },
      storeId: operation.audit.storeOf(plan),
      workspaceId: plan.workspaceId,
      details: { items: items.length + late.length },
    });
  });
  await operation.afterCompletion?.(db, context);
  // Reading 10,000 items back held the event loop 65 ms.
  const reported = wroteUnplanned || late.length > 0 ? await getItems(db.sql, operation.items, plan.id) : [...report.values()];
  return { plan: await getRow(db.sql, operation.plans, plan.id, noun, plan.workspaceId), items: reported };
}

/**
 * One chunk in one transaction with its report rows; returns its items as recorded and the items
 * it wrote besides. A store deleted since the dry run took the chunk with it.
 */
async function runChunk<T extends BulkTypes>(
  db: Db,
  operation: BulkOperation<T>,
  chunk: T["item"][],
  context: StepContext<T>,
): Promise<{ done: T["item"][]; written: T["item"][] }> {
  const { plan } = context;
  try {
    return await db.sqlTransaction(async (tx) => {
      const { done, written = [] } = await operation.step(tx, chunk, context);
      await updateItems(tx, operation.items, plan.id, done);
      await insertItems(tx, db.dialect, operation.items, plan.id, written);
      return { done, written };
    }, operation.transaction?.(plan));
  } catch (error) {
    if (!(error instanceof MemoryError && error.code === "not_found")) throw error;
    const gone = chunk.map((item) => operation.gone(item));
    await db.sqlTransaction((tx) => updateItems(tx, operation.items, plan.id, gone));
    return { done: gone, written: [] };
  }
}
