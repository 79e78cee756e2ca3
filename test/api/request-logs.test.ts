// One JSON log line per request: request id, route template, status, duration, principal; never a secret or memory content
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAttempt } from "../helpers/sign-in-attempt.ts";
import { ADMIN_KEY, startServer, type TestServer } from "../helpers/server.ts";

const ADMIN_EMAIL = "admin@example.com";
const ADMIN_PASSWORD = "correct horse battery staple 7";
const CONTENT = "CONFIDENTIAL-MEMORY-CONTENT-4711";
const MEMORY_PATH = "/clients/acme-secret-plan.md";
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ env: { MEMORY_CONSOLE_ADMIN_EMAIL: ADMIN_EMAIL, MEMORY_CONSOLE_ADMIN_PASSWORD: ADMIN_PASSWORD } });
});
afterAll(() => server?.stop());

type Line = Record<string, unknown>;
const lines = (): Line[] =>
  server
    .log()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Line);

async function lineFor(requestId: string): Promise<Line> {
  for (let i = 0; i < 50; i++) {
    const line = lines().find((l) => l.msg === "request" && l.request_id === requestId);
    if (line) return line;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no log line for ${requestId}`);
}

describe("request logs", () => {
  it("write one JSON line per API request with the response's request id, the route template, status, duration and principal", async () => {
    const store = await server.client.beta.memoryStores.create({ name: "Logs" });
    const create = await server.fetch(`/v1/memory_stores/${store.id}/memories`, {
      method: "POST",
      body: JSON.stringify({ path: MEMORY_PATH, content: CONTENT }),
    });
    expect(create.status).toBe(200);
    const memory = (await create.json()) as { id: string };
    const requestId = create.headers.get("request-id")!;
    const line = await lineFor(requestId);
    expect(line).toMatchObject({
      level: "info",
      msg: "request",
      method: "POST",
      route: "/v1/memory_stores/{store}/memories",
      status: 200,
      principal_kind: "api_key",
    });
    expect(line.principal_id).toMatch(/^apikey_/);
    expect(typeof line.duration_ms).toBe("number");
    expect(typeof line.time).toBe("string");

    const missing = await server.fetch(`/v1/memory_stores/${store.id}/memories/mem_missing`);
    expect(await lineFor(missing.headers.get("request-id")!)).toMatchObject({ route: "/v1/memory_stores/{store}/memories/{memory}", status: 404 });
    const anonymous = await fetch(`${server.baseURL}/v1/memory_stores`);
    const refused = await lineFor(anonymous.headers.get("request-id")!);
    expect(refused).toMatchObject({ status: 401, route: "/v1/memory_stores" });
    expect(refused).not.toHaveProperty("principal_id");
    const unknown = await server.fetch(`/v1/no/such/${memory.id}`);
    expect(await lineFor(unknown.headers.get("request-id")!)).toMatchObject({ status: 404, route: "/v1/*" });
  });

  it("log console pages and sign-ins too, with a user principal, and never a key, password, cookie, memory path or content", async () => {
    const signIn = await signInAttempt(server.baseURL, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(signIn.cookie).toBeTruthy();
    const me = await fetch(`${server.baseURL}/v1/me`, { headers: { cookie: signIn.cookie! } });
    expect(me.status).toBe(200);
    expect(await lineFor(me.headers.get("request-id")!)).toMatchObject({ route: "/v1/me", principal_kind: "user" });
    const page = await fetch(`${server.baseURL}/stores`, { headers: { cookie: signIn.cookie! } });
    expect(await lineFor(page.headers.get("request-id")!)).toMatchObject({ route: "(page)", status: 200 });

    const log = server.log();
    const cookieValue = signIn.cookie!.split("=").slice(1).join("=");
    for (const secret of [ADMIN_KEY, ADMIN_PASSWORD, cookieValue, CONTENT, MEMORY_PATH, "acme-secret-plan"]) {
      expect(log, `the log contains ${secret}`).not.toContain(secret);
    }
    // Every request line has exactly these fields.
    for (const line of lines().filter((l) => l.msg === "request")) {
      const keys = Object.keys(line).filter((k) => !["principal_kind", "principal_id"].includes(k));
      expect(keys.sort()).toEqual(["client_address", "duration_ms", "hostname", "level", "method", "msg", "pid", "request_id", "route", "status", "time"]);
    }
  });
});
