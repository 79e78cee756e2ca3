import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectEnvelope } from "../helpers/api.ts";
import { fakeDnsEnv } from "../helpers/fake-dns.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

// Forwarded headers (issue 21, item 8) are believed only from TRUSTED_PROXIES, by every reader:
// the origin the setup and cookie checks compare with, the webhook self-host check, next-auth's
// own origin (its cookies and redirects) and the client address in the log line. The test client
// connects from 127.0.0.1: a stranger to `direct`, a trusted proxy to `proxied`.

const PUBLIC_HOST = "console.example";
const FORWARDED = { "x-forwarded-host": PUBLIC_HOST, "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.9" };

let direct: TestServer;
let proxied: TestServer;
beforeAll(async () => {
  const env = { ...fakeDnsEnv({ [PUBLIC_HOST]: ["93.184.215.14"] }), WEBHOOK_POLL_INTERVAL_SECONDS: "0" };
  [direct, proxied] = await Promise.all([startServer({ env }), startServer({ env: { ...env, TRUSTED_PROXIES: "127.0.0.1, ::1" } })]);
});
afterAll(() => Promise.all([direct?.stop(), proxied?.stop()]));

type Line = Record<string, unknown>;
async function logLine(server: TestServer, requestId: string): Promise<Line> {
  for (let i = 0; i < 50; i++) {
    const line = server
      .log()
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Line)
      .find((l) => l.msg === "request" && l.request_id === requestId);
    if (line) return line;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no log line for ${requestId}`);
}

const setup = (server: TestServer, headers: Record<string, string>) =>
  fetch(`${server.baseURL}/api/setup`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ email: "first@example.com", password: "first admin password 1" }),
  });

describe("forwarded headers from a peer that is not a trusted proxy", () => {
  it("do not move the origin that setup and console sessions are checked against", async () => {
    const forged = await setup(direct, { ...FORWARDED, origin: `https://${PUBLIC_HOST}` });
    await expectEnvelope(forged, 403, "permission_error");
    expect((await setup(direct, { ...FORWARDED, origin: direct.baseURL })).status).toBe(200);
  });

  it("do not make a host name this server's own for the webhook check", async () => {
    const res = await direct.fetch("/v1/webhook_endpoints", {
      method: "POST",
      headers: { "content-type": "application/json", ...FORWARDED },
      body: JSON.stringify({ url: `http://${PUBLIC_HOST}/hook`, events: ["memory.created"], enabled: false }),
    });
    expect(res.status).toBe(200);
  });

  it("do not reach next-auth: its cookies and redirects keep the server's own origin", async () => {
    const csrf = await fetch(`${direct.baseURL}/api/auth/csrf`, { headers: FORWARDED });
    expect(csrf.headers.getSetCookie().join("\n")).toMatch(/^next-auth\.csrf-token=/m);
    const signIn = await fetch(`${direct.baseURL}/api/auth/signin`, { headers: FORWARDED, redirect: "manual" });
    expect(signIn.headers.get("location")).not.toContain(PUBLIC_HOST);
  });

  it("do not change the client address in the log", async () => {
    const res = await direct.fetch("/v1/memory_stores?limit=1", { headers: FORWARDED });
    expect((await logLine(direct, res.headers.get("request-id")!)).client_address).toBe("127.0.0.1");
  });
});

describe("forwarded headers from a trusted proxy", () => {
  it("are the origin that setup is checked against", async () => {
    await expectEnvelope(await setup(proxied, { ...FORWARDED, origin: proxied.baseURL }), 403, "permission_error");
    expect((await setup(proxied, { ...FORWARDED, origin: `https://${PUBLIC_HOST}` })).status).toBe(200);
  });

  it("make the forwarded host this server's own for the webhook check", async () => {
    const res = await proxied.fetch("/v1/webhook_endpoints", {
      method: "POST",
      headers: { "content-type": "application/json", ...FORWARDED },
      body: JSON.stringify({ url: `http://${PUBLIC_HOST}/hook`, events: ["memory.created"], enabled: false }),
    });
    expect((await expectEnvelope(res, 400, "invalid_request_error")).message).toMatch(/points at this server/);
  });

  it("are next-auth's origin: https cookies, redirects to the public host", async () => {
    const csrf = await fetch(`${proxied.baseURL}/api/auth/csrf`, { headers: FORWARDED });
    expect(csrf.headers.getSetCookie().join("\n")).toMatch(/^__Host-next-auth\.csrf-token=/m);
    const signIn = await fetch(`${proxied.baseURL}/api/auth/signin`, { headers: FORWARDED, redirect: "manual" });
    expect(signIn.headers.get("location")).toContain(encodeURIComponent(`https://${PUBLIC_HOST}`));
  });

  it("give the client address in the log", async () => {
    const res = await proxied.fetch("/v1/memory_stores?limit=1", { headers: FORWARDED });
    expect((await logLine(proxied, res.headers.get("request-id")!)).client_address).toBe("203.0.113.9");
  });
});
