import { permissionDenied } from "../memory/errors.ts";

/**
 * Roles, and what each may do. Enforced by the server for every caller (session or API key);
 * the console hides controls only as a courtesy.
 * - viewer: read stores, memories and versions.
 * - reviewer: also create and edit stores and memories, restore and redact versions.
 * - admin: also archive and delete stores, manage users and API keys.
 */
export const ROLES = ["admin", "reviewer", "viewer"] as const;
export type Role = (typeof ROLES)[number];

export type Permission = "read" | "write" | "admin";

const GRANTS: Record<Role, readonly Permission[]> = {
  viewer: ["read"],
  reviewer: ["read", "write"],
  admin: ["read", "write", "admin"],
};

/** admin > reviewer > viewer: a role "at most" another grants a subset of it. */
const RANK: Record<Role, number> = { viewer: 0, reviewer: 1, admin: 2 };
export const roleAtMost = (role: Role, limit: Role) => RANK[role] <= RANK[limit];
export const lowerRole = (a: Role, b: Role): Role => (RANK[a] <= RANK[b] ? a : b);

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

export function roleGrants(role: Role, permission: Permission, readOnly = false): boolean {
  if (readOnly && permission !== "read") return false;
  return GRANTS[role].includes(permission);
}

const DESCRIBE: Record<Permission, string> = {
  read: "read memory stores",
  write: "change stores, memories or versions",
  admin: "do this (admins only)",
};

export function permissionError(permission: Permission, who: string) {
  return permissionDenied(`${who} may not ${DESCRIBE[permission]}.`);
}
