// POST /v1/organizations/workspaces/{workspace_id}/archive – archive a workspace (organisation admins; refused while stores are live)
import { assertOrgAdmin } from "@/lib/auth/organization-access.ts";
import { archiveWorkspace } from "@/lib/auth/workspaces.ts";
import { workspaceWire } from "@/lib/http/organization-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";

export const POST = apiRoute(OPERATIONS.archiveWorkspace, async ({ db, params, principal, actor }) => {
  assertOrgAdmin(principal);
  return workspaceWire(await archiveWorkspace(db, params.workspace_id, actor));
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
