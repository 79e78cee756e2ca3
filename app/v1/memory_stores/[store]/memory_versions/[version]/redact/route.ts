// POST /v1/memory_stores/{store}/memory_versions/{version}/redact – redact a version
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { versionWire } from "@/lib/http/serialize.ts";
import { redactVersion } from "@/lib/memory/versions/redact-version.ts";

export const POST = apiRoute(OPERATIONS.redactVersion, async ({ db, params, actor }) =>
  versionWire(await redactVersion(db, { storeId: params.store, versionId: params.version, actor }), true),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
