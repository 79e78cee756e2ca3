import Database from "better-sqlite3";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectEnvelope, newStore } from "../helpers/api.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

// A 500 is provoked honestly: the server's database loses a table behind its back. The
// answer must be the standard envelope with a generic message, revealing nothing inside.

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

async function dropVersionsTable(databaseUrl: string) {
  if (databaseUrl.startsWith("file:")) {
    const db = new Database(databaseUrl.slice("file:".length));
    db.exec("DROP TABLE memory_versions");
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query("DROP TABLE memory_versions");
  await client.end();
}

describe("unexpected server errors (any endpoint)", () => {
  it("answer 500 api_error in the envelope without a stack or internal detail", async () => {
    const store = await newStore(server);
    await dropVersionsTable(server.databaseUrl);

    const res = await server.fetch(`/v1/memory_stores/${store.id}/memory_versions`);
    const raw = await res.clone().text();
    const error = await expectEnvelope(res, 500, "api_error");
    expect(Object.keys(error).sort()).toEqual(["message", "type"]);
    for (const leak of ["memory_versions", "prisma", "Prisma", "    at ", ".js:", "/work/", "node_modules", "SQL", "sqlite", "postgres"]) {
      expect(raw).not.toContain(leak);
    }
    // The server log has the detail, under the request id the client got.
    const requestId = res.headers.get("request-id")!;
    expect(server.log()).toContain(requestId);
  });
});
