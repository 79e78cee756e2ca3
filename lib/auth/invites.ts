import { createHash, randomBytes } from "node:crypto";
import { join, sql, type Db, type SqlClient } from "../memory/db.ts";
import { conflict, invalidRequest, notFound } from "../memory/errors.ts";
import { newId } from "../memory/ids.ts";
import type { Actor } from "../memory/actor.ts";
import { recordAuditEvent } from "../memory/audit/record-audit-event.ts";
import { lockLiveWorkspace } from "../memory/workspace.ts";
import { idPageOf, idPageSql, type IdPage, type IdPageQuery } from "./id-page.ts";
import { assignableRole } from "./organization-users.ts";
import type { Role } from "./roles.ts";
import { createUser, normaliseEmail } from "./users.ts";

/**
 * Invites (`/v1/organizations/invites`, migration 0031). There is no mail server: the create
 * answer carries, once, a link to the console's acceptance page with a random token (32 bytes);
 * only its SHA-256 is stored. Accepting creates the user with the invite's role, a member of its
 * workspace, and is single-use: one conditional UPDATE claims the invite, in the transaction that
 * creates the user, so two tabs cannot both accept.
 */
export const INVITE_STATUSES = ["pending", "accepted", "expired", "deleted"] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

export interface InviteRecord {
  id: string;
  email: string;
  role: Role;
  workspaceId: string | null;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  deletedAt: Date | null;
  status: InviteStatus;
}

interface InviteRow {
  id: string;
  email: string;
  role: string;
  workspace_id: string | null;
  created_at: Date | string;
  expires_at: Date | string;
  accepted_at: Date | string | null;
  deleted_at: Date | string | null;
}

const COLUMNS = sql`id, email, role, workspace_id, created_at, expires_at, accepted_at, deleted_at`;
const date = (v: Date | string | null) => (v === null ? null : new Date(v));
const hashToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

function fromRow(row: InviteRow, now = new Date()): InviteRecord {
  const invite = {
    id: row.id,
    email: row.email,
    role: row.role as Role,
    workspaceId: row.workspace_id,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
    acceptedAt: date(row.accepted_at),
    deletedAt: date(row.deleted_at),
  };
  const status: InviteStatus = invite.deletedAt ? "deleted" : invite.acceptedAt ? "accepted" : invite.expiresAt <= now ? "expired" : "pending";
  return { ...invite, status };
}

/** The SQL condition of each status, as fromRow computes it. */
function statusCondition(status: InviteStatus, now: Date) {
  if (status === "deleted") return sql`deleted_at IS NOT NULL`;
  if (status === "accepted") return sql`(deleted_at IS NULL AND accepted_at IS NOT NULL)`;
  if (status === "expired") return sql`(deleted_at IS NULL AND accepted_at IS NULL AND expires_at <= ${now})`;
  return sql`(deleted_at IS NULL AND accepted_at IS NULL AND expires_at > ${now})`;
}

