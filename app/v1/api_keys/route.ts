// GET /v1/api_keys – list keys (never their secrets); POST – create one, its secret shown once (admins only)
import { createApiKey, listApiKeys } from "@/lib/auth/api-keys.ts";
import { apiKeyWire } from "@/lib/http/admin-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";

export const GET = apiRoute(OPERATIONS.listApiKeys, async ({ db, principal }) => ({
  data: (await listApiKeys(db, principal)).map(apiKeyWire),
  next_page: null,
}));

export const POST = apiRoute(OPERATIONS.createApiKey, async ({ db, input: parsed, principal }) => {
  const input = await parsed();
  const { key, secret } = await createApiKey(
    db,
    { name: input.name, role: input.role, storeIds: input.store_ids, readOnly: input.read_only, scope: input.scope },
    principal,
  );
  return { ...apiKeyWire(key), secret };
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
