// GET /v1/organizations/users – the organisation's active users (organisation admins)
import { mapPage, pagingOf } from "@/lib/auth/id-page.ts";
import { assertOrgAdmin } from "@/lib/auth/organization-access.ts";
import { listOrgUsers } from "@/lib/auth/organization-users.ts";
import { allValues, orgUserWire } from "@/lib/http/organization-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";

export const GET = apiRoute(OPERATIONS.listOrganizationUsers, async ({ db, query, url, principal }) => {
  assertOrgAdmin(principal);
  return mapPage(
    await listOrgUsers(db.sql, { ...pagingOf(query), ...(query.email !== undefined && { email: query.email }), roles: allValues(url, "roles") }),
    orgUserWire,
  );
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
