// GET /v1/erasures/{erasure} – one erase report with every version it saw or wrote; ?format=json|csv downloads it (admins; extension)
import { reportAnswer } from "@/lib/http/bulk-wire.ts";
import { erasureCsv, erasureWire } from "@/lib/http/erasure-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { erasedStretches } from "@/lib/memory/erase/erasure-rows.ts";
import { getErasure, getErasureItems } from "@/lib/memory/erase/get-erasure.ts";
import { exposedSessions } from "@/lib/memory/reads/exposed-sessions.ts";

export const GET = apiRoute(OPERATIONS.retrieveErasure, async ({ db, params, query, principal }) => {
  const erasure = await getErasure(db.sql, params.erasure, principal.workspaceId);
  const items = await getErasureItems(db.sql, erasure.id);
  const exposed = query.format === "csv" ? [] : await exposedSessions(db, erasedStretches(items));
  return reportAnswer(
    erasure.id,
    query.format,
    () => erasureWire(erasure, items, exposed),
    () => erasureCsv(erasure, items),
  );
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
