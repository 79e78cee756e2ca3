import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../helpers/server.ts";

// POST /api/setup: the first admin, on a server with no account yet (issue 8, item 4).
let server: TestServer;
beforeAll(async () => {
  // The production cost, which the "refused before any password hashing" timing below relies on.
  server = await startServer({ env: { PASSWORD_HASH_COST: "17" } });
});
afterAll(() => server?.stop());

const valid = { email: "first@example.com", password: "first admin password", name: "First" };

async function setup(body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.baseURL}/api/setup`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseURL, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { id?: string; error?: { type: string; message: string } } };
}

describe("POST /api/setup", () => {
  it("refuses a non-JSON content type, a foreign or missing Origin, oversized fields and bodies, creating nobody", async () => {
    expect((await setup(valid, { "content-type": "text/plain" })).status).toBe(400);
    expect((await setup(valid, { "content-type": "application/x-www-form-urlencoded" })).status).toBe(400);
    const foreign = await setup(valid, { origin: "http://evil.example" });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error?.type).toBe("permission_error");
    const noOrigin = await fetch(`${server.baseURL}/api/setup`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(valid),
    });
    expect(noOrigin.status).toBe(403);

    for (const [field, value, message] of [
      ["email", `${"e".repeat(250)}@x.io`, /email: must be at most 254/],
      ["password", "p".repeat(1025), /password: must be at most 1024/],
      ["name", "n".repeat(101), /name: must be at most 100/],
    ] as const) {
      const res = await setup({ ...valid, [field]: value });
      expect(res.status).toBe(400);
      expect(res.body.error?.type).toBe("invalid_request_error");
      expect(res.body.error?.message).toMatch(message);
    }
    const huge = await setup(JSON.stringify({ ...valid, name: "x".repeat(20_000) }));
    expect(huge.status).toBe(413);

    const users = await server.api.call("listUsers");
    expect(users.data).toEqual([]);
  });

  it("creates the first admin once; later calls are refused before any password hashing", async () => {
    const created = await setup(valid);
    expect(created.status).toBe(200);
    expect(created.body.id).toMatch(/^user_/);

    // Eight hashes at N=2^17 take seconds on any machine; eight refusals without hashing take milliseconds.
    const started = Date.now();
    const again = await Promise.all(Array.from({ length: 8 }, (_, i) => setup({ ...valid, email: `late-${i}@example.com` })));
    const elapsed = Date.now() - started;
    for (const res of again) expect(res.status).toBe(409);
    expect(elapsed).toBeLessThan(1500);
  });
});
