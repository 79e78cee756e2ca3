import type { Db, SqlClient } from "../memory/db.ts";
import { conflict, invalidRequest, notFound } from "../memory/errors.ts";
import type { Actor } from "../memory/actor.ts";
import { recordAuditEvent } from "../memory/audit/record-audit-event.ts";
import { idPageOf, idPageSql, type IdPage, type IdPageQuery } from "./id-page.ts";
import { setMembership } from "./users.ts";
import { isWorkspaceRole, WORKSPACE_ROLES, type WorkspaceRole } from "./workspace-roles.ts";
import { findWorkspace } from "./workspaces.ts";

/** A workspace's members (`/v1/organizations/workspaces/{id}/members`): one row of workspace_members each. */
export interface MemberRecord {
  workspaceId: string;
  userId: string;
  workspaceRole: WorkspaceRole;
}

type MemberRow = { workspace_id: string; user_id: string; workspace_role: string };
const fromRow = (row: MemberRow): MemberRecord => ({ workspaceId: row.workspace_id, userId: row.user_id, workspaceRole: row.workspace_role as WorkspaceRole });
const memberNotFound = (workspaceId: string, userId: string) => notFound(`User ${userId} is not a member of workspace ${workspaceId}.`);

function roleOf(value: unknown, addable: boolean): WorkspaceRole {
  const allowed: readonly WorkspaceRole[] = addable ? WORKSPACE_ROLES.filter((r) => r !== "workspace_billing") : WORKSPACE_ROLES;
  if (!isWorkspaceRole(value) || !allowed.includes(value)) throw invalidRequest(`workspace_role: must be one of ${allowed.join(", ")}.`);
  return value;
}

/** Changes go to a live workspace only: an archived one is read-only. */
async function liveWorkspace(tx: SqlClient, workspaceId: string) {
  const workspace = await findWorkspace(tx, workspaceId);
  if (workspace.archivedAt) throw invalidRequest(`Workspace ${workspaceId} is archived; its members cannot be changed.`);
}

export async function findMember(client: SqlClient, workspaceId: string, userId: string): Promise<MemberRecord> {
  const [row] = await client.$queryRaw<MemberRow[]>`
    SELECT workspace_id, user_id, workspace_role FROM workspace_members WHERE workspace_id = ${workspaceId} AND user_id = ${userId}`;
  if (!row) throw memberNotFound(workspaceId, userId);
  return fromRow(row);
}

export async function listMembers(client: SqlClient, workspaceId: string, query: IdPageQuery): Promise<IdPage<MemberRecord>> {
  await findWorkspace(client, workspaceId);
  const page = idPageSql("user_id", query);
  const rows = await client.$queryRaw<MemberRow[]>`
    SELECT workspace_id, user_id, workspace_role FROM workspace_members WHERE workspace_id = ${workspaceId} ${page.where} ${page.orderLimit}`;
  return idPageOf(rows.map(fromRow), query, (m) => m.userId);
}

/**
 * Adds an existing, active user (a disabled one cannot sign in, so it is refused). Someone who is
 * already a member is refused too (409): the role of a member is changed with update.
 */
export async function addMember(db: Db, workspaceId: string, input: { userId: unknown; workspaceRole: unknown }, by: Actor): Promise<MemberRecord> {
  const role = roleOf(input.workspaceRole, true);
  const userId = typeof input.userId === "string" ? input.userId : "";
  // No id holds a control character (and PostgreSQL text cannot hold a NUL): such an id is no user.
  if (/\p{Cc}/u.test(userId)) throw notFound("User not found: user_id holds control characters.");
  return db.sqlTransaction(async (tx) => {
    await liveWorkspace(tx, workspaceId);
    const [user] = await tx.$queryRaw<{ disabled_at: unknown }[]>`SELECT disabled_at FROM users WHERE id = ${userId}`;
    if (!user) throw notFound(`User ${userId.slice(0, 80)} not found.`);
    if (user.disabled_at != null) throw invalidRequest(`User ${userId} is disabled; enable them before adding them to a workspace.`);
    const inserted = await tx.$executeRaw`
      INSERT INTO workspace_members (workspace_id, user_id, workspace_role, created_at) VALUES (${workspaceId}, ${userId}, ${role}, ${new Date()})
      ON CONFLICT (workspace_id, user_id) DO NOTHING`;
    if (inserted === 0) throw conflict(`User ${userId} is already a member of workspace ${workspaceId}; change their role with update.`);
    await recordAuditEvent(tx, {
      action: "workspace_member.added",
      actor: by,
      target: { type: "user", id: userId },
      details: { workspace_role: role },
      workspaceId,
    });
    return { workspaceId, userId, workspaceRole: role };
  });
}

export async function updateMember(db: Db, workspaceId: string, userId: string, workspaceRole: unknown, by: Actor): Promise<MemberRecord> {
  const role = roleOf(workspaceRole, false);
  return db.sqlTransaction(async (tx) => {
    await liveWorkspace(tx, workspaceId);
    const before = await findMember(tx, workspaceId, userId);
    if (before.workspaceRole === role) return before;
    await setMembership(tx, workspaceId, userId, role);
    await recordAuditEvent(tx, {
      action: "workspace_member.updated",
      actor: by,
      target: { type: "user", id: userId },
      details: { workspace_role_before: before.workspaceRole, workspace_role: role },
      workspaceId,
    });
    return { workspaceId, userId, workspaceRole: role };
  });
}

/** The member's keys of this workspace stop with the membership (api-keys.ts reads it on every request). */
export async function removeMember(db: Db, workspaceId: string, userId: string, by: Actor): Promise<void> {
  await db.sqlTransaction(async (tx) => {
    await findWorkspace(tx, workspaceId);
    const before = await findMember(tx, workspaceId, userId);
    await tx.$executeRaw`DELETE FROM workspace_members WHERE workspace_id = ${workspaceId} AND user_id = ${userId}`;
    await recordAuditEvent(tx, {
      action: "workspace_member.removed",
      actor: by,
      target: { type: "user", id: userId },
      details: { workspace_role: before.workspaceRole },
      workspaceId,
    });
  });
}
