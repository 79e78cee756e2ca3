import type { SqlClient } from "../memory/db.ts";
import { invalidRequest, permissionDenied, storeNotFound, workspaceNotFound } from "../memory/errors.ts";
import type { Principal } from "./principal.ts";
import { WORKSPACE_HEADER } from "../http/operation-routes.ts";
import { isWorkspaceId } from "../memory/workspace.ts";
import { DEFAULT_WORKSPACE_ID, isWorkspaceRole, WORKSPACE_ROLE_POWERS, type WorkspaceRole } from "./workspace-roles.ts";

export { WORKSPACE_HEADER } from "../http/operation-routes.ts";

/**
 * The workspace a request acts in, and the principal's power there (docs/design.md, "Workspaces"):
 * - A workspace-scoped key acts in its workspace; a header naming another is refused (403).
 * - An organisation-scoped key or a person names one with the header, and without it acts in Default.
 * - A malformed id is 400; an unknown or archived workspace 404.
 * - A person acts as an organisation admin (admin everywhere) or by their membership; a person
 *   who is not a member is refused (403), and so is a member whose role sees no memory
 *   (workspace_billing), unless `memory` is false (the organisation API's own checks).
 */
export async function resolveWorkspace(client: SqlClient, principal: Principal, headerValue: string | null, memory = true): Promise<Principal> {
  const named = headerValue?.trim() || null;
  if (named !== null && !isWorkspaceId(named)) {
    throw invalidRequest(`${WORKSPACE_HEADER}: "${named.slice(0, 80)}" is not a workspace id (they look like wrkspc_…).`);
  }
  if (principal.kind === "api_key" && principal.keyWorkspaceId !== null) {
    if (named !== null && named !== principal.keyWorkspaceId) {
      throw permissionDenied(`This API key belongs to workspace ${principal.keyWorkspaceId}; it may not act in workspace ${named}.`);
    }
    // The key's workspace was checked when the key was read (api-keys.ts: its owner's membership, not archived).
    return { ...principal, workspaceId: principal.keyWorkspaceId };
  }
  const workspaceId = named ?? DEFAULT_WORKSPACE_ID;
  if (principal.kind === "api_key" || principal.orgAdmin) {
    if (workspaceId !== DEFAULT_WORKSPACE_ID) await assertLiveWorkspace(client, workspaceId);
    return { ...principal, workspaceId };
  }
  const [row] = await client.$queryRaw<{ archived_at: unknown; workspace_role: string | null }[]>`
    SELECT w.archived_at, m.workspace_role FROM workspaces w
    LEFT JOIN workspace_members m ON m.workspace_id = w.id AND m.user_id = ${principal.userId}
    WHERE w.id = ${workspaceId}`;
  if (!row || row.archived_at != null) throw workspaceNotFound(workspaceId);
  const role = isWorkspaceRole(row.workspace_role) ? row.workspace_role : null;
  if (role === null) throw permissionDenied(`${principal.email} is not a member of workspace ${workspaceId}.`);
  const power = WORKSPACE_ROLE_POWERS[role].power;
  if (power === null) {
    if (memory) throw permissionDenied(`${principal.email} is a ${role} of workspace ${workspaceId}, which sees no memory.`);
    return { ...principal, workspaceId, role: "viewer" };
  }
  return { ...principal, workspaceId, role: power };
}

async function assertLiveWorkspace(client: SqlClient, workspaceId: string): Promise<void> {
  const [row] = await client.$queryRaw<{ archived_at: unknown }[]>`SELECT archived_at FROM workspaces WHERE id = ${workspaceId}`;
  if (!row || row.archived_at != null) throw workspaceNotFound(workspaceId);
}

/** A member's role in a workspace, or null (organisation admins are admins everywhere without a row). */
export async function membershipOf(client: SqlClient, workspaceId: string, userId: string): Promise<WorkspaceRole | null> {
  const [row] = await client.$queryRaw<{ workspace_role: string }[]>`
    SELECT workspace_role FROM workspace_members WHERE workspace_id = ${workspaceId} AND user_id = ${userId}`;
  return row && isWorkspaceRole(row.workspace_role) ? row.workspace_role : null;
}

/**
 * A store of another workspace answers exactly as a store that does not exist: 404, the same
 * message, and before the query or body is read, so that not even a malformed request tells
 * the two apart. `known` is the store's workspace when the key's statement read it already
 * (null: no such store); undefined asks the database.
 */
export async function assertStoreInWorkspace(client: SqlClient, principal: Principal, storeId: string, known?: string | null): Promise<void> {
  const workspaceId =
    known !== undefined
      ? known
      : ((await client.$queryRaw<{ workspace_id: string }[]>`SELECT workspace_id FROM memory_stores WHERE id = ${storeId}`)[0]?.workspace_id ?? null);
  if (workspaceId === null || workspaceId !== principal.workspaceId) throw storeNotFound(storeId);
}
