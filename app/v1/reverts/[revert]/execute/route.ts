// POST /v1/reverts/{restore}/execute – carry out a revert dry run, conditional on the heads it saw (extension)
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { assertMayPutBack, revertWire } from "@/lib/http/put-back-wire.ts";
import { executeRevert, getRevertPlan } from "@/lib/memory/time-travel/run-put-back.ts";

export const POST = apiRoute(OPERATIONS.executeRevert, async ({ db, params, input, actor, principal }) => {
  const { confirmation } = await input();
  assertMayPutBack(principal, await getRevertPlan(db.sql, params.revert, principal.workspaceId), "Revert");
  const { plan, items } = await executeRevert(db, { id: params.revert, confirmation, actor, workspaceId: principal.workspaceId });
  return revertWire(plan, items);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
