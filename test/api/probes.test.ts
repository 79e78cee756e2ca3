// GET /healthz, GET /readyz – unauthenticated probes that answer nothing beyond a status
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openRawDb } from "../helpers/database.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

async function probe(path: string) {
  const response = await fetch(`${server.baseURL}${path}`, { redirect: "manual" });
  return { status: response.status, body: await response.json(), cacheControl: response.headers.get("cache-control") };
}

describe("probes", () => {
  it("/healthz and /readyz answer 200 without credentials or sign-in, and only a status", async () => {
    for (const path of ["/healthz", "/readyz"]) {
      expect(await probe(path)).toEqual({ status: 200, body: { status: "ok" }, cacheControl: "no-store" });
    }
  });

  it("/readyz answers 503 while a migration of this build is not applied, and 200 again once it is", async () => {
    const db = await openRawDb(server.databaseUrl);
    try {
      const [last] = await db.query<{ name: string; checksum: string; applied_at: string }>(
        `SELECT name, checksum, applied_at FROM "_migrations" ORDER BY name DESC LIMIT 1`,
      );
      await db.query(`DELETE FROM "_migrations" WHERE name = ?`, [last!.name]);
      try {
        expect(await probe("/readyz")).toMatchObject({ status: 503, body: { status: "unavailable" } });
        expect((await probe("/healthz")).status).toBe(200);
      } finally {
        await db.query(`INSERT INTO "_migrations" (name, checksum, applied_at) VALUES (?, ?, ?)`, [last!.name, last!.checksum, last!.applied_at]);
      }
      expect((await probe("/readyz")).status).toBe(200);
      expect(server.log()).toContain("migrations not applied");
    } finally {
      await db.close();
    }
  });

  it("/readyz answers 503 from SIGTERM on while /healthz and the API still answer during SHUTDOWN_DELAY_SECONDS", async () => {
    const draining = await startServer({ env: { SHUTDOWN_DELAY_SECONDS: "3" } });
    let exit: Promise<number | null> | undefined;
    try {
      expect((await fetch(`${draining.baseURL}/readyz`)).status).toBe(200);
      exit = draining.terminate();
      await new Promise((r) => setTimeout(r, 300));
      const ready = await fetch(`${draining.baseURL}/readyz`);
      expect({ status: ready.status, body: await ready.json() }).toEqual({ status: 503, body: { status: "unavailable" } });
      expect((await fetch(`${draining.baseURL}/healthz`)).status).toBe(200);
      const api = await draining.fetch("/v1/memory_stores?limit=1");
      expect(api.status).toBe(200);
      // While draining, every answer closes its connection, so clients move to another instance.
      expect(api.headers.get("connection")).toBe("close");
      expect(await exit).toBe(0);
      expect(draining.log()).toContain("shutdown: done");
    } finally {
      await exit;
      await draining.stop();
    }
  });
});
