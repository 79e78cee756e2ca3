import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINE, startServer, type TestServer } from "../helpers/server.ts";

/**
 * Two server processes on one SQLite file, a supported setup (an `npm run import` while the
 * server runs does the same): reads never fail because the other process writes (issue 21,
 * item 7). Searches used to move the pending list into the index first, which needs the write
 * lock, and answered 529 while the other process held it; writes waited for the lock in
 * SQLite's own sleep, which held the event loop. Raw HTTP: the SDK would retry a 529 unseen.
 */
const SECONDS = 8;
let writer: TestServer;
let reader: TestServer;
let storeId: string;

beforeAll(async () => {
  writer = await startServer();
  reader = await startServer({ databaseUrl: writer.databaseUrl });
  storeId = (await writer.client.beta.memoryStores.create({ name: "Two processes" })).id;
});
afterAll(async () => {
  await reader?.stop();
  await writer?.stop();
});

/** Calls `request` back to back until the time is up; the statuses it got, counted. */
async function loop(until: number, request: (i: number) => Promise<Response>): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (let i = 0; Date.now() < until; i++) {
    const res = await request(i);
    await res.arrayBuffer();
    counts[res.status] = (counts[res.status] ?? 0) + 1;
  }
  return counts;
}

const json = (method: string, body: unknown) => ({ method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

describe.runIf(ENGINE === "sqlite")("two processes on one SQLite file", () => {
  it("writes through one, searches, lists and reads through the other: no read fails, no write fails", { timeout: 120_000 }, async () => {
    const seeded = await writer.client.beta.memoryStores.memories.create(storeId, { path: "/seed.md", content: "the ocelot was here first" });
    const until = Date.now() + SECONDS * 1000;
    const [writes, otherWrites, searches, exact, lists, reads] = await Promise.all([
      loop(until, (i) => writer.fetch(`/v1/memory_stores/${storeId}/memories`, json("POST", { path: `/w/a${i}.md`, content: `ocelot note ${i} `.repeat(20) }))),
      // A trickle of writes through the reading process too, so that each side meets the other's lock.
      loop(until, async (i) => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return reader.fetch(`/v1/memory_stores/${storeId}/memories`, json("POST", { path: `/w/b${i}.md`, content: `ocelot from b ${i}` }));
      }),
      loop(until, () => reader.api.send("search", { query: { memory_store_id: [storeId], q: "ocelot" } })),
      loop(until, () => reader.api.send("search", { query: { memory_store_id: [storeId], mode: "exact", scope: "versions", q: "ocelot note" } })),
      loop(until, () => reader.fetch(`/v1/memory_stores/${storeId}/memories?limit=20`)),
      loop(until, () => reader.fetch(`/v1/memory_stores/${storeId}/memories/${seeded.id}`)),
    ]);
    for (const [name, counts] of Object.entries({ searches, exact, lists, reads, writes, otherWrites })) {
      expect(Object.keys(counts), `${name}: ${JSON.stringify(counts)}`).toEqual(["200"]);
    }
    // Every search saw the store's writes, indexed or not: the last one finds what the writer wrote.
    const last = (await (await reader.api.send("search", { query: { memory_store_id: [storeId], mode: "exact", q: "ocelot", limit: 100 } })).json()) as {
      data: unknown[];
    };
    expect(last.data.length).toBeGreaterThan(20);
  });
});
