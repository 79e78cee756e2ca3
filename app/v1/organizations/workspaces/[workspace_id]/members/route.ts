// GET /v1/organizations/workspaces/{workspace_id}/members – its members; POST – add one (organisation admins, the workspace's admins)
import { mapPage } from "@/lib/auth/id-page.ts";
import { assertWorkspaceAdmin } from "@/lib/auth/organization-access.ts";
import { addMember, listMembers } from "@/lib/auth/workspace-members.ts";
import { memberWire } from "@/lib/http/organization-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";

export const GET = apiRoute(OPERATIONS.listWorkspaceMembers, async ({ db, params, query, principal }) => {
  await assertWorkspaceAdmin(db.sql, principal, params.workspace_id, false);
  return mapPage(await listMembers(db.sql, params.workspace_id, query), memberWire);
});

export const POST = apiRoute(OPERATIONS.addWorkspaceMember, async ({ db, params, input, principal, actor }) => {
  await assertWorkspaceAdmin(db.sql, principal, params.workspace_id, true);
  const body = await input();
  return memberWire(await addMember(db, params.workspace_id, { userId: body.user_id, workspaceRole: body.workspace_role }, actor));
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
