import type { Actor } from "../memory/actor.ts";
import type { ReadChannel, Reader } from "../memory/reads/reader.ts";
import type { StoreScope } from "../memory/store-scope.ts";
import { permissionDenied } from "../memory/errors.ts";
import { permissionError, roleGrants, type Permission, type Role } from "./roles.ts";
import { DEFAULT_WORKSPACE_ID } from "./workspace-roles.ts";

/**
 * Where a request acts (lib/auth/workspace-scope.ts resolves it from the credential and the
 * `anthropic-workspace-id` header): `role` is then the principal's power in that workspace.
 */
interface InWorkspace {
  /** The workspace the request acts in. */
  workspaceId: string;
  /** An organisation admin: admin powers in every workspace, and the organisation API. */
  orgAdmin: boolean;
}

/** Whoever a request acts as: an API key or a signed-in console user. */
export type Principal =
  | (InWorkspace & {
      kind: "api_key";
      apiKeyId: string;
      name: string;
      role: Role;
      /** Stores the key is limited to; null means every store. */
      storeIds: readonly string[] | null;
      readOnly: boolean;
      /** The user on whose authority the key was made (keys made by keys inherit it); null for the env key. */
      ownerUserId: string | null;
      /** The key's own workspace; null: an organisation-scoped key (it names one with the header). */
      keyWorkspaceId: string | null;
    })
  | (InWorkspace & { kind: "user"; userId: string; email: string; role: Role });

/**
 * Who a write is attributed to: the principal, or the agent session it names. A key's session
 * writes still record the key (Actor's `api_key_id`), so a key cannot hide behind a session id.
 */
export function actorOf(principal: Principal, sessionId?: string): Actor {
  if (sessionId) {
    return principal.kind === "api_key"
      ? { type: "session_actor", session_id: sessionId, api_key_id: principal.apiKeyId }
      : { type: "session_actor", session_id: sessionId };
  }
  return principal.kind === "api_key" ? { type: "api_actor", api_key_id: principal.apiKeyId } : { type: "user_actor", user_id: principal.userId };
}

/**
 * Who a read is recorded as (lib/memory/reads): the key (an OAuth grant is one) or the person, the
 * session the request named, and `channel`. A person is signed in to the console, so a person's
 * read is always the console's, whatever route it came through.
 */
export function readerOf(principal: Principal, sessionId: string | undefined, channel: ReadChannel): Reader {
  return principal.kind === "api_key"
    ? { type: "api_key", id: principal.apiKeyId, sessionId: sessionId ?? null, channel }
    : { type: "user", id: principal.userId, sessionId: sessionId ?? null, channel: "console" };
}

/**
 * A signed-in person, before the request's workspace is read: `users.role` admin is an
 * organisation admin; anyone else's power comes from their membership (workspace-scope.ts).
 */
export function userPrincipal(user: { id: string; email: string; role: Role }): Extract<Principal, { kind: "user" }> {
  return { kind: "user", userId: user.id, email: user.email, role: user.role, workspaceId: DEFAULT_WORKSPACE_ID, orgAdmin: user.role === "admin" };
}

function describe(principal: Principal): string {
  if (principal.kind === "user") return `${principal.email} (${principal.role})`;
  return `API key ${principal.name} (${principal.readOnly ? "read-only " : ""}${principal.role})`;
}

/**
 * Administration (users, keys, archiving and deleting stores, every store's actors) is
 * server-wide, so a key limited to some stores never has it, whatever role it was given:
 * store-limited keys are reviewers or viewers (createApiKey refuses an admin one).
 */
export function can(principal: Principal, permission: Permission): boolean {
  if (principal.kind === "api_key" && principal.storeIds !== null && permission === "admin") return false;
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

/** The stores a request may see (lib/memory/store-scope.ts): its workspace's, or the key's list within it. */
export function storeScopeOf(principal: Principal): StoreScope {
  const storeIds = storeFilterOf(principal);
  return storeIds === undefined ? { workspaceId: principal.workspaceId } : { workspaceId: principal.workspaceId, storeIds };
}

/** Whoever runs the server's own scripts (the benchmark, maintenance): every power, on no user's authority. */
export const OPERATOR: Principal = {
  kind: "api_key",
  apiKeyId: "operator",
  name: "operator",
  role: "admin",
  storeIds: null,
  readOnly: false,
  ownerUserId: null,
  keyWorkspaceId: null,
  workspaceId: DEFAULT_WORKSPACE_ID,
  orgAdmin: true,
};
