import { sql, type SqlClient } from "../memory/db.ts";
import { DEFAULT_WORKSPACE_ID, isWorkspaceRole, type WorkspaceRole } from "./workspace-roles.ts";

/** A workspace a person may act in, as the console's switcher lists it. */
export interface UsableWorkspace {
  id: string;
  name: string;
  displayColor: string;
  /** The person's membership; null for an organisation admin who is not a member (admin there all the same). */
  workspaceRole: WorkspaceRole | null;
}

/**
 * The live workspaces a person may act in: every one for an organisation admin, else those they
 * are a member of with a role that sees memory (a workspace_billing member is refused there, so
 * it is not offered). Default first, then oldest first (ids are time-ordered).
 */
export async function usableWorkspaces(client: SqlClient, person: { userId: string; orgAdmin: boolean }): Promise<UsableWorkspace[]> {
  const member = person.orgAdmin ? sql`1 = 1` : sql`m.workspace_role IS NOT NULL AND m.workspace_role <> 'workspace_billing'`;
  const rows = await client.$queryRaw<{ id: string; name: string; display_color: string; workspace_role: string | null }[]>`
    SELECT w.id, w.name, w.display_color, m.workspace_role FROM workspaces w
    LEFT JOIN workspace_members m ON m.workspace_id = w.id AND m.user_id = ${person.userId}
    WHERE w.archived_at IS NULL AND ${member}
    ORDER BY CASE WHEN w.id = ${DEFAULT_WORKSPACE_ID} THEN 0 ELSE 1 END, w.id`;
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    displayColor: row.display_color,
    workspaceRole: isWorkspaceRole(row.workspace_role) ? row.workspace_role : null,
  }));
}

/** What a console URL without `?workspace=` means: Default if the person may use it, else their first workspace (null: none). */
export function defaultWorkspaceOf(workspaces: readonly UsableWorkspace[]): string | null {
  return (workspaces.find((w) => w.id === DEFAULT_WORKSPACE_ID) ?? workspaces[0])?.id ?? null;
}
