import type { Db } from "../memory/db.ts";
import { conflict, invalidRequest, notFound } from "../memory/errors.ts";
import { newId } from "../memory/ids.ts";
import { hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, needsRehash } from "./passwords.ts";
import { isRole, ROLES, type Role } from "./roles.ts";

/** Console users. Passwords are only ever stored hashed; no function here returns the hash to a caller outside lib/auth. */
const EMAIL = /^[^\s@]+@[^\s@]+$/;
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
  return name.trim();
}

function validateRole(role: unknown): Role {
  if (!isRole(role)) throw invalidRequest(`role: must be one of ${ROLES.join(", ")}.`);
  return role;
}

const PUBLIC = { id: true, email: true, name: true, role: true, createdAt: true, updatedAt: true, disabledAt: true } as const;

export interface CreateUserInput {
  email: unknown;
  password: unknown;
  role: unknown;
  name?: unknown;
}

export async function createUser(db: Db, input: CreateUserInput) {
  const email = normaliseEmail(input.email);
  const password = validatePassword(input.password);
  const role = validateRole(input.role);
  const name = validateName(input.name) ?? "";
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    if (await tx.user.findUnique({ where: { email }, select: { id: true } })) {
      throw conflict(`A user with email ${email} already exists.`);
    }
    const now = new Date();
    return tx.user.create({ data: { id: newId("user"), email, name, passwordHash, role, createdAt: now, updatedAt: now }, select: PUBLIC });
  });
}

export async function countUsers(db: Db): Promise<number> {
  return db.read.user.count();
}

/**
 * First run: creates the first admin only while no user exists. The marker row's primary
 * key makes this atomic across requests and instances: exactly one caller can insert it.
 * "No users yet" is checked before hashing too, so requests after setup cost no scrypt.
 */
export async function createFirstAdmin(db: Db, input: Omit<CreateUserInput, "role">) {
  const email = normaliseEmail(input.email);
  const password = validatePassword(input.password);
  const name = validateName(input.name) ?? "";
  if ((await countUsers(db)) > 0) throw conflict(ALREADY_SET_UP);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    if ((await tx.user.count()) > 0) throw conflict(ALREADY_SET_UP);
    const claimed = await tx.$executeRaw`
      INSERT INTO app_settings (key, value, created_at) VALUES ('first_admin', ${email}, ${new Date()})
      ON CONFLICT (key) DO NOTHING`;
    if (claimed === 0) throw conflict(ALREADY_SET_UP);
    const now = new Date();
    return tx.user.create({
      data: { id: newId("user"), email, name, passwordHash, role: "admin", createdAt: now, updatedAt: now },
      select: PUBLIC,
    });
  });
}

export async function listUsers(db: Db) {
  return db.read.user.findMany({ select: PUBLIC, orderBy: { createdAt: "asc" } });
}

export async function findUserForSignIn(db: Db, email: string) {
  return db.read.user.findUnique({ where: { email } });
}

/** After a successful sign-in: replaces a hash made with less work than today's cost, unless the password changed meanwhile. */
export async function upgradePasswordHash(db: Db, user: { id: string; passwordHash: string }, password: string) {
  if (!needsRehash(user.passwordHash)) return;
  const passwordHash = await hashPassword(password);
  await db.transaction((tx) => tx.user.updateMany({ where: { id: user.id, passwordHash: user.passwordHash }, data: { passwordHash } }));
}

/**
 * The user behind a console session, read on every request so that a role change, a
 * disabled account or a password change takes effect at once. `sessionVersion` is the value
 * the session was issued with (tokens from before session versions carry none: 0).
 */
export async function getActiveUser(db: Db, id: string, sessionVersion: number) {
  const user = await db.read.user.findUnique({ where: { id }, select: { ...PUBLIC, sessionVersion: true } });
  if (!user || user.disabledAt || !isRole(user.role) || user.sessionVersion !== sessionVersion) return null;
  const { sessionVersion: _, ...rest } = user;
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
  role?: unknown;
  disabled?: unknown;
  password?: unknown;
  name?: unknown;
}

/**
 * Role, disabled flag, password, name. The last active admin cannot be demoted or disabled.
 * A new password ends every session of the user (their own current one included): the
 * session version goes up and tokens naming the old one stop working.
 */
export async function updateUser(db: Db, input: UpdateUserInput) {
  const role = input.role == null ? undefined : validateRole(input.role);
  const name = validateName(input.name);
  const passwordHash = input.password == null ? undefined : await hashPassword(validatePassword(input.password));
  if (input.disabled != null && typeof input.disabled !== "boolean") throw invalidRequest("disabled: must be true or false.");
  return db.transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: input.id } });
    if (!user) throw notFound(`User ${input.id} not found.`);
    const losesAdmin = user.role === "admin" && !user.disabledAt && ((role && role !== "admin") || input.disabled === true);
    if (losesAdmin) {
      if (input.id === input.actingUserId) throw conflict("You cannot remove your own admin access; ask another admin.");
      const admins = await tx.user.count({ where: { role: "admin", disabledAt: null } });
      if (admins <= 1) throw conflict("This is the last active admin; make another user admin first.");
    }
    return tx.user.update({
      where: { id: input.id },
      data: {
        role,
        passwordHash,
        sessionVersion: passwordHash ? { increment: 1 } : undefined,
        name,
        disabledAt: input.disabled === true ? (user.disabledAt ?? new Date()) : input.disabled === false ? null : undefined,
        updatedAt: new Date(),
      },
      select: PUBLIC,
    });
  });
}
