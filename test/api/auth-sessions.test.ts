import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../lib/auth/passwords.ts";
import { openRawDb } from "../helpers/database.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { callOk } from "../helpers/operations.ts";
import { signInForCookie } from "../helpers/session.ts";

// Sessions after a password change, password hash upgrades, and next-auth's redirect (issue 8, items 5–7).
const ADMIN = { email: "root@example.com", password: "root password 123" };
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ env: { MEMORY_CONSOLE_ADMIN_EMAIL: ADMIN.email, MEMORY_CONSOLE_ADMIN_PASSWORD: ADMIN.password } });
});
afterAll(() => server?.stop());

async function createUser(email: string, password: string) {
  return (await callOk(server.api, "createUser", { body: { email, password, role: "reviewer" } })).id;
}
const withCookie = (cookie: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
  fetch(`${server.baseURL}/v1/memory_stores`, { ...init, headers: { cookie, "anthropic-beta": "agent-memory-2026-07-22", ...init.headers } });

describe("POST /v1/users/{user} with a new password", () => {
  it("ends that user's sessions at once; other users' sessions go on", async () => {
    const changed = await createUser("changed@example.com", "first password 1");
    await createUser("bystander@example.com", "bystander password 1");
    const before = (await signInForCookie(server.baseURL, "changed@example.com", "first password 1")).cookie!;
    const bystander = (await signInForCookie(server.baseURL, "bystander@example.com", "bystander password 1")).cookie!;
    expect((await withCookie(before)).status).toBe(200);

    const change = await server.api.send("updateUser", { params: { user: changed }, body: { password: "second password 2" } });
    expect(change.status).toBe(200);
    expect((await withCookie(before)).status).toBe(401);
    const page = await fetch(`${server.baseURL}/stores`, { headers: { cookie: before }, redirect: "manual" });
    expect(page.headers.get("location")).toMatch(/\/sign-in/);
    expect((await withCookie(bystander)).status).toBe(200);

    const after = await signInForCookie(server.baseURL, "changed@example.com", "second password 2");
    expect(after.cookie).toBeTruthy();
    expect((await withCookie(after.cookie!)).status).toBe(200);
  });

  it("a rename or role change leaves sessions alone", async () => {
    const id = await createUser("renamed@example.com", "renamed password 1");
    const cookie = (await signInForCookie(server.baseURL, "renamed@example.com", "renamed password 1")).cookie!;
    await server.api.send("updateUser", { params: { user: id }, body: { name: "New Name", role: "viewer" } });
    expect((await withCookie(cookie)).status).toBe(200);
  });

  it("an admin who changes their own password through a session signs in again (that session ends too)", async () => {
    const admin = (await signInForCookie(server.baseURL, ADMIN.email, ADMIN.password)).cookie!;
    expect((await withCookie(admin)).status).toBe(200);
    const users = await server.api.call("listUsers");
    const adminId = users.data.find((u) => u.email === ADMIN.email)!.id;
    const change = await server
      .apiWithHeaders({ cookie: admin, origin: server.baseURL })
      .send("updateUser", { params: { user: adminId }, body: { password: ADMIN.password } });
    expect(change.status).toBe(200);
    expect((await withCookie(admin)).status).toBe(401);
    expect((await signInForCookie(server.baseURL, ADMIN.email, ADMIN.password)).cookie).toBeTruthy();
  });
});

describe("password hashes", () => {
  // Test servers hash at PASSWORD_HASH_COST=14 (test/helpers/server.ts); the default of 2^17 is
  // checked in test/unit/config.test.ts.
  it("new hashes use scrypt at PASSWORD_HASH_COST, r=8, p=1; an older, cheaper hash is upgraded at the next sign-in", async () => {
    const id = await createUser("legacy@example.com", "legacy password 1");
    const db = await openRawDb(server.databaseUrl);
    try {
      const hashOf = async () => (await db.query<{ password_hash: string }>("SELECT password_hash FROM users WHERE id = ?", [id]))[0]!.password_hash;
      expect(await hashOf()).toMatch(/^scrypt\$16384\$8\$1\$/);
      const legacy = await hashPassword("legacy password 1", { N: 2 ** 12, r: 8, p: 1 });
      await db.query("UPDATE users SET password_hash = ? WHERE id = ?", [legacy, id]);

      const signedIn = await signInForCookie(server.baseURL, "legacy@example.com", "legacy password 1");
      expect(signedIn.cookie).toBeTruthy();
      const upgraded = await hashOf();
      expect(upgraded).toMatch(/^scrypt\$16384\$8\$1\$/);
      // The upgrade changes no password, so it ends no session.
      expect((await withCookie(signedIn.cookie!)).status).toBe(200);
      expect((await signInForCookie(server.baseURL, "legacy@example.com", "legacy password 1")).cookie).toBeTruthy();
      expect(await hashOf()).toBe(upgraded);
    } finally {
      await db.close();
    }
  });
});

describe("next-auth's redirect callback", () => {
  /** next-auth runs callbackUrl through the redirect callback on every request and stores the result in a cookie. */
  async function redirectFor(callbackUrl: string): Promise<string | null> {
    const res = await fetch(`${server.baseURL}/api/auth/csrf?callbackUrl=${encodeURIComponent(callbackUrl)}`);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("next-auth.callback-url="));
    return cookie ? decodeURIComponent(cookie.split(";")[0]!.slice("next-auth.callback-url=".length)) : null;
  }

  it.each(["/\\evil.com", "//evil.com", "https://evil.com", "/%5Cevil.com", "/\t/evil.com", "http://evil.com/stores"])(
    "refuses %j: back to the home page",
    async (target) => {
      expect(await redirectFor(target)).toBe(`${server.baseURL}/`);
    },
  );

  it("a non-http callbackUrl (javascript:) never gets that far: next-auth refuses the request", async () => {
    expect(await redirectFor("javascript:alert(1)")).toBeNull();
  });

  it("keeps same-origin paths and URLs", async () => {
    expect(await redirectFor("/users")).toBe(`${server.baseURL}/users`);
    expect(await redirectFor(`${server.baseURL}/stores?x=1`)).toBe(`${server.baseURL}/stores?x=1`);
  });
});
