// POST /v1/api_keys/{key}/revoke – revoke a key; it fails from its next request on (admins only)
import { revokeApiKey } from "@/lib/auth/api-keys.ts";
import { apiKeyWire } from "@/lib/http/admin-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";

export const POST = apiRoute(OPERATIONS.revokeApiKey, async ({ db, params, actor, principal }) =>
  apiKeyWire(await revokeApiKey(db, params.key, actor, principal)),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
