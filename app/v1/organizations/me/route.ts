// GET /v1/organizations/me – the organisation (one per install)
import { config } from "@/lib/config.ts";
import { assertOrgAdmin } from "@/lib/auth/organization-access.ts";
import { organizationId } from "@/lib/auth/organization.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";

export const GET = apiRoute(OPERATIONS.retrieveOrganization, async ({ db, principal }) => {
  assertOrgAdmin(principal);
  return { id: await organizationId(db), name: config().ORGANIZATION_NAME, type: "organization" as const };
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
