// GET /v1/erasures/{erasure} – one erase report with every version it saw or wrote; ?format=json|csv downloads it (admins; extension)
import { erasureCsv, erasureFormatQuery, erasureWire } from "@/lib/http/erasure-wire.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { parseWire, queryOf } from "@/lib/http/schemas.ts";
import { getErasure, getErasureItems } from "@/lib/memory/erase/get-erasure.ts";

export const GET = apiRoute<{ erasure: string }>({ permission: "admin", beta: false }, async ({ db, params, url }) => {
  const { format } = parseWire(erasureFormatQuery, queryOf(url), "query");
  const erasure = await getErasure(db.sql, params.erasure);
  const items = await getErasureItems(db.sql, erasure.id);
  if (!format) return erasureWire(erasure, items);
  const attachment = { "content-disposition": `attachment; filename="${erasure.id}.${format}"` };
  return format === "csv"
    ? new Response(erasureCsv(erasure, items), { headers: { "content-type": "text/csv; charset=utf-8", ...attachment } })
    : Response.json(erasureWire(erasure, items), { headers: attachment });
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
