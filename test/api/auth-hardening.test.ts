import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inParallel } from "../helpers/api.ts";
import { openRawDb } from "../helpers/database.ts";
import { callOk } from "../helpers/operations.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { signInAttempt, wrongPassword } from "../helpers/sign-in-attempt.ts";

// Sign-in rate limits and the client address they are keyed by (issue 8, items 1–4).
// `plain` trusts no proxy; `proxied` trusts 127.0.0.1 (where the tests connect from), so each
// test there plays a client of its own address through X-Forwarded-For.
const ADMIN = { email: "root@example.com", password: "root password 123" };
const adminEnv = { MEMORY_CONSOLE_ADMIN_EMAIL: ADMIN.email, MEMORY_CONSOLE_ADMIN_PASSWORD: ADMIN.password };
let plain: TestServer;
let proxied: TestServer;

beforeAll(async () => {
  [plain, proxied] = await Promise.all([startServer({ env: adminEnv }), startServer({ env: { ...adminEnv, TRUSTED_PROXIES: "127.0.0.1, ::1" } })]);
});
afterAll(() => Promise.all([plain?.stop(), proxied?.stop()]));

async function createUser(server: TestServer, email: string, password = "right password 1") {
  await callOk(server.api, "createUser", { body: { email, password, role: "viewer" } });
  return { email, password };
}
const from = (address: string) => ({ "x-forwarded-for": address });

describe("POST /api/auth/callback/credentials: the client address", () => {
  it("without TRUSTED_PROXIES, a client's X-Forwarded-For (and peer header) cannot buy fresh attempts", async () => {
    const user = await createUser(plain, "spoofer-target@example.com");
    for (let i = 1; i <= 5; i++) {
      const attempt = await wrongPassword(plain.baseURL, user.email, { "x-forwarded-for": `10.0.0.${i}`, "x-memory-console-peer": `10.1.0.${i}` });
      expect(attempt.error).toBe("Wrong email or password.");
    }
    const locked = await signInAttempt(plain.baseURL, user, { "x-forwarded-for": "10.0.0.99", "x-memory-console-peer": "10.1.0.99" });
    expect(locked.cookie).toBeNull();
    expect(locked.error).toMatch(/^Too many failed sign-in attempts\. Try again in 15 minutes \(after \S+\)\.$/);
    // The message says when: the end of the 15-minute window that the first attempt opened.
    const unlocksAt = Date.parse(/after (\S+)\)/.exec(locked.error!)![1]!);
    expect(unlocksAt).toBeGreaterThan(Date.now() + 13 * 60_000);
    expect(unlocksAt).toBeLessThanOrEqual(Date.now() + 15 * 60_000);
  });

  it("behind a trusted proxy, the rightmost untrusted X-Forwarded-For entry is the client; a stranger cannot lock the admin out", async () => {
    const stranger = "203.0.113.7";
    for (let i = 1; i <= 5; i++) {
      // Whatever the stranger writes to the left, the proxy appended the address it saw.
      await wrongPassword(proxied.baseURL, ADMIN.email, from(`198.51.100.${i}, ${stranger}`));
    }
    const strangerWithPassword = await signInAttempt(proxied.baseURL, ADMIN, from(`198.51.100.77, ${stranger}`));
    expect(strangerWithPassword.error).toMatch(/Too many failed sign-in attempts/);
    // The admin, from an address that has not failed, still signs in.
    const admin = await signInAttempt(proxied.baseURL, ADMIN, from(`${stranger}, 198.51.100.200`));
    expect(admin.error).toBeNull();
    expect(admin.cookie).toBeTruthy();
  });
});

