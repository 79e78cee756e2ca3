import { type Sql, empty, join, sql, type Db, type SqlClient } from "../memory/db.ts";
import { DEFAULT_WORKSPACE_ID, WORKSPACE_ROLE_OF, type WorkspaceRole } from "./workspace-roles.ts";
import { conflict, invalidRequest, notFound } from "../memory/errors.ts";
import { newId } from "../memory/ids.ts";
import type { Actor } from "../memory/actor.ts";
import { recordAuditEvent } from "../memory/audit/record-audit-event.ts";
import { hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, needsRehash } from "./passwords.ts";
import { isRole, ROLES, type Role } from "./roles.ts";
import { userColumns, userFromRow, type UserRecord, type UserRow, type UserWithCredentials } from "./user-rows.ts";

/** Console users. Passwords are only ever stored hashed; no function here returns the hash to a caller outside lib/auth. */
/** No spaces and no control characters (a NUL cannot even be stored in PostgreSQL text). */
const EMAIL = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+$/u;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_NAME_LENGTH = 100;
const ALREADY_SET_UP = "Setup is already done: an account exists. Sign in instead.";

export function normaliseEmail(email: unknown): string {
  if (typeof email !== "string" || !EMAIL.test(email.trim()) || email.length > MAX_EMAIL_LENGTH) {
    throw invalidRequest("email: must be an email address.");
  }
  return email.trim().toLowerCase();
}

