// GET /v1/api_keys – list keys (never their secrets); POST – create one, its secret shown once (admins only)
import { z } from "zod";
import { createApiKey, listApiKeys } from "@/lib/auth/api-keys.ts";
import { apiKeyWire } from "@/lib/http/admin-wire.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { parseWire } from "@/lib/http/schemas.ts";

const createBody = z.strictObject({
  name: z.string(),
  role: z.string(),
  store_ids: z.array(z.string()).nullish(),
  read_only: z.boolean().optional(),
});

export const GET = apiRoute({ permission: "admin", beta: false }, async ({ db }) => ({
  data: (await listApiKeys(db)).map(apiKeyWire),
  next_page: null,
}));

export const POST = apiRoute({ permission: "admin", beta: false }, async ({ db, body, principal }) => {
  const input = parseWire(createBody, await body(), "body");
  const { key, secret } = await createApiKey(db, { name: input.name, role: input.role, storeIds: input.store_ids, readOnly: input.read_only }, principal);
  return { ...apiKeyWire(key), secret };
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
