// GET /v1/organizations/api_keys/{api_key_id} – a key; POST – rename it or revoke it (status inactive/archived)
import type { Principal } from "@/lib/auth/principal.ts";
import { assertWorkspaceAdmin } from "@/lib/auth/organization-access.ts";
import { findOrgKey, updateOrgKey } from "@/lib/auth/organization-keys.ts";
import type { Db } from "@/lib/memory/db.ts";
import { MemoryError, notFound } from "@/lib/memory/errors.ts";
import { orgApiKeyWire } from "@/lib/http/organization-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";

/** An organisation admin reaches every key; a workspace's admin that workspace's (another's, or an organisation key, is not there). */
async function scopeOf(db: Db, principal: Principal, id: string, change: boolean): Promise<string | undefined> {
  if (principal.orgAdmin) return undefined;
  const key = await findOrgKey(db.sql, id);
  if (key.workspaceId === null) throw notFound(`API key ${id} not found.`);
  await assertWorkspaceAdmin(db.sql, principal, key.workspaceId, change).catch((error: unknown) => {
    throw error instanceof MemoryError && error.code === "not_found" ? notFound(`API key ${id} not found.`) : error;
  });
  return key.workspaceId;
}

export const GET = apiRoute(OPERATIONS.retrieveOrganizationApiKey, async ({ db, params, principal }) => {
  const only = await scopeOf(db, principal, params.api_key_id, false);
  return orgApiKeyWire(await findOrgKey(db.sql, params.api_key_id, only));
});

export const POST = apiRoute(OPERATIONS.updateOrganizationApiKey, async ({ db, params, input, principal, actor }) => {
  const only = await scopeOf(db, principal, params.api_key_id, true);
  return orgApiKeyWire(await updateOrgKey(db, params.api_key_id, await input(), actor, only));
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
