import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { empty, join, sql, type Db, type SqlClient } from "../memory/db.ts";
import { invalidRequest, notFound, permissionDenied } from "../memory/errors.ts";
import { newId } from "../memory/ids.ts";
import { KEY_COLUMNS, keyColumns, keyFromRow, type ApiKeyRecord, type KeyRow } from "./key-rows.ts";
import { actorOf, type Principal } from "./principal.ts";
import type { Actor } from "../memory/actor.ts";
import { recordAuditEvent } from "../memory/audit/record-audit-event.ts";
import { findStoreNames } from "../memory/stores/find-store-names.ts";
import { isRole, lowerRole, roleAtMost, ROLES, type Role } from "./roles.ts";
import { DEFAULT_WORKSPACE_ID, isWorkspaceRole, WORKSPACE_ROLE_POWERS } from "./workspace-roles.ts";

/**
 * API keys: `mcsk_` + 32 random bytes in base64url. Only the SHA-256 of the secret is stored
 * (the secret has 256 bits of entropy, so a slow hash adds nothing), with the first characters
 * kept for recognising a key in lists. A revoked key fails on its next request: nothing caches keys.
 */
export const KEY_PREFIX = "mcsk_";
const SHOWN_PREFIX_CHARS = 12;
export const ENV_KEY_NAME = "MEMORY_CONSOLE_API_KEY";
/** Shown instead of the env key's first characters: that secret is chosen by a person and may be short. */
const ENV_KEY_PREFIX = "env";

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

export type KeyWithOwner = KeyRow & {
  owner_role: string | null;
  owner_disabled_at: unknown;
  owner_workspace_role: string | null;
  workspace_archived_at: unknown;
};

/**
 * The columns of a key (alias `k`), of the user it answers to (alias `u`), of that user's
 * membership of the key's workspace (alias `m`) and of that workspace (alias `w`): FROM
 * KEY_WITH_OWNER_TABLES, one statement for everything a request's key is checked against.
 */
export const KEY_WITH_OWNER_COLUMNS = sql`${keyColumns("k.")}, u.role AS owner_role, u.disabled_at AS owner_disabled_at,
    m.workspace_role AS owner_workspace_role, w.archived_at AS workspace_archived_at`;
const OWNER_JOINS = sql`LEFT JOIN users u ON u.id = k.created_by_user_id
    LEFT JOIN workspace_members m ON m.user_id = k.created_by_user_id AND m.workspace_id = k.workspace_id
    LEFT JOIN workspaces w ON w.id = k.workspace_id`;
export const KEY_WITH_OWNER_TABLES = sql`api_keys k ${OWNER_JOINS}`;
/** The same joins after `JOIN api_keys k ON …` (an OAuth token's grant). */
export const KEY_OWNER_JOINS = OWNER_JOINS;

type KeyWithStore = KeyWithOwner & { store_workspace_id?: string | null };

/**
 * An OAuth grant's row has a secret nobody holds: it answers only to its access tokens (lib/oauth),
 * never as a key. With `storeId` (the store a request's path names), the same statement reads that
 * store's workspace by its primary key: the request's scope check then sends nothing more.
 */
async function keyRow(client: SqlClient, secretHash: string, storeId?: string): Promise<KeyWithStore | undefined> {
  const store = storeId === undefined ? empty : sql`, (SELECT workspace_id FROM memory_stores WHERE id = ${storeId}) AS store_workspace_id`;
  const [row] = await client.$queryRaw<KeyWithStore[]>`
    SELECT ${KEY_WITH_OWNER_COLUMNS}${store}
    FROM ${KEY_WITH_OWNER_TABLES}
    WHERE k.secret_hash = ${secretHash} AND k.revoked_at IS NULL AND k.oauth_client_id IS NULL`;
  return row;
}

type NewKey = Omit<ApiKeyRecord, "createdAt" | "revokedAt">;

/** Inserts a key; null when a key with the same secret exists (only the bootstrap key can). */
async function insertKey(tx: SqlClient, key: NewKey): Promise<ApiKeyRecord | null> {
  const [row] = await tx.$queryRaw<KeyRow[]>`
    INSERT INTO api_keys (id, name, secret_hash, prefix, role, store_ids, read_only, created_by_user_id, created_at, oauth_client_id, workspace_id)
    VALUES (${key.id}, ${key.name}, ${key.secretHash}, ${key.prefix}, ${key.role}, ${key.storeIds}, ${key.readOnly}, ${key.createdByUserId}, ${new Date()}, ${key.oauthClientId}, ${key.workspaceId})
    ON CONFLICT (secret_hash) DO NOTHING
    RETURNING ${KEY_COLUMNS}`;
  return row ? keyFromRow(row) : null;
}

