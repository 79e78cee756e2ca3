import { join, sql, type Db, type SqlClient } from "../memory/db.ts";
import { conflict, invalidRequest, notFound } from "../memory/errors.ts";
import type { Actor } from "../memory/actor.ts";
import { recordAuditEvent } from "../memory/audit/record-audit-event.ts";
import { idPageOf, idPageSql, type IdPage, type IdPageQuery } from "./id-page.ts";
import type { Role } from "./roles.ts";
import { userColumns, userFromRow, type UserRecord, type UserRow } from "./user-rows.ts";
import { updateUser } from "./users.ts";
import { ORGANIZATION_ROLE_OF } from "./workspace-roles.ts";

/**
 * People as the organisation API shows them (`/v1/organizations/users`): the organisation's
 * members are its active users. A removed user is disabled (never deleted: their name stays on
 * what they wrote and in the audit log) and leaves every workspace, so they are listed no more.
 */
const userNotFound = (id: string) => notFound(`User ${id.slice(0, 80)} not found.`);

/** The organisation roles this server can give (SDK name → users.role); `admin` is given on the console only, as on the hosted API. */
const ASSIGNABLE: Record<string, Role> = { developer: "reviewer", user: "viewer" };
const ROLE_OF_ORG_ROLE: Record<string, Role> = { admin: "admin", developer: "reviewer", user: "viewer" };

/** An organisation role the SDK sends, as users.role; the others are refused, saying why. */
export function assignableRole(role: unknown): Role {
  if (typeof role === "string" && role in ASSIGNABLE) return ASSIGNABLE[role]!;
  if (role === "admin") throw invalidRequest("role: admin cannot be assigned through the API (as on the hosted API); make admins on the console's Users page.");
  throw invalidRequest(
    `role: this server has the organisation roles developer (console reviewer) and user (console viewer); ${JSON.stringify(role)} has no counterpart here (no billing, Claude Code or Enterprise roles).`,
  );
}

export async function listOrgUsers(client: SqlClient, query: IdPageQuery & { email?: string; roles?: readonly string[] }): Promise<IdPage<UserRecord>> {
  const page = idPageSql("id", query);
  const roles = query.roles?.map((r) => ROLE_OF_ORG_ROLE[r]).filter((r): r is Role => r !== undefined);
  const conditions = [
    sql`disabled_at IS NULL`,
    ...(query.email !== undefined ? [sql`email = ${query.email.trim().toLowerCase()}`] : []),
    ...(roles !== undefined && query.roles!.length > 0 ? [roles.length ? sql`role IN (${join(roles)})` : sql`1 = 0`] : []),
  ];
  const rows = await client.$queryRaw<UserRow[]>`SELECT ${userColumns(false)} FROM users WHERE ${join(conditions, " AND ")} ${page.where} ${page.orderLimit}`;
  return idPageOf(rows.map(userFromRow), query, (u) => u.id);
}

export async function findOrgUser(client: SqlClient, id: string): Promise<UserRecord> {
  const [row] = await client.$queryRaw<UserRow[]>`SELECT ${userColumns(false)} FROM users WHERE id = ${id} AND disabled_at IS NULL`;
  if (!row) throw userNotFound(id);
  return userFromRow(row);
}

/**
 * A new organisation role. updateUser keeps its rules (the last admin, your own admin access)
 * and gives the user the role's membership of `workspaceId` (the request's), as /v1/users does.
 */
export async function updateOrgUserRole(db: Db, id: string, role: unknown, by: Actor, actingUserId: string | null, workspaceId: string): Promise<UserRecord> {
  const newRole = assignableRole(role);
  await findOrgUser(db.sql, id);
  return updateUser(db, { id, role: newRole, by, actingUserId, workspaceId });
}

/** Disables the user and ends their memberships; never yourself, never the last active admin. */
export async function removeOrgUser(db: Db, id: string, by: Actor, actingUserId: string | null): Promise<void> {
  if (id === actingUserId) throw conflict("You cannot remove yourself from the organisation; ask another admin.");
  await db.sqlTransaction(async (tx) => {
    const [row] = await tx.$queryRaw<UserRow[]>`SELECT ${userColumns(false)} FROM users WHERE id = ${id} AND disabled_at IS NULL`;
    if (!row) throw userNotFound(id);
    if (row.role === "admin") {
      const [admins] = await tx.$queryRaw<{ n: number | bigint | string }[]>`SELECT COUNT(*) AS n FROM users WHERE role = 'admin' AND disabled_at IS NULL`;
      if (Number(admins!.n) <= 1) throw conflict("This is the last active admin; make another user admin first.");
    }
    // The session version ends their console sessions at once; their keys stop with the account (api-keys.ts).
    await tx.$executeRaw`UPDATE users SET disabled_at = ${new Date()}, session_version = session_version + 1, updated_at = ${new Date()} WHERE id = ${id}`;
    const left = await tx.$executeRaw`DELETE FROM workspace_members WHERE user_id = ${id}`;
    await recordAuditEvent(tx, {
      action: "user.removed",
      actor: by,
      target: { type: "user", id },
      details: { email: row.email, role: ORGANIZATION_ROLE_OF[row.role as Role] ?? row.role, memberships_ended: left },
      workspaceId: null,
    });
  });
}
