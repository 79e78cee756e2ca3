// POST /v1/reverts/{restore}/execute – carry out a revert dry run, conditional on the heads it saw (extension)
import { OPERATIONS } from "@/lib/http/operations.ts";
import { announceExposure } from "@/lib/memory/reads/exposed-sessions.ts";
import { removedStretches } from "@/lib/memory/time-travel/put-back-items.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { assertMayPutBack, revertWire } from "@/lib/http/put-back-wire.ts";
import { executeRevert, getRevertPlan } from "@/lib/memory/time-travel/run-put-back.ts";

export const POST = apiRoute(OPERATIONS.executeRevert, async ({ db, params, input, actor, principal }) => {
  const { confirmation } = await input();
  assertMayPutBack(principal, await getRevertPlan(db.sql, params.revert, principal.workspaceId), "Revert");
  const { plan, items } = await executeRevert(db, { id: params.revert, confirmation, actor, workspaceId: principal.workspaceId });
  // Once it has committed: the sessions that read what it removed, announced to webhooks and in the report.
  const exposed = await announceExposure(db, { act: { type: "revert", id: plan.id }, removed: removedStretches(items, plan.storeId) });
  return revertWire(plan, items, exposed);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
