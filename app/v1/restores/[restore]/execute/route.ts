// POST /v1/restores/{restore}/execute – carry out a restore dry run, conditional on the heads it saw (extension)
import { OPERATIONS } from "@/lib/http/operations.ts";
import { announceExposure } from "@/lib/memory/reads/exposed-sessions.ts";
import { removedStretches } from "@/lib/memory/time-travel/put-back-items.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { assertMayPutBack, restoreWire } from "@/lib/http/put-back-wire.ts";
import { executeRestore, getRestorePlan } from "@/lib/memory/time-travel/run-put-back.ts";

export const POST = apiRoute(OPERATIONS.executeRestore, async ({ db, params, input, actor, principal }) => {
  const { confirmation } = await input();
  assertMayPutBack(principal, await getRestorePlan(db.sql, params.restore, principal.workspaceId), "Restore");
  const { plan, items } = await executeRestore(db, { id: params.restore, confirmation, actor, workspaceId: principal.workspaceId });
  // Once it has committed: the sessions that read what it removed, announced to webhooks and in the report.
  const exposed = await announceExposure(db, { act: { type: "restore", id: plan.id }, removed: removedStretches(items, plan.storeId) });
  return restoreWire(plan, items, exposed);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
