// SIGTERM under a steady write load: every accepted request gets its answer, and the data agrees
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { problemsSeenInDatabase, problemsSeenThroughApi } from "../helpers/invariants.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

const WRITERS = 6;
const ACKS_BEFORE_SIGTERM = 60;
let server: TestServer;
let storeId: string;

beforeAll(async () => {
  server = await startServer({ env: { SHUTDOWN_TIMEOUT_SECONDS: "20" } });
  storeId = (await server.client.beta.memoryStores.create({ name: "Shutdown" })).id;
});
afterAll(() => server?.stop());

interface Tally {
  acknowledged: string[];
  /** Requests the server never took (refused or reset connection): they must not have been applied. */
  notTaken: string[];
  /** Answers other than 200: there must be none. */
  otherAnswers: string[];
}

/** Creates memories one after another until the server stops taking requests. */
async function writer(n: number, tally: Tally) {
  for (let i = 0; ; i++) {
    const path = `/writer-${n}/note-${i}.md`;
    let response: Response;
    try {
      response = await server.fetch(`/v1/memory_stores/${storeId}/memories`, { method: "POST", body: JSON.stringify({ path, content: `write ${i}` }) });
    } catch {
      tally.notTaken.push(path);
      return;
    }
    if (response.status === 200) tally.acknowledged.push(path);
    else tally.otherAnswers.push(`${path}: ${response.status} ${await response.text()}`);
  }
}

describe("SIGTERM", () => {
  it("answers every request it accepted, stops accepting, exits 0, and every acknowledged write (and nothing else) is there", async () => {
    const tally: Tally = { acknowledged: [], notTaken: [], otherAnswers: [] };
    const writers = Array.from({ length: WRITERS }, (_, n) => writer(n, tally));
    while (tally.acknowledged.length < ACKS_BEFORE_SIGTERM) await new Promise((r) => setTimeout(r, 10));
    const exitCode = await server.terminate();
    await Promise.all(writers);

    expect(exitCode).toBe(0);
    expect(tally.otherAnswers).toEqual([]);
    expect(tally.notTaken.length).toBe(WRITERS);
    const log = server.log();
    expect(log).toContain("shutdown: SIGTERM received");
    expect(log).toContain("shutdown: done");
    expect(log).not.toContain("still in flight");

    await server.restart();
    const stored: string[] = [];
    for await (const item of server.client.beta.memoryStores.memories.list(storeId, { limit: 100 })) if (item.type === "memory") stored.push(item.path);
    expect(stored.sort()).toEqual([...tally.acknowledged].sort());
    expect(await problemsSeenThroughApi(server, storeId)).toEqual([]);
    expect(await problemsSeenInDatabase(server.databaseUrl)).toEqual([]);
  });
});
