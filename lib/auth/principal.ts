import type { Actor } from "../memory/actor.ts";
import { permissionDenied } from "../memory/errors.ts";
import { permissionError, roleGrants, type Permission, type Role } from "./roles.ts";

/** Whoever a request acts as: an API key or a signed-in console user. */
export type Principal =
  | {
      kind: "api_key";
      apiKeyId: string;
      name: string;
      role: Role;
      /** Stores the key is limited to; null means every store. */
      storeIds: readonly string[] | null;
      readOnly: boolean;
    }
  | { kind: "user"; userId: string; email: string; role: Role };

export function actorOf(principal: Principal): Actor {
  return principal.kind === "api_key"
    ? { type: "api_actor", api_key_id: principal.apiKeyId }
    : { type: "user_actor", user_id: principal.userId };
}

function describe(principal: Principal): string {
  if (principal.kind === "user") return `${principal.email} (${principal.role})`;
  return `API key ${principal.name} (${principal.readOnly ? "read-only " : ""}${principal.role})`;
}

export function can(principal: Principal, permission: Permission): boolean {
  return roleGrants(principal.role, permission, principal.kind === "api_key" && principal.readOnly);
}

export function assertCan(principal: Principal, permission: Permission) {
  if (!can(principal, permission)) throw permissionError(permission, describe(principal));
}

/** An API key limited to some stores may touch only those (and may not create new ones). */
export function assertStoreAccess(principal: Principal, storeId: string | null) {
  if (principal.kind !== "api_key" || principal.storeIds === null) return;
  if (storeId === null) throw permissionDenied(`${describe(principal)} is limited to specific stores and may not create stores.`);
  if (!principal.storeIds.includes(storeId)) throw permissionDenied(`${describe(principal)} is not allowed to access memory store ${storeId}.`);
}

export function storeFilterOf(principal: Principal): readonly string[] | undefined {
  return principal.kind === "api_key" && principal.storeIds !== null ? principal.storeIds : undefined;
}