/**
 * The bootstrap key from the environment is an ordinary key row, made on its first use: its
 * visible id is random (never derived from the secret, which may be short and guessable), it
 * is listed and attributed like any key, and revoking it on the console stops it for good.
 * Several instances may race to make it; the unique hash lets exactly one insert win.
 */
async function ensureEnvKeyRow(db: Db, secretHash: string) {
  const key = {
    id: newId("apikey"),
    name: ENV_KEY_NAME,
    secretHash,
    prefix: ENV_KEY_PREFIX,
    role: "admin",
    storeIds: null,
    readOnly: false,
    createdByUserId: null,
    oauthClientId: null,
    // The bootstrap key is organisation-scoped: it reaches every workspace through the header.
    workspaceId: null,
  };
  await db.sqlTransaction((tx) => insertKey(tx, key));
}

/**
 * The principal of a presented key, read on every request (nothing is cached, so a revoked key
 * fails at once). One hand-written SELECT on the unique hash index: this runs before every API
 * call, where the Prisma model runtime would cost more than the query (lib/db/sql.ts). With
 * `storeId`, the same statement reads that store's workspace (null: no such store; undefined
 * when no store was named).
 */
export async function keyAndStore(
  db: Db,
  secret: string,
  envSecret: string | undefined,
  pathStoreId?: string,
): Promise<{ principal: Principal; storeWorkspaceId: string | null | undefined } | null> {
  // A NUL is refused with a 400 later (PostgreSQL takes none in a text parameter): such an id is not looked up here.
  const storeId = pathStoreId?.includes("\u0000") ? undefined : pathStoreId;
  const secretHash = hashSecret(secret);
  const isEnvKey = envSecret !== undefined && timingSafeEqual(Buffer.from(secretHash), Buffer.from(hashSecret(envSecret)));
  if (!isEnvKey && !secret.startsWith(KEY_PREFIX)) return null;
  let key = await keyRow(db.sql, secretHash, storeId);
  if (!key && isEnvKey) {
    await ensureEnvKeyRow(db, secretHash);
    key = await keyRow(db.sql, secretHash, storeId);
  }
  // A bootstrap key stops when the environment no longer names it (rotated), even if it looks like a made key.
  if (!key || (key.prefix === ENV_KEY_PREFIX && !isEnvKey)) return null;
  const principal = principalOfKeyRow(key);
  return principal && { principal, storeWorkspaceId: storeId === undefined ? undefined : (key.store_workspace_id ?? null) };
}

/**
 * A key row as a principal. A key never holds more than the user it was made for holds now: it
 * stops with that user's account (disabled or gone), and its role is capped by the user's
 * current power where the key acts: an organisation admin's in every workspace, anyone else's
 * in the key's workspace (a key whose owner left that workspace stops). An organisation-scoped
 * key is made by organisation admins only; it stops when its owner no longer is one.
 */
export function principalOfKeyRow(key: KeyWithOwner): Principal | null {
  if (!isRole(key.role)) return null;
  // A key of an archived workspace stops with it.
  if (key.workspace_id !== null && key.workspace_archived_at != null) return null;
  let role: Role = key.role;
  if (key.created_by_user_id !== null) {
    if (!isRole(key.owner_role) || key.owner_disabled_at !== null) return null;
    const ownerIsOrgAdmin = key.owner_role === "admin";
    if (key.workspace_id === null && !ownerIsOrgAdmin) return null;
    if (!ownerIsOrgAdmin) {
      const power = isWorkspaceRole(key.owner_workspace_role) ? WORKSPACE_ROLE_POWERS[key.owner_workspace_role].power : null;
      if (power === null) return null;
      role = lowerRole(role, power);
    }
  }
  return {
    kind: "api_key",
    apiKeyId: key.id,
    name: key.name,
    role,
    storeIds: key.store_ids ? (JSON.parse(key.store_ids) as string[]) : null,
    readOnly: Boolean(key.read_only),
    ownerUserId: key.created_by_user_id,
    keyWorkspaceId: key.workspace_id,
    // Until the request's header is read (workspace-scope.ts): the key's own workspace, or Default.
    workspaceId: key.workspace_id ?? DEFAULT_WORKSPACE_ID,
    orgAdmin: key.workspace_id === null && role === "admin" && !key.store_ids,
  };
}

export interface CreateApiKeyInput {
  name: unknown;
  role: unknown;
  storeIds?: unknown;
  readOnly?: unknown;
  /** "organization" for an organisation-scoped key (organisation admins only); else the grantor's request workspace. */
  scope?: unknown;
}

