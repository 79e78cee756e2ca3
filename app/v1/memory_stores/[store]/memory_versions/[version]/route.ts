// GET /v1/memory_stores/{store}/memory_versions/{version} – retrieve a version
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { parseWire, queryOf, viewQuery } from "@/lib/http/schemas.ts";
import { versionWire } from "@/lib/http/serialize.ts";
import { getVersion } from "@/lib/memory/versions/get-version.ts";

export const GET = apiRoute<{ store: string; version: string }>({ permission: "read" }, async ({ db, params, url }) => {
  const { view = "full" } = parseWire(viewQuery, queryOf(url), "query");
  return versionWire(await getVersion(db.sql, params.store, params.version), view === "full");
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