describe("POST /api/auth/callback/credentials: counting attempts", () => {
  it("parallel guesses cannot slip past the limit: at most 5 reach the password check", async () => {
    const user = await createUser(proxied, "parallel@example.com");
    const outcomes = await Promise.all(Array.from({ length: 12 }, () => wrongPassword(proxied.baseURL, user.email, from("192.0.2.10"))));
    const checked = outcomes.filter((o) => o.error === "Wrong email or password.").length;
    const refused = outcomes.filter((o) => o.error?.startsWith("Too many failed sign-in attempts")).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(checked + refused).toBe(12);
  });

  it("a success clears the (account, address) count", async () => {
    const user = await createUser(proxied, "clears@example.com");
    for (let i = 0; i < 4; i++) await wrongPassword(proxied.baseURL, user.email, from("192.0.2.20"));
    expect((await signInAttempt(proxied.baseURL, user, from("192.0.2.20"))).cookie).toBeTruthy();
    expect((await signInAttempt(proxied.baseURL, user, from("192.0.2.20"))).cookie).toBeTruthy();
    for (let i = 0; i < 4; i++) await wrongPassword(proxied.baseURL, user.email, from("192.0.2.20"));
    expect((await signInAttempt(proxied.baseURL, user, from("192.0.2.20"))).cookie).toBeTruthy();
  });

  it("one address is limited to 30 attempts across all accounts", async () => {
    const user = await createUser(proxied, "fresh-account@example.com");
    await inParallel(30, 6, (i) => wrongPassword(proxied.baseURL, `nobody-${i}@example.com`, from("192.0.2.30")));
    const refused = await signInAttempt(proxied.baseURL, user, from("192.0.2.30"));
    expect(refused.error).toMatch(/Too many failed sign-in attempts/);
    expect((await signInAttempt(proxied.baseURL, user, from("192.0.2.31"))).cookie).toBeTruthy();
  }, 180_000);

  it("limiter rows are fixed-size hashes, and expired rows are purged a bounded batch at a time", async () => {
    const db = await openRawDb(proxied.databaseUrl);
    try {
      await wrongPassword(proxied.baseURL, `${"long".repeat(60)}@example.com`, from("192.0.2.40"));
      const keys = (await db.query<{ key: string }>("SELECT key FROM sign_in_failures")).map((r) => r.key);
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) expect(key).toMatch(/^[pa]:[A-Za-z0-9_-]{43}$/);

      const old = new Date(Date.now() - 86_400_000);
      const stamp = db.engine === "sqlite" ? old.toISOString().replace("Z", "+00:00") : old;
      for (let i = 0; i < 120; i++) await db.query("INSERT INTO sign_in_failures (key, count, window_start) VALUES (?, 1, ?)", [`expired-${i}`, stamp]);
      const expired = async () => (await db.query<{ n: number | string }>("SELECT COUNT(*) AS n FROM sign_in_failures WHERE key LIKE 'expired-%'"))[0]!.n;
      await wrongPassword(proxied.baseURL, "purge@example.com", from("192.0.2.41"));
      expect(Number(await expired())).toBe(70);
      await wrongPassword(proxied.baseURL, "purge@example.com", from("192.0.2.41"));
      expect(Number(await expired())).toBe(20);
    } finally {
      await db.close();
    }
  });
});

describe("POST /api/auth/*: size caps before any password check", () => {
  it("refuses oversized fields (400) and bodies (413) with the error envelope, and counts no attempt", async () => {
    const user = await createUser(proxied, "caps@example.com");
    const headers = from("192.0.2.50");
    for (let i = 0; i < 6; i++) {
      const longPassword = await signInAttempt(proxied.baseURL, { email: user.email, password: "x".repeat(1025) }, headers);
      expect(longPassword.status).toBe(400);
      expect(longPassword.body?.error?.type).toBe("invalid_request_error");
      expect(longPassword.body?.error?.message).toMatch(/password: must be at most 1024 characters/);
    }
    const longEmail = await signInAttempt(proxied.baseURL, { email: `${"e".repeat(250)}@x.io`, password: user.password }, headers);
    expect(longEmail.status).toBe(400);
    expect(longEmail.body?.error?.message).toMatch(/email: must be at most 254 characters/);
    const huge = await signInAttempt(proxied.baseURL, { email: user.email, password: user.password, padding: "p".repeat(20_000) }, headers);
    expect(huge.status).toBe(413);
    expect(huge.body?.error?.type).toBe("request_too_large");
    // None of these reached authorize(): 8 refusals, yet the (account, address) pair is not locked.
    expect((await signInAttempt(proxied.baseURL, user, headers)).cookie).toBeTruthy();
  });
});
