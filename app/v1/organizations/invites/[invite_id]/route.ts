// GET /v1/organizations/invites/{invite_id} – an invite; DELETE – withdraw it (organisation admins)
import { deleteInvite, findInvite } from "@/lib/auth/invites.ts";
import { assertOrgAdmin } from "@/lib/auth/organization-access.ts";
import { inviteWire } from "@/lib/http/organization-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";

export const GET = apiRoute(OPERATIONS.retrieveInvite, async ({ db, params, principal }) => {
  assertOrgAdmin(principal);
  return inviteWire(await findInvite(db.sql, params.invite_id));
});

export const DELETE = apiRoute(OPERATIONS.deleteInvite, async ({ db, params, principal, actor }) => {
  assertOrgAdmin(principal);
  await deleteInvite(db, params.invite_id, actor);
  return { id: params.invite_id, type: "invite_deleted" as const };
});

export const { POST, PUT, PATCH } = otherMethods("GET", "DELETE");