function storeIdsOf(value: unknown): string[] | null {
  if (value == null) return null;
  if (!Array.isArray(value) || value.length === 0 || value.some((s) => typeof s !== "string")) {
    throw invalidRequest("store_ids: must be a non-empty list of memory store ids, or null for every store.");
  }
  return [...new Set(value as string[])];
}

/**
 * What `grantor` may hand out: no principal grants more than it holds. The new key's role is
 * at most the grantor's, it is read-only if the grantor is, and its stores are a subset of the
 * grantor's. Admin is server-wide, so a store-limited key is a reviewer or a viewer.
 */
function assertGrantable(grantor: Principal, role: Role, storeIds: string[] | null, readOnly: boolean) {
  if (!roleAtMost(role, grantor.role)) throw permissionDenied(`You may create keys with role ${grantor.role} or lower, not ${role}.`);
  if (storeIds !== null && role === "admin") {
    throw invalidRequest("role: a key limited to some stores can be reviewer or viewer; admin keys reach every store.");
  }
  if (grantor.kind !== "api_key") return;
  if (grantor.readOnly && !readOnly) throw permissionDenied("A read-only key may only create read-only keys.");
  if (grantor.storeIds !== null) {
    const outside = storeIds === null ? null : storeIds.filter((id) => !grantor.storeIds!.includes(id));
    if (outside === null || outside.length > 0) {
      throw permissionDenied(`This key is limited to some stores; new keys must be limited to (some of) them too.`);
    }
  }
}

/** An OAuth grant's prefix in lists: it has no secret anyone could recognise. */
const GRANT_PREFIX = "oauth";

/**
 * Makes a key (or, with `oauthClientId`, an OAuth grant: the same row, whose secret is random
 * and thrown away, so it answers only to the grant's access tokens).
 */
export async function createApiKey(db: Db, input: CreateApiKeyInput, grantor: Principal, oauthClientId: string | null = null) {
  const name = typeof input.name === "string" ? input.name.trim() : "";
  if (name.length < 1 || name.length > 100) throw invalidRequest("name: must be 1 to 100 characters long.");
  if (/\p{Cc}/u.test(name)) throw invalidRequest("name: must not contain control characters.");
  if (!isRole(input.role)) throw invalidRequest(`role: must be one of ${ROLES.join(", ")}.`);
  const role = input.role;
  const storeIds = storeIdsOf(input.storeIds);
  const readOnly = input.readOnly === true;
  if (input.scope != null && input.scope !== "workspace" && input.scope !== "organization")
    throw invalidRequest('scope: must be "workspace" or "organization".');
  const orgScoped = input.scope === "organization";
  if (orgScoped && !grantor.orgAdmin) throw permissionDenied("Only organisation admins may create organisation-scoped keys.");
  if (orgScoped && storeIds !== null)
    throw invalidRequest("store_ids: an organisation-scoped key reaches every workspace; limit a workspace's key to stores instead.");
  assertGrantable(grantor, role, storeIds, readOnly);
  const workspaceId = orgScoped ? null : grantor.workspaceId;
  const secret = KEY_PREFIX + randomBytes(32).toString("base64url");
  const fields = {
    id: newId("apikey"),
    name,
    secretHash: hashSecret(secret),
    prefix: oauthClientId ? GRANT_PREFIX : secret.slice(0, SHOWN_PREFIX_CHARS),
    role,
    storeIds: storeIds ? JSON.stringify(storeIds) : null,
    readOnly,
    // A key made by a key answers to the same user, so disabling that user stops both.
    createdByUserId: grantor.kind === "user" ? grantor.userId : grantor.ownerUserId,
    oauthClientId,
    workspaceId,
  };
  const key = await db.sqlTransaction(async (tx) => {
    if (storeIds) {
      const [found] = await tx.$queryRaw<
        { n: number | bigint | string }[]
      >`SELECT COUNT(*) AS n FROM memory_stores WHERE id IN (${join(storeIds)}) AND workspace_id = ${workspaceId}`;
      if (Number(found!.n) !== storeIds.length) throw invalidRequest("store_ids: every id must be an existing memory store of this workspace.");
    }
    // 256 random bits never repeat: a clash would mean a broken random source, not a caller's mistake.
    const inserted = await insertKey(tx, fields);
    if (!inserted) throw new Error("A new API key's secret matches an existing key.");
    await recordAuditEvent(tx, {
      action: "api_key.created",
      actor: actorOf(grantor),
      target: { type: "api_key", id: inserted.id },
      details: { name, role, store_ids: storeIds ?? null, read_only: readOnly, workspace_id: workspaceId },
      workspaceId,
    });
    return inserted;
  });
  const [listed] = await asListed(db.sql, [key]);
  return { key: listed!, secret };
}

