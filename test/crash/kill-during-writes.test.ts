import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { problemsSeenInDatabase, problemsSeenThroughApi } from "../helpers/invariants.ts";
import { outcome } from "../helpers/outcome.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

/**
 * Invariant 5: after `kill -9` and a restart, every acknowledged write is there and the store
 * is consistent. Writers create memories and update them with a content_sha256 precondition,
 * recording every 200; the server is killed while they are busy. A write that was in flight
 * when the server died may or may not have been applied, and nothing else is allowed.
 */
const WRITERS = 4;
const MEMORIES_PER_WRITER = 12;
const ACKS_BEFORE_KILL = 150;
const ROUNDS = 2;
const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

interface Ack {
  memoryId: string;
  versionId: string;
  path: string;
  sha: string;
}
interface Known {
  id: string | null;
  path: string;
  sha: string | null;
}
/** What a writer was waiting for when the server died: it may have been applied or not. */
interface InFlight {
  path: string;
  sha: string;
}

let server: TestServer;
let storeId: string;
const acks: Ack[] = [];
const memories = new Map<string, Known>(); // by path
const inFlight: InFlight[] = [];

beforeAll(async () => {
  server = await startServer();
  storeId = (await server.client.beta.memoryStores.create({ name: "Crash" })).id;
});
afterAll(() => server?.stop());

async function writer(n: number, round: number, stop: { acks: number }): Promise<void> {
  const api = server.client.beta.memoryStores.memories;
  for (let i = 0; ; i++) {
    const path = `/writer-${n}/note-${i % MEMORIES_PER_WRITER}.md`;
    const known = memories.get(path) ?? { id: null, path, sha: null };
    const content = `writer ${n}, round ${round}, write ${i}\n${"x".repeat((i * 37) % 400)}`;
    const call =
      known.id === null
        ? api.create(storeId, { path, content })
        : api.update(known.id, { memory_store_id: storeId, content, precondition: { type: "content_sha256", content_sha256: known.sha! } });
    const result = await outcome(call);
    if (!result.ok) {
      if (result.status !== undefined) throw new Error(`writer ${n}: unexpected ${result.status} ${result.type}`);
      inFlight.push({ path, sha: sha256(content) }); // no response: the server died under this request
      return;
    }
    const memory = result.value;
    expect(memory.content_sha256).toBe(sha256(content));
    memories.set(path, { id: memory.id, path, sha: memory.content_sha256 });
    acks.push({ memoryId: memory.id, versionId: memory.memory_version_id, path, sha: memory.content_sha256 });
    stop.acks++;
  }
}

async function killWhileWriting(round: number) {
  const progress = { acks: 0 };
  const writers = Array.from({ length: WRITERS }, (_, n) => writer(n, round, progress));
  while (progress.acks < ACKS_BEFORE_KILL) await new Promise((r) => setTimeout(r, 5));
  await server.kill();
  await Promise.all(writers);
  await server.restart();
}

/** Checks the restarted server against the acknowledged writes, then adopts what in-flight writes did. */
async function checkAfterRestart() {
  const api = server.client.beta.memoryStores;
  const missing: string[] = [];
  for (const ack of acks) {
    const version = await outcome(api.memoryVersions.retrieve(ack.versionId, { memory_store_id: storeId }));
    if (!version.ok) missing.push(`version ${ack.versionId} of ${ack.path}: ${version.status} ${version.type}`);
    else if (version.value.content_sha256 !== ack.sha || version.value.path !== ack.path || version.value.memory_id !== ack.memoryId) {
      missing.push(`version ${ack.versionId} of ${ack.path} holds another write`);
    }
  }
  expect(missing).toEqual([]);

  const live = new Map<string, { id: string; sha: string }>();
  for await (const item of api.memories.list(storeId, { limit: 100 })) {
    if (item.type === "memory") live.set(item.path, { id: item.id, sha: item.content_sha256 });
  }
  for (const known of memories.values()) {
    const now = live.get(known.path);
    const lost = inFlight.find((w) => w.path === known.path);
    expect(now?.id, `${known.path} is gone`).toBe(known.id);
    expect([known.sha, lost?.sha], `${known.path} holds a write nobody sent`).toContain(now!.sha);
  }
  for (const [path, now] of live) {
    if (memories.has(path)) continue;
    // Created by a request whose answer was lost with the server: only its own content may be there.
    expect(inFlight.find((w) => w.path === path)?.sha, `${path} was never written`).toBe(now.sha);
  }
  for (const [path, now] of live) memories.set(path, { id: now.id, path, sha: now.sha });
  inFlight.length = 0;
}

describe("kill -9 while writing", () => {
  for (let round = 1; round <= ROUNDS; round++) {
    it(`round ${round}: every acknowledged write survives the crash and the invariants hold`, async () => {
      await killWhileWriting(round);
      await checkAfterRestart();
      expect(await problemsSeenThroughApi(server, storeId)).toEqual([]);
      // Every memory's current text is found by search (on SQLite, what was still in the index's pending list at the kill too).
      for (const n of [0, WRITERS - 1]) {
        const res = await server.api.send("search", { query: { q: `writer ${n}, round `, mode: "exact", memory_store_id: [storeId], limit: 100 } });
        const found = new Set(((await res.json()) as { data: { path: string }[] }).data.map((hit) => hit.path));
        const expected = [...memories.values()].filter((m) => m.path.startsWith(`/writer-${n}/`) && m.id !== null).map((m) => m.path);
        expect(expected.filter((path) => !found.has(path))).toEqual([]);
      }
      expect(await problemsSeenInDatabase(server.databaseUrl)).toEqual([]);
    });
  }

  it("the restarted server keeps accepting the writers' preconditions", async () => {
    const api = server.client.beta.memoryStores.memories;
    const [known] = [...memories.values()];
    const updated = await api.update(known!.id!, {
      memory_store_id: storeId,
      content: "after the crashes",
      precondition: { type: "content_sha256", content_sha256: known!.sha! },
    });
    expect(updated.content_sha256).toBe(sha256("after the crashes"));
  });
});