export function validatePassword(password: unknown): string {
  if (typeof password !== "string" || password.length < MIN_PASSWORD_LENGTH) {
    throw invalidRequest(`password: must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
  }
  if (password.length > MAX_PASSWORD_LENGTH) throw invalidRequest(`password: must be at most ${MAX_PASSWORD_LENGTH} characters long.`);
  return password;
}

function validateName(name: unknown): string | undefined {
  if (typeof name !== "string") return undefined;
  if (name.length > MAX_NAME_LENGTH) throw invalidRequest(`name: must be at most ${MAX_NAME_LENGTH} characters long.`);
  if (/\p{Cc}/u.test(name)) throw invalidRequest("name: must not contain control characters.");
  return name.trim();
}

function validateRole(role: unknown): Role {
  if (!isRole(role)) throw invalidRequest(`role: must be one of ${ROLES.join(", ")}.`);
  return role;
}

export interface CreateUserInput {
  /** Who creates the user, for the audit log (null: an operator's command or the first-run setup). */
  by?: Actor | null;
  email: unknown;
  password: unknown;
  role: unknown;
  name?: unknown;
  /** The workspace a reviewer or viewer joins with that power (an admin is an organisation admin); Default if not given. */
  workspaceId?: string;
  /** Done first in the user's transaction (an invite's claim): if it throws, no user is made, and if making the user fails, it is undone. */
  first?: (tx: SqlClient) => Promise<void>;
}

type NewUser = { email: string; name: string; passwordHash: string; role: Role };

/** Inserts a user; null when the email is taken (the unique index decides, so two requests cannot both create it). */
async function insertUser(tx: SqlClient, user: NewUser): Promise<UserRecord | null> {
  const now = new Date();
  const [row] = await tx.$queryRaw<UserRow[]>`
    INSERT INTO users (id, email, name, password_hash, role, session_version, created_at, updated_at)
    VALUES (${newId("user")}, ${user.email}, ${user.name}, ${user.passwordHash}, ${user.role}, 0, ${now}, ${now})
    ON CONFLICT (email) DO NOTHING
    RETURNING ${userColumns(false)}`;
  return row ? userFromRow(row) : null;
}

async function count(client: SqlClient, where: Sql = empty): Promise<number> {
  const [row] = await client.$queryRaw<{ n: number | bigint | string }[]>`SELECT COUNT(*) AS n FROM users ${where}`;
  return Number(row!.n);
}

export async function createUser(db: Db, input: CreateUserInput): Promise<UserRecord> {
  const email = normaliseEmail(input.email);
  const password = validatePassword(input.password);
  const role = validateRole(input.role);
  const name = validateName(input.name) ?? "";
  const passwordHash = await hashPassword(password);
  return db.sqlTransaction(async (tx) => {
    await input.first?.(tx);
    const inserted = await insertUser(tx, { email, name, passwordHash, role });
    // Thrown inside the transaction, so that what `first` wrote is undone with it.
    if (!inserted) throw conflict(`A user with email ${email} already exists.`);
    await setMembership(tx, input.workspaceId ?? DEFAULT_WORKSPACE_ID, inserted.id, WORKSPACE_ROLE_OF[role]);
    await recordAuditEvent(tx, { action: "user.created", actor: input.by ?? null, target: { type: "user", id: inserted.id }, details: { email, role } });
    return inserted;
  });
}

/** Makes `userId` a member of the workspace with `role`, or changes the role of a member. */
export async function setMembership(tx: SqlClient, workspaceId: string, userId: string, role: WorkspaceRole): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO workspace_members (workspace_id, user_id, workspace_role, created_at) VALUES (${workspaceId}, ${userId}, ${role}, ${new Date()})
    ON CONFLICT (workspace_id, user_id) DO UPDATE SET workspace_role = excluded.workspace_role`;
}

export async function countUsers(db: Db): Promise<number> {
  return count(db.sql);
}

/**
 * First run: creates the first admin only while no user exists. The marker row's primary
 * key makes this atomic across requests and instances: exactly one caller can insert it.
 * "No users yet" is checked before hashing too, so requests after setup cost no scrypt.
 */
export async function createFirstAdmin(db: Db, input: Omit<CreateUserInput, "role">): Promise<UserRecord> {
  const email = normaliseEmail(input.email);
  const password = validatePassword(input.password);
  const name = validateName(input.name) ?? "";
  if ((await countUsers(db)) > 0) throw conflict(ALREADY_SET_UP);
  const passwordHash = await hashPassword(password);
  return db.sqlTransaction(async (tx) => {
    if ((await count(tx)) > 0) throw conflict(ALREADY_SET_UP);
    const claimed = await tx.$executeRaw`
      INSERT INTO app_settings (key, value, created_at) VALUES ('first_admin', ${email}, ${new Date()})
      ON CONFLICT (key) DO NOTHING`;
    const user = claimed === 0 ? null : await insertUser(tx, { email, name, passwordHash, role: "admin" });
    if (!user) throw conflict(ALREADY_SET_UP);
    await setMembership(tx, DEFAULT_WORKSPACE_ID, user.id, WORKSPACE_ROLE_OF.admin);
    return user;
  });
}

/**
 * People as a workspace's admin sees them: its members, with their role there. An organisation
 * admin sees everyone (`workspaceRole` null: not a member of this workspace).
 */
export async function listUsers(db: Db, workspaceId: string, everyone: boolean): Promise<(UserRecord & { workspaceRole: string | null })[]> {
  const rows = await db.sql.$queryRaw<(UserRow & { workspace_role: string | null })[]>`
    SELECT ${userColumns(false, "u.")}, m.workspace_role FROM users u
    ${everyone ? sql`LEFT JOIN` : sql`JOIN`} workspace_members m ON m.user_id = u.id AND m.workspace_id = ${workspaceId}
    ORDER BY u.created_at, u.id`;
  return rows.map((row) => ({ ...userFromRow(row), workspaceRole: row.workspace_role }));
}

export async function findUserForSignIn(db: Db, email: string): Promise<UserWithCredentials | null> {
  const [row] = await db.sql.$queryRaw<(UserRow & { password_hash: string })[]>`SELECT ${userColumns(true)} FROM users WHERE email = ${email}`;
  return row ? userFromRow(row) : null;
}

/** After a successful sign-in: replaces a hash made with less work than today's cost, unless the password changed meanwhile. */
export async function upgradePasswordHash(db: Db, user: { id: string; passwordHash: string }, password: string) {
  if (!needsRehash(user.passwordHash)) return;
  const passwordHash = await hashPassword(password);
  await db.sqlTransaction(
    (tx) => tx.$executeRaw`UPDATE users SET password_hash = ${passwordHash} WHERE id = ${user.id} AND password_hash = ${user.passwordHash}`,
  );
}

/**
 * The user behind a console session, read on every request so that a role change, a
 * disabled account or a password change takes effect at once. `sessionVersion` is the value
 * the session was issued with (tokens from before session versions carry none: 0).
 */
export async function getActiveUser(db: Db, id: string, sessionVersion: number) {
  const [row] = await db.sql.$queryRaw<(UserRow & { password_hash: string })[]>`SELECT ${userColumns(true)} FROM users WHERE id = ${id}`;
  const user = row ? userFromRow(row) : null;
  if (!user || user.disabledAt || !isRole(user.role) || user.sessionVersion !== sessionVersion) return null;
  const { sessionVersion: _, passwordHash: __, ...rest } = user;
  return { ...rest, role: user.role as Role };
}

/** The user a session token names, if that session is still valid (see getActiveUser). */
export function userForToken(db: Db, token: { sub?: string; sv?: unknown } | null) {
  if (!token?.sub) return Promise.resolve(null);
  return getActiveUser(db, token.sub, typeof token.sv === "number" ? token.sv : 0);
}

export interface UpdateUserInput {
  id: string;
  actingUserId: string | null;
  /** Who makes the change, for the audit log. */
  by?: Actor | null;
  role?: unknown;
  disabled?: unknown;
  password?: unknown;
  name?: unknown;
  /** Where a new role applies to a reviewer or viewer: their membership of this workspace (Default if not given). */
  workspaceId?: string;
}

/**
 * Role, disabled flag, password, name. The last active admin cannot be demoted or disabled.
 * A new password ends every session of the user (their own current one included): the
 * session version goes up and tokens naming the old one stop working.
 */
export async function updateUser(db: Db, input: UpdateUserInput): Promise<UserRecord> {
  const role = input.role == null ? undefined : validateRole(input.role);
  const name = validateName(input.name);
  const passwordHash = input.password == null ? undefined : await hashPassword(validatePassword(input.password));
  if (input.disabled != null && typeof input.disabled !== "boolean") throw invalidRequest("disabled: must be true or false.");
  return db.sqlTransaction(async (tx) => {
    const [found] = await tx.$queryRaw<UserRow[]>`SELECT ${userColumns(false)} FROM users WHERE id = ${input.id}`;
    if (!found) throw notFound(`User ${input.id} not found.`);
    const user = userFromRow(found);
    const losesAdmin = user.role === "admin" && !user.disabledAt && ((role && role !== "admin") || input.disabled === true);
    if (losesAdmin) {
      if (input.id === input.actingUserId) throw conflict("You cannot remove your own admin access; ask another admin.");
      const admins = await count(tx, sql`WHERE role = ${"admin"} AND disabled_at IS NULL`);
      if (admins <= 1) throw conflict("This is the last active admin; make another user admin first.");
    }
    // Only the fields this request sets, so a concurrent change to another field is kept.
    const changes = [
      ...(role !== undefined ? [sql`role = ${role}`] : []),
      ...(passwordHash !== undefined ? [sql`password_hash = ${passwordHash}`, sql`session_version = session_version + 1`] : []),
      ...(name !== undefined ? [sql`name = ${name}`] : []),
      ...(input.disabled === true ? [sql`disabled_at = ${user.disabledAt ?? new Date()}`] : []),
      ...(input.disabled === false ? [sql`disabled_at = NULL`] : []),
      sql`updated_at = ${new Date()}`,
    ];
    const [row] = await tx.$queryRaw<UserRow[]>`
      UPDATE users SET ${join(changes, ", ")} WHERE id = ${input.id} RETURNING ${userColumns(false)}`;
    const changed = userFromRow(row!);
    if (role !== undefined) await setMembership(tx, input.workspaceId ?? DEFAULT_WORKSPACE_ID, input.id, WORKSPACE_ROLE_OF[role]);
    await recordAuditEvent(tx, {
      action: role !== undefined && role !== user.role ? "user.role_changed" : "user.updated",
      actor: input.by ?? null,
      target: { type: "user", id: input.id },
      details: {
        ...(role !== undefined && { role_before: user.role, role }),
        ...(input.disabled != null && { disabled: input.disabled }),
        ...(passwordHash !== undefined && { password_changed: true }),
        ...(name !== undefined && { name_changed: true }),
      },
    });
    return changed;
  });
}
