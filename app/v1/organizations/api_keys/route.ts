// GET /v1/organizations/api_keys – API keys (organisation admins: all; a workspace's admins: that workspace's)
import { mapPage, pagingOf } from "@/lib/auth/id-page.ts";
import { assertWorkspaceAdmin } from "@/lib/auth/organization-access.ts";
import { listOrgKeys } from "@/lib/auth/organization-keys.ts";
import { orgApiKeyWire } from "@/lib/http/organization-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";

/** A workspace admin lists the workspace named by `workspace_id`, else the request's. */
export const GET = apiRoute(OPERATIONS.listOrganizationApiKeys, async ({ db, query, principal }) => {
  let onlyWorkspace: string | undefined;
  if (!principal.orgAdmin) {
    onlyWorkspace = query.workspace_id ?? principal.workspaceId;
    await assertWorkspaceAdmin(db.sql, principal, onlyWorkspace, false);
  }
  const page = await listOrgKeys(db.sql, {
    ...pagingOf(query),
    status: query.status,
    workspaceId: query.workspace_id,
    createdByUserId: query.created_by_user_id,
    onlyWorkspace,
  });
  return mapPage(page, orgApiKeyWire);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