/** The workspace's keys, and for an organisation admin the organisation-scoped ones too. */
export async function listApiKeys(db: Db, viewer: Principal): Promise<ListedKey[]> {
  const rows = await db.sql.$queryRaw<KeyRow[]>`
    SELECT ${KEY_COLUMNS} FROM api_keys
    WHERE workspace_id = ${viewer.workspaceId} ${viewer.orgAdmin ? sql`OR workspace_id IS NULL` : empty}
    ORDER BY id DESC`;
  return asListed(db.sql, rows.map(keyFromRow));
}

/**
 * A key as lists show it: an OAuth grant with the name its client registered, and when it last
 * got a token (a connection or an hourly refresh; nothing is written per request); a key limited
 * to some stores with each store's name (null: the store was deleted since the key was made).
 */
export type ListedKey = ApiKeyRecord & {
  oauthClientName: string | null;
  lastTokenIssuedAt: Date | null;
  stores: { id: string; name: string | null }[] | null;
};

async function asListed(sql: SqlClient, keys: ApiKeyRecord[]): Promise<ListedKey[]> {
  const storeIdsOfKey = new Map(keys.map((k) => [k.id, k.storeIds ? (JSON.parse(k.storeIds) as string[]) : null]));
  const storeNames = await findStoreNames(
    sql,
    [...storeIdsOfKey.values()].flatMap((ids) => ids ?? []),
  );
  const clientIds = [...new Set(keys.flatMap((k) => (k.oauthClientId ? [k.oauthClientId] : [])))];
  const grantIds = keys.filter((k) => k.oauthClientId).map((k) => k.id);
  const names = new Map<string, string>();
  const issued = new Map<string, Date>();
  if (clientIds.length > 0) {
    const rows = await sql.$queryRaw<{ id: string; name: string }[]>`SELECT id, name FROM oauth_clients WHERE id IN (${join(clientIds)})`;
    for (const row of rows) names.set(row.id, row.name);
    const tokens = await sql.$queryRaw<{ api_key_id: string; issued_at: Date | string | number }[]>`
      SELECT api_key_id, MAX(created_at) AS issued_at FROM oauth_tokens WHERE api_key_id IN (${join(grantIds)}) GROUP BY api_key_id`;
    for (const row of tokens) issued.set(row.api_key_id, new Date(row.issued_at));
  }
  return keys.map((k) => ({
    ...k,
    oauthClientName: k.oauthClientId ? (names.get(k.oauthClientId) ?? k.oauthClientId) : null,
    lastTokenIssuedAt: issued.get(k.id) ?? null,
    stores: storeIdsOfKey.get(k.id)?.map((id) => ({ id, name: storeNames.get(id) ?? null })) ?? null,
  }));
}

/** Revoking an OAuth grant ends its tokens too (they already fail with the revoked row; the rows go). */
/** `scope`: the request's principal, who sees only their workspace's keys (none: an operator, who sees every key). */
export async function revokeApiKey(db: Db, id: string, by: Actor | null, scope?: Principal): Promise<ListedKey> {
  const key = await db.sqlTransaction(async (tx) => {
    const [before] = await tx.$queryRaw<{ revoked_at: unknown; workspace_id: string | null }[]>`SELECT revoked_at, workspace_id FROM api_keys WHERE id = ${id}`;
    // Another workspace's key, or an organisation key to anyone but an organisation admin, is not there.
    if (!before || (scope && !keyVisibleTo(before.workspace_id, scope))) throw notFound(`API key ${id} not found.`);
    const [row] = await tx.$queryRaw<KeyRow[]>`
      UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ${new Date()}) WHERE id = ${id} RETURNING ${KEY_COLUMNS}`;
    if (!row) throw notFound(`API key ${id} not found.`);
    await tx.$executeRaw`DELETE FROM oauth_tokens WHERE api_key_id = ${id}`;
    await tx.$executeRaw`DELETE FROM oauth_codes WHERE api_key_id = ${id}`;
    // Revoking again changes nothing, so it records nothing.
    if (before.revoked_at == null)
      await recordAuditEvent(tx, { action: "api_key.revoked", actor: by, target: { type: "api_key", id }, workspaceId: before.workspace_id });
    return keyFromRow(row);
  });
  const [listed] = await asListed(db.sql, [key]);
  return listed!;
}

/** Whether a key (of `workspaceId`, null: organisation-scoped) is one `viewer` may see and manage in their request's workspace. */
export const keyVisibleTo = (workspaceId: string | null, viewer: Principal) => workspaceId === viewer.workspaceId || (workspaceId === null && viewer.orgAdmin);

export type { ApiKeyRecord } from "./key-rows.ts";
