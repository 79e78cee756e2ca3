// GET /v1/restores/{restore} – one restore with every memory it saw; ?format=json|csv downloads it (extension)
import { reportAnswer } from "@/lib/http/bulk-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { exposedSessions } from "@/lib/memory/reads/exposed-sessions.ts";
import { removedStretches } from "@/lib/memory/time-travel/put-back-items.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { assertMayPutBack, putBackCsv, restoreWire } from "@/lib/http/put-back-wire.ts";
import { getRestore } from "@/lib/memory/time-travel/run-put-back.ts";

export const GET = apiRoute(OPERATIONS.retrieveRestore, async ({ db, params, query, principal }) => {
  const { plan, items } = await getRestore(db.sql, params.restore, principal.workspaceId);
  assertMayPutBack(principal, plan, "Restore");
  const exposed = await exposedSessions(db, removedStretches(items, plan.storeId));
  return reportAnswer(
    plan.id,
    query.format,
    () => restoreWire(plan, items, exposed),
    () => putBackCsv("restore_id", plan.id, items),
  );
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
