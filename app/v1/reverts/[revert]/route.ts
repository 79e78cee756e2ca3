// GET /v1/reverts/{restore} – one revert with every memory it saw; ?format=json|csv downloads it (extension)
import { reportAnswer } from "@/lib/http/bulk-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { exposedSessions } from "@/lib/memory/reads/exposed-sessions.ts";
import { removedStretches } from "@/lib/memory/time-travel/put-back-items.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { assertMayPutBack, putBackCsv, revertWire } from "@/lib/http/put-back-wire.ts";
import { getRevert } from "@/lib/memory/time-travel/run-put-back.ts";

export const GET = apiRoute(OPERATIONS.retrieveRevert, async ({ db, params, query, principal }) => {
  const { plan, items } = await getRevert(db.sql, params.revert, principal.workspaceId);
  assertMayPutBack(principal, plan, "Revert");
  const exposed = await exposedSessions(db, removedStretches(items, plan.storeId));
  return reportAnswer(
    plan.id,
    query.format,
    () => revertWire(plan, items, exposed),
    () => putBackCsv("revert_id", plan.id, items),
  );
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
