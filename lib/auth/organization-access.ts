import type { SqlClient } from "../memory/db.ts";
import { permissionDenied, workspaceNotFound } from "../memory/errors.ts";
import type { Principal } from "./principal.ts";
import { membershipOf } from "./workspace-scope.ts";

/**
 * Who may call the organisation API (docs/api-extensions.md, "Organisation API"): organisation
 * admins everything; a workspace's admin its members and its keys; nobody else anything.
 */
export function assertOrgAdmin(principal: Principal): void {
  if (!principal.orgAdmin)
    throw permissionDenied("This is the organisation API: it takes an organisation admin (users.role admin, or an organisation-scoped admin key).");
}

/**
 * An organisation admin, or an admin of this workspace: a person with workspace_admin there, or
 * a key of that workspace whose power there is admin (capped by its owner's membership, see
 * api-keys.ts) and that is neither limited to stores nor, for a change, read-only. A workspace
 * the caller is not a member of answers as one that does not exist.
 */
export async function assertWorkspaceAdmin(client: SqlClient, principal: Principal, workspaceId: string, change: boolean): Promise<void> {
  if (principal.orgAdmin) return;
  if (principal.kind === "api_key") {
    if (principal.keyWorkspaceId !== workspaceId) throw workspaceNotFound(workspaceId);
    if (principal.role !== "admin" || principal.storeIds !== null || (change && principal.readOnly)) {
      throw permissionDenied(`API key ${principal.name} is not an admin key of workspace ${workspaceId}.`);
    }
    return;
  }
  const role = await membershipOf(client, workspaceId, principal.userId);
  if (role === null) throw workspaceNotFound(workspaceId);
  if (role !== "workspace_admin") throw permissionDenied(`${principal.email} is a ${role} of workspace ${workspaceId}; this takes workspace_admin.`);
}
