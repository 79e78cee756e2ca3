// GET /v1/organizations/workspaces/{workspace_id} – a workspace; POST – change its name, colour or tags (organisation admins)
import { assertOrgAdmin } from "@/lib/auth/organization-access.ts";
import { assertFixedWorkspaceFields } from "@/lib/auth/workspace-fields.ts";
import { findWorkspace, updateWorkspace } from "@/lib/auth/workspaces.ts";
import { workspaceWire } from "@/lib/http/organization-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";

export const GET = apiRoute(OPERATIONS.retrieveWorkspace, async ({ db, params, principal }) => {
  assertOrgAdmin(principal);
  return workspaceWire(await findWorkspace(db.sql, params.workspace_id));
});

export const POST = apiRoute(OPERATIONS.updateWorkspace, async ({ db, params, input, principal, actor }) => {
  assertOrgAdmin(principal);
  const body = await input();
  assertFixedWorkspaceFields(body);
  return workspaceWire(await updateWorkspace(db, params.workspace_id, { name: body.name, displayColor: body.display_color, tags: body.tags }, actor));
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
