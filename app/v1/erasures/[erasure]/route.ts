// GET /v1/erasures/{erasure} – one erase report with every version it saw or wrote; ?format=json|csv downloads it (admins; extension)
import { erasureCsv, erasureWire } from "@/lib/http/erasure-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { getErasure, getErasureItems } from "@/lib/memory/erase/get-erasure.ts";

export const GET = apiRoute(OPERATIONS.retrieveErasure, async ({ db, params, query }) => {
  const { format } = query;
  const erasure = await getErasure(db.sql, params.erasure);
  const items = await getErasureItems(db.sql, erasure.id);
  if (!format) return erasureWire(erasure, items);
  const attachment = { "content-disposition": `attachment; filename="${erasure.id}.${format}"` };
  return format === "csv"
    ? new Response(erasureCsv(erasure, items), { headers: { "content-type": "text/csv; charset=utf-8", ...attachment } })
    : Response.json(erasureWire(erasure, items), { headers: attachment });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
