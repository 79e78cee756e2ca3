// GET /v1/organizations/invites – invites; POST – invite someone to the request's workspace (organisation admins)
import { mapPage, pagingOf } from "@/lib/auth/id-page.ts";
import { createInvite, INVITE_STATUSES, listInvites, type InviteStatus } from "@/lib/auth/invites.ts";
import { assertOrgAdmin } from "@/lib/auth/organization-access.ts";
import type { Role } from "@/lib/auth/roles.ts";
import { expectedOrigin } from "@/lib/http/session.ts";
import { config } from "@/lib/config.ts";
import { invalidRequest } from "@/lib/memory/errors.ts";
import { allValues, inviteWire } from "@/lib/http/organization-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";

const ROLE_OF: Record<string, Role> = { admin: "admin", developer: "reviewer", user: "viewer" };

export const GET = apiRoute(OPERATIONS.listInvites, async ({ db, query, url, principal }) => {
  assertOrgAdmin(principal);
  const statuses = allValues(url, "statuses");
  const unknown = statuses.find((s) => !(INVITE_STATUSES as readonly string[]).includes(s));
  if (unknown !== undefined) throw invalidRequest(`statuses: must be among ${INVITE_STATUSES.join(", ")} (got "${unknown.slice(0, 40)}").`);
  const roles = allValues(url, "roles");
  const page = await listInvites(db.sql, {
    ...pagingOf(query),
    ...(query.email !== undefined && { email: query.email }),
    statuses: statuses as InviteStatus[],
    ...(roles.length > 0 && { roles: roles.flatMap((r) => (ROLE_OF[r] ? [ROLE_OF[r]] : [])) }),
  });
  return mapPage(page, inviteWire);
});

/** The invitee joins the request's workspace (the anthropic-workspace-id header; Default without it). */
export const POST = apiRoute(OPERATIONS.createInvite, async ({ db, input, principal, actor, request }) => {
  assertOrgAdmin(principal);
  const body = await input();
  if (body.rbac_group_ids && body.rbac_group_ids.length > 0)
    throw invalidRequest("rbac_group_ids: this server has no RBAC groups; give workspace roles with the members API.");
  const { invite, token } = await createInvite(
    db,
    { email: body.email, role: body.role, workspaceId: principal.workspaceId, expiryDays: config().INVITE_EXPIRY_DAYS },
    actor,
  );
  const acceptance = new URL("/invites/accept", expectedOrigin(request.headers));
  acceptance.searchParams.set("token", token);
  return { ...inviteWire(invite), acceptance_url: acceptance.toString() };
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
