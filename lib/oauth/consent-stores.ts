import type { Principal } from "../auth/principal.ts";
import { can } from "../auth/principal.ts";
import { resolveWorkspace } from "../auth/workspace-scope.ts";
import { isWorkspaceRole, WORKSPACE_ROLE_POWERS } from "../auth/workspace-roles.ts";
import { join, sql, type Db } from "../memory/db.ts";
import { invalidRequest, MemoryError } from "../memory/errors.ts";

type UserPrincipal = Extract<Principal, { kind: "user" }>;

export interface ConsentWorkspace {
  id: string;
  name: string;
  /** The user's role there lets them grant read-write access. */
  canWrite: boolean;
  stores: { id: string; name: string }[];
}

/**
 * The stores a person may grant an MCP client, grouped by workspace (docs/design.md,
 * "Workspaces"): those of the live workspaces where they are a member whose role sees memory
 * (organisation admins: every live workspace), newest first, at most `limit` in all.
 */
export async function consentWorkspaces(db: Db, user: UserPrincipal, limit: number): Promise<ConsentWorkspace[]> {
  const rows = await db.sql.$queryRaw<{ store_id: string; store_name: string; workspace_id: string; workspace_name: string; workspace_role: string | null }[]>`
    SELECT s.id AS store_id, s.name AS store_name, w.id AS workspace_id, w.name AS workspace_name, m.workspace_role
    FROM memory_stores s
    JOIN workspaces w ON w.id = s.workspace_id
    LEFT JOIN workspace_members m ON m.workspace_id = w.id AND m.user_id = ${user.userId}
    WHERE s.archived_at IS NULL AND w.archived_at IS NULL AND ${user.orgAdmin ? sql`1 = 1` : sql`m.user_id IS NOT NULL`}
    ORDER BY s.id DESC LIMIT ${limit}`;
  const groups = new Map<string, ConsentWorkspace>();
  for (const row of rows) {
    const role = isWorkspaceRole(row.workspace_role) ? WORKSPACE_ROLE_POWERS[row.workspace_role].power : null;
    if (!user.orgAdmin && role === null) continue; // a role that sees no memory grants none
    let group = groups.get(row.workspace_id);
    if (!group) {
      const canWrite = user.orgAdmin || can({ ...user, role: role! }, "write");
      group = { id: row.workspace_id, name: row.workspace_name, canWrite, stores: [] };
      groups.set(row.workspace_id, group);
    }
    group.stores.push({ id: row.store_id, name: row.store_name });
  }
  return [...groups.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The grantor of a consent: the user acting in the one workspace of the chosen stores (a grant is
 * a key of one workspace), with their power there. Stores of several workspaces are refused; a
 * store the user may not see answers as unknown when the key is made (createApiKey).
 */
export async function consentGrantor(db: Db, user: UserPrincipal, storeIds: readonly string[]): Promise<Principal> {
  const rows = await db.sql.$queryRaw<{ workspace_id: string }[]>`
    SELECT DISTINCT workspace_id FROM memory_stores WHERE id IN (${join([...storeIds])})`;
  const unknown = () => invalidRequest("store_ids: every id must be an existing memory store of this workspace.");
  if (rows.length > 1) throw invalidRequest("store_ids: choose stores of one workspace; a grant belongs to one workspace.");
  if (rows.length === 0) throw unknown();
  try {
    return await resolveWorkspace(db.sql, user, rows[0]!.workspace_id);
  } catch (error) {
    // A workspace the user is not a member of (or that is archived) is not told apart from a store that does not exist.
    if (error instanceof MemoryError && (error.code === "permission" || error.code === "not_found")) throw unknown();
    throw error;
  }
}
