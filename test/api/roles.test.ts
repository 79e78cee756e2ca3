import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BodyOf, CallRest, OperationName } from "../../lib/api-client/operation-types.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { signInForCookie } from "../helpers/session.ts";

// Roles × endpoint families, for API keys and console sessions alike (issue 3).
let server: TestServer;
const ADMIN = { email: "root@example.com", password: "root password 123" };

type Key = { id: string; secret: string };
async function createKey(body: BodyOf<"createApiKey">): Promise<Key> {
  const res = await server.api.send("createApiKey", { body });
  expect(res.status).toBe(200);
  const key = (await res.json()) as { id: string; secret: string };
  return { id: key.id, secret: key.secret };
}

async function call(secret: string, method: string, path: string, body?: unknown) {
  const res = await server.fetch(path, {
    method,
    headers: { "x-api-key": secret, ...(body !== undefined && { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return read(res);
}
async function read(res: Response) {
  return { status: res.status, body: (await res.json()) as { id?: string; error?: { type: string; message: string } } };
}
/** An operation through the typed client with this key: the status and the body, as `call` answers them. */
const op = async <N extends OperationName>(secret: string, name: N, ...args: CallRest<N>) => read(await server.apiWith(secret).send(name, ...args));

let storeA: string;
let storeB: string;

beforeAll(async () => {
  server = await startServer({ env: { MEMORY_CONSOLE_ADMIN_EMAIL: ADMIN.email, MEMORY_CONSOLE_ADMIN_PASSWORD: ADMIN.password } });
  storeA = (await server.client.beta.memoryStores.create({ name: "A" })).id;
  storeB = (await server.client.beta.memoryStores.create({ name: "B" })).id;
});
afterAll(() => server?.stop());

/** One representative request per endpoint family; each makes a fresh target so order does not matter. */
const families = {
  read: async (s: string) => call(s, "GET", `/v1/memory_stores/${storeA}/memories`),
  "write memories": async (s: string) => call(s, "POST", `/v1/memory_stores/${storeA}/memories`, { path: `/w/${Math.random()}.md`, content: "w" }),
  "edit stores": async (s: string) => call(s, "POST", "/v1/memory_stores", { name: "new" }),
  "archive/delete stores": async (s: string) => {
    const target = await server.client.beta.memoryStores.create({ name: "doomed" });
    return call(s, "POST", `/v1/memory_stores/${target.id}/archive`);
  },
  "users and keys": async (s: string) => op(s, "listUsers"),
} as const;

const expected: Record<string, Record<keyof typeof families, number>> = {
  admin: { read: 200, "write memories": 200, "edit stores": 200, "archive/delete stores": 200, "users and keys": 200 },
  reviewer: { read: 200, "write memories": 200, "edit stores": 200, "archive/delete stores": 403, "users and keys": 403 },
  viewer: { read: 200, "write memories": 403, "edit stores": 403, "archive/delete stores": 403, "users and keys": 403 },
};

describe("API keys: role × endpoint family", () => {
  for (const role of ["admin", "reviewer", "viewer"] as const) {
    for (const [family, request] of Object.entries(families)) {
      it(`${role} key → ${family}: ${expected[role]![family as keyof typeof families]}`, async () => {
        const key = await createKey({ name: `${role} key`, role });
        const res = await request(key.secret);
        expect(res.status).toBe(expected[role]![family as keyof typeof families]);
        if (res.status === 403) expect(res.body.error?.type).toBe("permission_error");
      });
    }
  }
});

describe("API keys: read-only, store-limited, revoked", () => {
  it("a read-only admin key reads but cannot write anything", async () => {
    const key = await createKey({ name: "ro", role: "admin", read_only: true });
    expect((await families.read(key.secret)).status).toBe(200);
    for (const family of ["write memories", "edit stores", "archive/delete stores", "users and keys"] as const) {
      expect((await families[family](key.secret)).status).toBe(403);
    }
  });

  it("a store-limited key sees and touches only its stores, and cannot create stores", async () => {
    const key = await createKey({ name: "limited", role: "reviewer", store_ids: [storeA] });
    expect((await call(key.secret, "GET", `/v1/memory_stores/${storeA}`)).status).toBe(200);
    expect((await call(key.secret, "GET", `/v1/memory_stores/${storeB}`)).status).toBe(403);
    expect((await call(key.secret, "POST", `/v1/memory_stores/${storeB}/memories`, { path: "/x.md", content: "x" })).status).toBe(403);
    expect((await call(key.secret, "POST", "/v1/memory_stores", { name: "other" })).status).toBe(403);
    const list = await server.fetch("/v1/memory_stores?limit=100", { headers: { "x-api-key": key.secret } });
    const ids = ((await list.json()) as { data: { id: string }[] }).data.map((s) => s.id);
    expect(ids).toEqual([storeA]);
  });

  it("a store-limited key must name existing stores", async () => {
    const res = await server.api.send("createApiKey", { body: { name: "bad", role: "viewer", store_ids: ["memstore_nope"] } });
    expect(res.status).toBe(400);
  });

  it("a key's stores are listed by name, and one deleted since says so (name null)", async () => {
    const doomed = (await server.client.beta.memoryStores.create({ name: "soon gone" })).id;
    const made = await server.api.call("createApiKey", { body: { name: "named stores", role: "viewer", store_ids: [storeA, doomed] } });
    expect(made.stores).toEqual([
      { id: storeA, name: "A" },
      { id: doomed, name: "soon gone" },
    ]);
    const everywhere = await createKey({ name: "every store", role: "viewer" });
    await server.client.beta.memoryStores.delete(doomed);
    const keys = (await server.api.call("listApiKeys")).data;
    expect(keys.find((k) => k.id === made.id)).toMatchObject({
      store_ids: [storeA, doomed],
      stores: [
        { id: storeA, name: "A" },
        { id: doomed, name: null },
      ],
    });
    expect(keys.find((k) => k.id === everywhere.id)).toMatchObject({ store_ids: null, stores: null });
  });

  it("a revoked key fails with 401 on its very next request, and writes are attributed to the key until then", async () => {
    const key = await createKey({ name: "short-lived", role: "reviewer" });
    const created = await call(key.secret, "POST", `/v1/memory_stores/${storeA}/memories`, { path: "/by-key.md", content: "k" });
    const versions = await server.client.beta.memoryStores.memoryVersions.list(storeA, { memory_id: created.body.id });
    expect(versions.data[0]!.created_by).toEqual({ type: "api_actor", api_key_id: key.id });
    const filtered = await server.client.beta.memoryStores.memoryVersions.list(storeA, { api_key_id: key.id });
    expect(filtered.data.map((v) => v.memory_id)).toEqual([created.body.id]);

    const revoke = await server.api.send("revokeApiKey", { params: { key: key.id } });
    expect(revoke.status).toBe(200);
    const after = await call(key.secret, "GET", `/v1/memory_stores/${storeA}`);
    expect(after.status).toBe(401);
    expect(after.body.error?.type).toBe("authentication_error");
  });

  it("key lists never contain secrets or hashes", async () => {
    await createKey({ name: "listed", role: "viewer" });
    const text = await (await server.api.send("listApiKeys")).text();
    expect(text).not.toMatch(/mcsk_[A-Za-z0-9_-]{20,}/);
    expect(text).not.toMatch(/secret/i);
  });
});

describe("console sessions", () => {
  it("unauthenticated console pages redirect to sign-in", async () => {
    for (const path of ["/", "/stores", `/stores/${storeA}`, `/stores/${storeA}/versions`, "/users", "/api-keys"]) {
      const res = await fetch(`${server.baseURL}${path}`, { redirect: "manual" });
      expect([307, 308]).toContain(res.status);
      expect(res.headers.get("location")).toMatch(/\/sign-in/);
    }
  });

  it("a session acts as its user: writes are user_actor, and a cross-origin write is refused", async () => {
    const { cookie } = await signInForCookie(server.baseURL, ADMIN.email, ADMIN.password);
    expect(cookie).toBeTruthy();
    const headers = { cookie: cookie!, "anthropic-beta": "agent-memory-2026-07-22", "content-type": "application/json" };
    const body = JSON.stringify({ path: `/session-${Date.now()}.md`, content: "s" });

    const crossSite = await fetch(`${server.baseURL}/v1/memory_stores/${storeA}/memories`, {
      method: "POST",
      headers: { ...headers, origin: "http://evil.example" },
      body,
    });
    expect(crossSite.status).toBe(403);
    const noOrigin = await fetch(`${server.baseURL}/v1/memory_stores/${storeA}/memories`, { method: "POST", headers, body });
    expect(noOrigin.status).toBe(403);

    const sameSite = await fetch(`${server.baseURL}/v1/memory_stores/${storeA}/memories`, {
      method: "POST",
      headers: { ...headers, origin: server.baseURL },
      body,
    });
    expect(sameSite.status).toBe(200);
    const memory = (await sameSite.json()) as { id: string };
    const me = (await (await server.apiWithHeaders(headers).send("me")).json()) as { id: string; kind: string };
    expect(me.kind).toBe("user");
    const versions = await server.client.beta.memoryStores.memoryVersions.list(storeA, { memory_id: memory.id });
    expect(versions.data[0]!.created_by).toEqual({ type: "user_actor", user_id: me.id });
  });

  it("a disabled user's session stops working at once", async () => {
    const create = await server.api.send("createUser", { body: { email: "temp@example.com", password: "temp password 1", role: "reviewer" } });
    const user = (await create.json()) as { id: string; password_hash?: string };
    expect(user.password_hash).toBeUndefined();
    const { cookie } = await signInForCookie(server.baseURL, "temp@example.com", "temp password 1");
    const headers = { cookie: cookie!, "anthropic-beta": "agent-memory-2026-07-22" };
    expect((await fetch(`${server.baseURL}/v1/memory_stores`, { headers })).status).toBe(200);
    await server.api.send("updateUser", { params: { user: user.id }, body: { disabled: true } });
    expect((await fetch(`${server.baseURL}/v1/memory_stores`, { headers })).status).toBe(401);
  });

  it("sign-in failures are rate-limited per account: after 5, even the right password is refused for a while", async () => {
    await server.api.send("createUser", { body: { email: "target@example.com", password: "right password 1", role: "viewer" } });
    for (let i = 0; i < 5; i++) {
      const attempt = await signInForCookie(server.baseURL, "target@example.com", "wrong password");
      expect(attempt.cookie).toBeNull();
    }
    const locked = await signInForCookie(server.baseURL, "target@example.com", "right password 1");
    expect(locked.cookie).toBeNull();
    expect(locked.error).toMatch(/Too many failed sign-in attempts/);
    // Another account from the same address is not locked by this one.
    const other = await signInForCookie(server.baseURL, ADMIN.email, ADMIN.password);
    expect(other.cookie).toBeTruthy();
  });

  it("two concurrent creates of one email make one user; the other gets 409 conflict_error", async () => {
    const create = () => server.api.send("createUser", { body: { email: "Twice@Example.com", password: "twice password 1", role: "viewer" } });
    const answers = await Promise.all([create(), create(), create()]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const refused = (await answers.find((r) => r.status === 409)!.json()) as { error: { type: string; message: string } };
    expect(refused.error).toEqual({ type: "conflict_error", message: "A user with email twice@example.com already exists." });
    const users = (await (await server.api.send("listUsers")).json()) as { data: { email: string }[] };
    expect(users.data.filter((u) => u.email === "twice@example.com")).toHaveLength(1);
  });

  it("the last admin cannot be demoted or disabled", async () => {
    const users = (await (await server.api.send("listUsers")).json()) as { data: { id: string; email: string }[] };
    const admin = users.data.find((u) => u.email === ADMIN.email)!;
    const res = await server.api.send("updateUser", { params: { user: admin.id }, body: { role: "viewer" } });
    expect(res.status).toBe(409);
  });
});

describe("GET /v1/actors", () => {
  it("names users and keys for history, for console users and admin keys only", async () => {
    const viewer = await createKey({ name: "agent key", role: "viewer" });
    expect((await op(viewer.secret, "listActors")).status).toBe(403);
    const names = (await (await server.api.send("listActors")).json()) as { users: { email: string }[]; api_keys: { id: string; name: string }[] };
    expect(names.users.map((u) => u.email)).toContain(ADMIN.email);
    expect(names.api_keys).toContainEqual(expect.objectContaining({ id: viewer.id, name: "agent key" }));
  });
});
