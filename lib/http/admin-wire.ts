import type { ListedKey } from "../auth/api-keys.ts";
import { can, type Principal } from "../auth/principal.ts";
import type { Role } from "../auth/roles.ts";
import type { UsableWorkspace } from "../auth/usable-workspaces.ts";
import type { UserRecord } from "../auth/user-rows.ts";
import { isWorkspaceRole } from "../auth/workspace-roles.ts";
import type { ApiKeyWire, PrincipalWire, UserWire } from "./wire-schemas.ts";

/**
 * Wire objects of the console's own admin endpoints (users, API keys, the current principal).
 * `workspaceRole`: the user's membership of the request's workspace (null: none, or not looked up).
 */
export function userWire(user: UserRecord, workspaceRole: string | null = null): UserWire {
  return {
    type: "user" as const,
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role as Role,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    disabled_at: user.disabledAt?.toISOString() ?? null,
    workspace_role: isWorkspaceRole(workspaceRole) ? workspaceRole : null,
  };
}

export function apiKeyWire(key: ListedKey): ApiKeyWire {
  return {
    type: "api_key" as const,
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    role: key.role as Role,
    store_ids: key.storeIds ? (JSON.parse(key.storeIds) as string[]) : null,
    stores: key.stores,
    read_only: key.readOnly,
    created_by_user_id: key.createdByUserId,
    created_at: key.createdAt.toISOString(),
    revoked_at: key.revokedAt?.toISOString() ?? null,
    scope: key.workspaceId === null ? { type: "organization" as const } : { type: "workspace" as const, workspace_id: key.workspaceId },
    oauth_client: key.oauthClientId
      ? {
          id: key.oauthClientId,
          name: key.oauthClientName || key.oauthClientId,
          last_token_issued_at: key.lastTokenIssuedAt?.toISOString() ?? null,
        }
      : null,
  };
}

/** `workspaces`: for a person, the workspaces they may act in (GET /v1/me's extension field). */
export function principalWire(principal: Principal, workspaces: readonly UsableWorkspace[] = []): PrincipalWire {
  const permissions = { read: can(principal, "read"), write: can(principal, "write"), admin: can(principal, "admin") };
  const where = { workspace_id: principal.workspaceId, organization_admin: principal.orgAdmin };
  return principal.kind === "user"
    ? {
        type: "principal" as const,
        kind: "user" as const,
        id: principal.userId,
        email: principal.email,
        role: principal.role,
        permissions,
        ...where,
        workspaces: workspaces.map((w) => ({ id: w.id, name: w.name, display_color: w.displayColor, workspace_role: w.workspaceRole })),
      }
    : {
        ...where,
        type: "principal" as const,
        kind: "api_key" as const,
        id: principal.apiKeyId,
        name: principal.name,
        role: principal.role,
        read_only: principal.readOnly,
        store_ids: principal.storeIds,
        permissions,
      };
}
