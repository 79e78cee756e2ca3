import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Db, SqlClient } from "../memory/db.ts";
import { invalidRequest, notFound } from "../memory/errors.ts";
import { newId } from "../memory/ids.ts";
import type { Principal } from "./principal.ts";
import { isRole, type Role } from "./roles.ts";

/**
 * API keys: `mcsk_` + 32 random bytes in base64url. Only the SHA-256 of the secret is stored
 * (the secret has 256 bits of entropy, so a slow hash adds nothing), with the first characters
 * kept for recognising a key in lists. A revoked key fails on its next request: nothing caches keys.
 */
export const KEY_PREFIX = "mcsk_";
const SHOWN_PREFIX_CHARS = 12;

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/** The env bootstrap key's id: stable for the same secret, never revealing it. */
export function envKeyId(secret: string): string {
  return `apikey_env${hashSecret(secret).slice(0, 16)}`;
}

function sameSecret(a: string, b: string): boolean {
  const ha = createHash("sha256").update(a).digest();
  const hb = createHash("sha256").update(b).digest();
  return timingSafeEqual(ha, hb);
}

type KeyRow = { id: string; name: string; role: string; store_ids: string | null; read_only: boolean | number };

/**
 * The principal of a presented key, read on every request (nothing is cached, so a revoked key
 * fails at once). One hand-written SELECT on the unique hash index: this runs before every API
 * call, where the Prisma model runtime would cost more than the query (lib/db/sql.ts).
 */
export async function principalForKey(sql: SqlClient, secret: string, envSecret: string | undefined): Promise<Principal | null> {
  if (envSecret && sameSecret(secret, envSecret)) {
    return { kind: "api_key", apiKeyId: envKeyId(envSecret), name: "MEMORY_CONSOLE_API_KEY", role: "admin", storeIds: null, readOnly: false };
  }
  if (!secret.startsWith(KEY_PREFIX)) return null;
  const [key] = await sql.$queryRaw<KeyRow[]>`
    SELECT id, name, role, store_ids, read_only FROM api_keys WHERE secret_hash = ${hashSecret(secret)} AND revoked_at IS NULL`;
  if (!key || !isRole(key.role)) return null;
  return {
    kind: "api_key",
    apiKeyId: key.id,
    name: key.name,
    role: key.role,
    storeIds: key.store_ids ? (JSON.parse(key.store_ids) as string[]) : null,
    readOnly: Boolean(key.read_only),
  };
}

export interface CreateApiKeyInput {
  name: unknown;
  role: unknown;
  storeIds?: unknown;
  readOnly?: unknown;
  createdByUserId?: string | null;
}

export async function createApiKey(db: Db, input: CreateApiKeyInput) {
  const name = typeof input.name === "string" ? input.name.trim() : "";
  if (name.length < 1 || name.length > 100) throw invalidRequest("name: must be 1 to 100 characters long.");
  if (!isRole(input.role)) throw invalidRequest("role: must be one of admin, reviewer, viewer.");
  const storeIds = input.storeIds == null ? null : input.storeIds;
  if (storeIds !== null && (!Array.isArray(storeIds) || storeIds.some((s) => typeof s !== "string") || storeIds.length === 0)) {
    throw invalidRequest("store_ids: must be a non-empty list of memory store ids, or null for every store.");
  }
  const secret = KEY_PREFIX + randomBytes(32).toString("base64url");
  const key = await db.transaction(async (tx) => {
    if (storeIds) {
      const found = await tx.memoryStore.count({ where: { id: { in: storeIds as string[] } } });
      if (found !== new Set(storeIds).size) throw invalidRequest("store_ids: every id must be an existing memory store.");
    }
    return tx.apiKey.create({
      data: {
        id: newId("apikey"),
        name,
        secretHash: hashSecret(secret),
        prefix: secret.slice(0, SHOWN_PREFIX_CHARS),
        role: input.role as Role,
        storeIds: storeIds ? JSON.stringify(storeIds) : null,
        readOnly: input.readOnly === true,
        createdByUserId: input.createdByUserId ?? null,
        createdAt: new Date(),
      },
    });
  });
  return { key, secret };
}

export async function listApiKeys(db: Db) {
  return db.read.apiKey.findMany({ orderBy: { id: "desc" } });
}

export async function revokeApiKey(db: Db, id: string) {
  return db.transaction(async (tx) => {
    const key = await tx.apiKey.findUnique({ where: { id } });
    if (!key) throw notFound(`API key ${id} not found.`);
    if (key.revokedAt) return key;
    return tx.apiKey.update({ where: { id }, data: { revokedAt: new Date() } });
  });
}

export type ApiKeyRecord = Awaited<ReturnType<typeof listApiKeys>>[number];
