import type { Db } from "../memory/db.ts";
import { conflict, invalidRequest, notFound } from "../memory/errors.ts";
import { newId } from "../memory/ids.ts";
import { hashPassword, MIN_PASSWORD_LENGTH } from "./passwords.ts";
import { isRole, type Role } from "./roles.ts";

/** Console users. Passwords are only ever stored hashed; no function here returns the hash to a caller outside lib/auth. */
const EMAIL = /^[^\s@]+@[^\s@]+$/;

export function normaliseEmail(email: unknown): string {
  if (typeof email !== "string" || !EMAIL.test(email.trim()) || email.length > 254) {
    throw invalidRequest("email: must be an email address.");
  }
  return email.trim().toLowerCase();
}

export function validatePassword(password: unknown): string {
  if (typeof password !== "string" || password.length < MIN_PASSWORD_LENGTH) {
    throw invalidRequest(`password: must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
  }
  if (password.length > 1024) throw invalidRequest("password: must be at most 1,024 characters long.");
  return password;
}

function validateRole(role: unknown): Role {
  if (!isRole(role)) throw invalidRequest("role: must be one of admin, reviewer, viewer.");
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
  const name = typeof input.name === "string" ? input.name.trim().slice(0, 200) : "";
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
 */
export async function createFirstAdmin(db: Db, input: Omit<CreateUserInput, "role">) {
  const email = normaliseEmail(input.email);
  const password = validatePassword(input.password);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    if ((await tx.user.count()) > 0) throw conflict("Setup is already done: an account exists. Sign in instead.");
    const claimed = await tx.$executeRaw`
      INSERT INTO app_settings (key, value, created_at) VALUES ('first_admin', ${email}, ${new Date()})
      ON CONFLICT (key) DO NOTHING`;
    if (claimed === 0) throw conflict("Setup is already done: an account exists. Sign in instead.");
    const now = new Date();
    const name = typeof input.name === "string" ? input.name.trim().slice(0, 200) : "";
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

export async function getActiveUser(db: Db, id: string) {
  const user = await db.read.user.findUnique({ where: { id }, select: PUBLIC });
  return user && !user.disabledAt && isRole(user.role) ? { ...user, role: user.role as Role } : null;
}

export interface UpdateUserInput {
  id: string;
  actingUserId: string | null;
  role?: unknown;
  disabled?: unknown;
  password?: unknown;
  name?: unknown;
}

/** Role, disabled flag, password, name. The last active admin cannot be demoted or disabled. */
export async function updateUser(db: Db, input: UpdateUserInput) {
  const role = input.role == null ? undefined : validateRole(input.role);
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
        name: typeof input.name === "string" ? input.name.trim().slice(0, 200) : undefined,
        disabledAt: input.disabled === true ? (user.disabledAt ?? new Date()) : input.disabled === false ? null : undefined,
        updatedAt: new Date(),
      },
      select: PUBLIC,
    });
  });
}
