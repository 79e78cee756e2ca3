// GET /v1/memory_stores/{store}/memory_versions/{version} – retrieve a version
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { versionWire } from "@/lib/http/serialize.ts";
import { getVersion } from "@/lib/memory/versions/get-version.ts";

export const GET = apiRoute(OPERATIONS.retrieveVersion, async ({ db, params, query }) => {
  const { view = "full" } = query;
  return versionWire(await getVersion(db.sql, params.store, params.version), view === "full");
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
