// POST /v1/memory_stores/{store}/memory_versions/{version}/redact – redact a version
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { versionWire } from "@/lib/http/serialize.ts";
import { announceExposure } from "@/lib/memory/reads/exposed-sessions.ts";
import { redactVersion } from "@/lib/memory/versions/redact-version.ts";

export const POST = apiRoute(OPERATIONS.redactVersion, async ({ db, params, actor }) => {
  const version = await redactVersion(db, { storeId: params.store, versionId: params.version, actor });
  // The sessions that had read what it held are announced (memory_version.exposed); the answer stays the hosted API's.
  await announceExposure(db, {
    act: { type: "redaction", id: version.id },
    removed: [{ storeId: params.store, memoryId: version.memoryId, from: version.id, to: version.id }],
  });
  return versionWire(version, true);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
