import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashSecret, KEY_PREFIX } from "../../lib/auth/api-keys.ts";
import type { BodyOf, CallArgs, CallRest, OperationName } from "../../lib/api-client/operation-types.ts";
import { newId } from "../../lib/memory/ids.ts";
import { ADMIN_KEY, startServer, type TestServer } from "../helpers/server.ts";
import { signInForCookie } from "../helpers/session.ts";
import { openServerDb } from "../memory-tool/database.ts";

// docs/design.md "Trust": no principal can grant more than it holds (issue 8, item 1). Every
// escalation path is tried with store-limited, read-only and reviewer keys, and with keys
// whose user has since lost their powers.
let server: TestServer;
let storeA: string;
let storeB: string;
const ADMIN = { email: "owner@example.com", password: "owner password 123" };

type Key = { id: string; secret: string; created_by_user_id: string | null };
type Reply = { status: number; body: { id?: string; error?: { type: string; message: string }; [k: string]: unknown } };

async function call(secret: string | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
  const res = await server.fetch(path, {
    method,
    headers: { "x-api-key": secret ?? "", ...(body !== undefined && { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}
/** An operation through the typed client with this key (none: "" as the console sends) and extra headers (a session cookie). */
async function op<N extends OperationName>(
  secret: string | null,
  name: N,
  args: CallArgs<N> = {} as CallArgs<N>,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const res = await server.apiWithHeaders({ "x-api-key": secret ?? "", ...headers }).send(name, ...([args] as CallRest<N>));
  return { status: res.status, body: await res.json() };
}

async function createKey(grantor: string, body: BodyOf<"createApiKey">): Promise<Key> {
  const res = await op(grantor, "createApiKey", { body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as Key;
}

/** A key row as an older version could have stored it (e.g. a store-limited admin key), written straight to the database. */
async function legacyKey(fields: { role: string; storeIds: string[] | null }): Promise<string> {
  const secret = KEY_PREFIX + randomBytes(32).toString("base64url");
  const db = await openServerDb(server);
  try {
    await db.sqlTransaction(
      (tx) => tx.$executeRaw`
        INSERT INTO api_keys (id, name, secret_hash, prefix, role, store_ids, read_only, created_at)
        VALUES (${newId("apikey")}, ${"legacy"}, ${hashSecret(secret)}, ${secret.slice(0, 12)}, ${fields.role},
          ${fields.storeIds ? JSON.stringify(fields.storeIds) : null}, ${false}, ${new Date()})`,
    );
  } finally {
    await db.close();
  }
  return secret;
}

beforeAll(async () => {
  server = await startServer({ env: { MEMORY_CONSOLE_ADMIN_EMAIL: ADMIN.email, MEMORY_CONSOLE_ADMIN_PASSWORD: ADMIN.password } });
  storeA = (await server.client.beta.memoryStores.create({ name: "A" })).id;
  storeB = (await server.client.beta.memoryStores.create({ name: "B" })).id;
});
afterAll(() => server?.stop());

describe("store-limited keys", () => {
  it("cannot be made with the admin role: admin is server-wide", async () => {
    const res = await op(ADMIN_KEY, "createApiKey", { body: { name: "x", role: "admin", store_ids: [storeA] } });
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toMatch(/reviewer or viewer/);
  });

  it("an admin key stored with a store list (older data) has no admin powers at all", async () => {
    const secret = await legacyKey({ role: "admin", storeIds: [storeA] });
    const me = await op(secret, "me");
    expect(me.body.permissions).toEqual({ read: true, write: true, admin: false });
    const attempts: [string, () => Promise<Reply>][] = [
      ["createApiKey admin", () => op(secret, "createApiKey", { body: { name: "escalated", role: "admin" } })],
      ["createApiKey viewer", () => op(secret, "createApiKey", { body: { name: "escalated", role: "viewer", store_ids: [storeA] } })],
      ["listApiKeys", () => op(secret, "listApiKeys")],
      ["listUsers", () => op(secret, "listUsers")],
      ["createUser", () => op(secret, "createUser", { body: { email: "evil@example.com", password: "evil password 1", role: "admin" } })],
      ["listActors", () => op(secret, "listActors")],
      ["archiveStore", () => op(secret, "archiveStore", { params: { store: storeA } })],
      ["deleteStore", () => op(secret, "deleteStore", { params: { store: storeA } })],
    ];
    for (const [operation, attempt] of attempts) {
      const res = await attempt();
      expect({ operation, status: res.status }).toEqual({ operation, status: 403 });
    }
    // Still a reviewer within its store, and nothing outside it.
    expect((await call(secret, "POST", `/v1/memory_stores/${storeA}/memories`, { path: "/ok.md", content: "ok" })).status).toBe(200);
    expect((await call(secret, "GET", `/v1/memory_stores/${storeB}`)).status).toBe(403);
    const users = await op(ADMIN_KEY, "listUsers");
    expect(JSON.stringify(users.body)).not.toContain("evil@example.com");
  });
});

describe("what a key may grant", () => {
  it("read-only and non-admin keys create no keys and no users", async () => {
    const readOnlyAdmin = await createKey(ADMIN_KEY, { name: "ro admin", role: "admin", read_only: true });
    const reviewer = await createKey(ADMIN_KEY, { name: "reviewer", role: "reviewer" });
    const limitedReviewer = await createKey(ADMIN_KEY, { name: "limited", role: "reviewer", store_ids: [storeA] });
    for (const key of [readOnlyAdmin, reviewer, limitedReviewer]) {
      for (const role of ["admin", "reviewer", "viewer"]) {
        expect((await op(key.secret, "createApiKey", { body: { name: "child", role, read_only: true, store_ids: [storeA] } })).status).toBe(403);
      }
      expect(
        (await op(key.secret, "createUser", { body: { email: `u${Math.random()}@example.com`, password: "a password 123", role: "viewer" } })).status,
      ).toBe(403);
    }
  });

  it("a key made by an admin key answers to the same user", async () => {
    const { cookie } = await signInForCookie(server.baseURL, ADMIN.email, ADMIN.password);
    const headers = { cookie: cookie!, origin: server.baseURL };
    const parent = await op(null, "createApiKey", { body: { name: "parent", role: "admin" } }, headers);
    expect(parent.status).toBe(200);
    const child = await createKey(parent.body.secret as string, { name: "child", role: "reviewer" });
    expect(child.created_by_user_id).toBe(parent.body.created_by_user_id);
    expect(child.created_by_user_id).toMatch(/^user_/);
  });
});

describe("keys follow their user", () => {
  async function userWithKey(role: "admin" | "reviewer") {
    const email = `keyholder-${Math.random().toString(36).slice(2)}@example.com`;
    const password = "keyholder password 1";
    const user = await op(ADMIN_KEY, "createUser", { body: { email, password, role } });
    expect(user.status).toBe(200);
    const { cookie } = await signInForCookie(server.baseURL, email, password);
    const headers = { cookie: cookie!, origin: server.baseURL };
    const key = await op(null, "createApiKey", { body: { name: `${role}'s key`, role } }, headers);
    expect(key.status, JSON.stringify(key.body)).toBe(200);
    return { userId: user.body.id as string, secret: key.body.secret as string };
  }

  it("a key (and the keys it made) stop when its user is disabled, and work again when re-enabled", async () => {
    const { userId, secret } = await userWithKey("admin");
    const grandchild = await createKey(secret, { name: "grandchild", role: "viewer" });
    expect((await call(secret, "GET", `/v1/memory_stores/${storeA}`)).status).toBe(200);
    expect((await op(ADMIN_KEY, "updateUser", { params: { user: userId }, body: { disabled: true } })).status).toBe(200);
    for (const s of [secret, grandchild.secret]) {
      const res = await call(s, "GET", `/v1/memory_stores/${storeA}`);
      expect(res.status).toBe(401);
      expect(res.body.error?.type).toBe("authentication_error");
    }
    expect((await op(ADMIN_KEY, "updateUser", { params: { user: userId }, body: { disabled: false } })).status).toBe(200);
    expect((await call(grandchild.secret, "GET", `/v1/memory_stores/${storeA}`)).status).toBe(200);
  });

  it("a key holds no more than its user holds now: demoting the user demotes the key", async () => {
    const { userId, secret } = await userWithKey("admin");
    expect((await op(secret, "listUsers")).status).toBe(200);
    expect((await op(ADMIN_KEY, "updateUser", { params: { user: userId }, body: { role: "viewer" } })).status).toBe(200);
    expect((await op(secret, "listUsers")).status).toBe(403);
    expect((await call(secret, "POST", `/v1/memory_stores/${storeA}/memories`, { path: "/demoted.md", content: "x" })).status).toBe(403);
    const me = await op(secret, "me");
    expect(me.body.role).toBe("viewer");
  });

  it("a reviewer user cannot make an admin key", async () => {
    const email = `rev-${Math.random().toString(36).slice(2)}@example.com`;
    await op(ADMIN_KEY, "createUser", { body: { email, password: "reviewer password 1", role: "reviewer" } });
    const { cookie } = await signInForCookie(server.baseURL, email, "reviewer password 1");
    const res = await op(null, "createApiKey", { body: { name: "mine", role: "admin" } }, { cookie: cookie!, origin: server.baseURL });
    expect(res.status).toBe(403);
  });
});

describe("the bootstrap key from the environment", () => {
  it("has a random visible id, never a hash of its secret, kept across restarts", async () => {
    const me = await op(ADMIN_KEY, "me");
    const id = me.body.id as string;
    expect(id).toMatch(/^apikey_/);
    const hash = hashSecret(ADMIN_KEY);
    for (let i = 0; i + 8 <= hash.length; i += 4) expect(id.toLowerCase()).not.toContain(hash.slice(i, i + 8));
    const listed = (await op(ADMIN_KEY, "listApiKeys")).body.data as { id: string; prefix: string; name: string }[];
    const row = listed.find((k) => k.id === id)!;
    expect(row.name).toBe("MEMORY_CONSOLE_API_KEY");
    expect(ADMIN_KEY.startsWith(row.prefix)).toBe(false);
    await server.kill();
    await server.restart();
    expect((await op(ADMIN_KEY, "me")).body.id).toBe(id);
  });
});
