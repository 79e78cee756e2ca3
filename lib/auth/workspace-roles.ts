import type { Role } from "./roles.ts";

export { DEFAULT_WORKSPACE_ID } from "../memory/workspace.ts";

/** The official SDK's workspace roles (BetaWorkspaceRole). */
export const WORKSPACE_ROLES = ["workspace_admin", "workspace_developer", "workspace_restricted_developer", "workspace_user", "workspace_billing"] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

export const isWorkspaceRole = (value: unknown): value is WorkspaceRole => typeof value === "string" && (WORKSPACE_ROLES as readonly string[]).includes(value);

/**
 * The one table of what a workspace role may do in its workspace: the console's power over its
 * memory (null: the member sees the workspace, never its memory), and whether the member may
 * make and revoke the workspace's keys (of at most `keyRoleLimit`).
 */
export const WORKSPACE_ROLE_POWERS: Record<WorkspaceRole, { power: Role | null; keyRoleLimit: Role | null }> = {
  workspace_admin: { power: "admin", keyRoleLimit: "admin" },
  workspace_developer: { power: "reviewer", keyRoleLimit: "reviewer" },
  workspace_restricted_developer: { power: "reviewer", keyRoleLimit: null },
  workspace_user: { power: "viewer", keyRoleLimit: null },
  workspace_billing: { power: null, keyRoleLimit: null },
};

/** The membership a person gets for a console role (a new user, migration 0030 for everyone before it). */
export const WORKSPACE_ROLE_OF: Record<Role, WorkspaceRole> = {
  admin: "workspace_admin",
  reviewer: "workspace_restricted_developer",
  viewer: "workspace_user",
};

/**
 * `users.role` as the organisation API names it. Admins are organisation admins (admin powers in
 * every workspace); a reviewer's or viewer's powers come from their memberships.
 */
export const ORGANIZATION_ROLE_OF: Record<Role, "admin" | "developer" | "user"> = { admin: "admin", reviewer: "developer", viewer: "user" };
