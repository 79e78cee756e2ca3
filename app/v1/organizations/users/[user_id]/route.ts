// GET/POST/DELETE /v1/organizations/users/{user_id} – a user: read, change their organisation role, remove them (organisation admins)
import { assertOrgAdmin } from "@/lib/auth/organization-access.ts";
import { findOrgUser, removeOrgUser, updateOrgUserRole } from "@/lib/auth/organization-users.ts";
import type { Principal } from "@/lib/auth/principal.ts";
import { orgUserWire } from "@/lib/http/organization-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";

/** The person acting: a key acts for the user who made it, so "yourself" is that user too. */
const actingUserOf = (principal: Principal) => (principal.kind === "user" ? principal.userId : principal.ownerUserId);

export const GET = apiRoute(OPERATIONS.retrieveOrganizationUser, async ({ db, params, principal }) => {
  assertOrgAdmin(principal);
  return orgUserWire(await findOrgUser(db.sql, params.user_id));
});

export const POST = apiRoute(OPERATIONS.updateOrganizationUser, async ({ db, params, input, principal, actor }) => {
  assertOrgAdmin(principal);
  const { role } = await input();
  return orgUserWire(await updateOrgUserRole(db, params.user_id, role, actor, actingUserOf(principal), principal.workspaceId));
});

export const DELETE = apiRoute(OPERATIONS.removeOrganizationUser, async ({ db, params, principal, actor }) => {
  assertOrgAdmin(principal);
  await removeOrgUser(db, params.user_id, actor, actingUserOf(principal));
  return { id: params.user_id, type: "user_deleted" as const };
});

export const { PUT, PATCH } = otherMethods("GET", "POST", "DELETE");
