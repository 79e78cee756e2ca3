// GET/POST/DELETE /v1/organizations/workspaces/{workspace_id}/members/{user_id} – a membership: read, change its role, end it
import { assertWorkspaceAdmin } from "@/lib/auth/organization-access.ts";
import { findMember, removeMember, updateMember } from "@/lib/auth/workspace-members.ts";
import { memberWire } from "@/lib/http/organization-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";

export const GET = apiRoute(OPERATIONS.retrieveWorkspaceMember, async ({ db, params, principal }) => {
  await assertWorkspaceAdmin(db.sql, principal, params.workspace_id, false);
  return memberWire(await findMember(db.sql, params.workspace_id, params.user_id));
});

export const POST = apiRoute(OPERATIONS.updateWorkspaceMember, async ({ db, params, input, principal, actor }) => {
  await assertWorkspaceAdmin(db.sql, principal, params.workspace_id, true);
  return memberWire(await updateMember(db, params.workspace_id, params.user_id, (await input()).workspace_role, actor));
});

export const DELETE = apiRoute(OPERATIONS.removeWorkspaceMember, async ({ db, params, principal, actor }) => {
  await assertWorkspaceAdmin(db.sql, principal, params.workspace_id, true);
  await removeMember(db, params.workspace_id, params.user_id, actor);
  return { type: "workspace_member_deleted" as const, user_id: params.user_id, workspace_id: params.workspace_id };
});

export const { PUT, PATCH } = otherMethods("GET", "POST", "DELETE");