export async function createInvite(
  db: Db,
  input: { email: unknown; role: unknown; workspaceId: string; expiryDays: number },
  by: Actor,
): Promise<{ invite: InviteRecord; token: string }> {
  const email = normaliseEmail(input.email);
  const role = assignableRole(input.role);
  const token = randomBytes(32).toString("base64url");
  const now = new Date();
  const expiresAt = new Date(now.getTime() + input.expiryDays * 86_400_000);
  const invite = await db.sqlTransaction(async (tx) => {
    const [user] = await tx.$queryRaw<{ disabled_at: unknown }[]>`SELECT disabled_at FROM users WHERE email = ${email}`;
    if (user)
      throw conflict(`A user with email ${email} already exists${user.disabled_at != null ? " (disabled: enable them on the console's Users page)" : ""}.`);
    const [pending] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM invites WHERE email = ${email} AND ${statusCondition("pending", now)}`;
    if (pending) throw conflict(`Invite ${pending.id} for ${email} is still pending; delete it before inviting again.`);
    const [row] = await tx.$queryRaw<InviteRow[]>`
      INSERT INTO invites (id, email, role, workspace_id, token_hash, created_by, created_at, expires_at)
      VALUES (${newId("invite")}, ${email}, ${role}, ${input.workspaceId}, ${hashToken(token)}, ${by.type === "user_actor" ? by.user_id : null}, ${now}, ${expiresAt})
      RETURNING ${COLUMNS}`;
    await recordAuditEvent(tx, {
      action: "invite.created",
      actor: by,
      target: { type: "invite", id: row!.id },
      details: { email, role, workspace_id: input.workspaceId },
      workspaceId: null,
    });
    return fromRow(row!, now);
  });
  return { invite, token };
}

export async function findInvite(client: SqlClient, id: string): Promise<InviteRecord> {
  const [row] = await client.$queryRaw<InviteRow[]>`SELECT ${COLUMNS} FROM invites WHERE id = ${id}`;
  if (!row) throw notFound(`Invite ${id.slice(0, 80)} not found.`);
  return fromRow(row);
}

/** Without `statuses`, pending, accepted and expired invites (the SDK's default), not deleted ones. */
export async function listInvites(
  client: SqlClient,
  query: IdPageQuery & { email?: string; statuses?: readonly InviteStatus[]; roles?: readonly Role[] },
): Promise<IdPage<InviteRecord>> {
  const now = new Date();
  const page = idPageSql("id", query);
  const statuses = query.statuses?.length ? query.statuses : (["pending", "accepted", "expired"] as const);
  const conditions = [
    sql`(${join(
      statuses.map((s) => statusCondition(s, now)),
      " OR ",
    )})`,
    ...(query.email !== undefined ? [sql`email = ${query.email.trim().toLowerCase()}`] : []),
    ...(query.roles !== undefined ? [query.roles.length ? sql`role IN (${join(query.roles)})` : sql`1 = 0`] : []),
  ];
  const rows = await client.$queryRaw<InviteRow[]>`SELECT ${COLUMNS} FROM invites WHERE ${join(conditions, " AND ")} ${page.where} ${page.orderLimit}`;
  return idPageOf(
    rows.map((r) => fromRow(r, now)),
    query,
    (i) => i.id,
  );
}

/** Deleting stops the link. An accepted invite is history (the user exists): it is refused; deleting twice answers the same. */
export async function deleteInvite(db: Db, id: string, by: Actor): Promise<void> {
  await db.sqlTransaction(async (tx) => {
    const invite = await findInvite(tx, id);
    if (invite.status === "deleted") return;
    if (invite.status === "accepted") throw conflict(`Invite ${id} was accepted; remove the user instead.`);
    await tx.$executeRaw`UPDATE invites SET deleted_at = ${new Date()} WHERE id = ${id}`;
    await recordAuditEvent(tx, { action: "invite.deleted", actor: by, target: { type: "invite", id }, details: { email: invite.email }, workspaceId: null });
  });
}

/** What the acceptance page shows before the form: the invite of a token, if it can still be accepted, else why not. */
export async function inviteForToken(client: SqlClient, token: string): Promise<{ invite: InviteRecord | null; problem: string | null }> {
  const [row] = await client.$queryRaw<(InviteRow & { workspace_archived_at: unknown })[]>`
    SELECT ${COLUMNS}, (SELECT archived_at FROM workspaces w WHERE w.id = invites.workspace_id) AS workspace_archived_at
    FROM invites WHERE token_hash = ${hashToken(token)}`;
  if (!row) return { invite: null, problem: "This invite link is not valid. Check that you copied all of it, or ask for a new invite." };
  const invite = fromRow(row);
  return { invite, problem: problemOf(invite) ?? (invite.status === "pending" && row.workspace_archived_at != null ? WORKSPACE_ARCHIVED : null) };
}

const WORKSPACE_ARCHIVED = "The workspace this invite is for has been archived since. Ask an admin for a new invite.";

function problemOf(invite: InviteRecord): string | null {
  if (invite.status === "accepted") return "This invite has already been used. Sign in with the account it created.";
  if (invite.status === "deleted") return "This invite was withdrawn. Ask an admin for a new one.";
  if (invite.status === "expired") return "This invite has expired. Ask an admin for a new one.";
  return null;
}

/**
 * Accepts an invite: the user is created (createUser: the invite's email and role, a member of
 * its workspace) and the invite marked accepted, in one transaction. The claim comes first in it,
 * an UPDATE conditional on the invite still being pending, so of two tabs accepting at once only
 * one claims it (the other finds it accepted), and a user that cannot be made undoes the claim.
 */
export async function acceptInvite(db: Db, input: { token: unknown; name?: unknown; password: unknown }) {
  if (typeof input.token !== "string" || input.token.length === 0 || input.token.length > 200) throw invalidRequest("token: missing or malformed.");
  const { invite, problem } = await inviteForToken(db.sql, input.token);
  if (!invite || problem) throw conflict(problem ?? "This invite can no longer be accepted.");
  const now = new Date();
  const hash = hashToken(input.token);
  const user = await createUser(db, {
    email: invite.email,
    password: input.password,
    name: input.name,
    role: invite.role,
    by: null,
    ...(invite.workspaceId !== null && { workspaceId: invite.workspaceId }),
    first: async (tx) => {
      const claimed = await tx.$executeRaw`
        UPDATE invites SET accepted_at = ${now}
        WHERE token_hash = ${hash} AND deleted_at IS NULL AND accepted_at IS NULL AND expires_at > ${now}`;
      if (claimed === 0) throw conflict("This invite has just been used, withdrawn or has expired. Sign in, or ask an admin for a new one.");
      // Held until the member row commits, so the workspace cannot be archived in between (lib/memory/workspace.ts).
      if (invite.workspaceId !== null) await lockLiveWorkspace(tx, invite.workspaceId).catch(() => Promise.reject(conflict(WORKSPACE_ARCHIVED)));
      await recordAuditEvent(tx, {
        action: "invite.accepted",
        actor: null,
        target: { type: "invite", id: invite.id },
        details: { email: invite.email },
        workspaceId: null,
      });
    },
  });
  return { user, invite: { ...invite, acceptedAt: now, status: "accepted" as const } };
}
