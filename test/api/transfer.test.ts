import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transferStore, type TransferOptions } from "../../lib/transfer/transfer-store.ts";
import { collect, type MemoryVersion } from "../helpers/api.ts";
import { postgresReachable } from "../helpers/postgres.ts";
import { ADMIN_KEY, ENGINE, startServer, type TestServer } from "../helpers/server.ts";

// npm run transfer (issue 12): a store copied between two servers of this project with different
// databases (the engine under test as the source, the other one as the destination), interrupted
// halfway and run again; --history replays every version.
const other = ENGINE === "sqlite" ? "postgres" : "sqlite";
const canRun = await postgresReachable();
let source: TestServer;
let destination: TestServer;

beforeAll(async () => {
  if (!canRun) return;
  [source, destination] = await Promise.all([startServer({ engine: ENGINE }), startServer({ engine: other })]);
}, 120_000);
afterAll(async () => {
  await Promise.all([source?.stop(), destination?.stop()]);
});

const ends = (storeId: string): Pick<TransferOptions, "from" | "to" | "storeId"> => ({
  from: { baseURL: source.baseURL, apiKey: ADMIN_KEY },
  to: { baseURL: destination.baseURL, apiKey: ADMIN_KEY },
  storeId,
});

async function tree(server: TestServer, storeId: string): Promise<Record<string, string>> {
  const listed = await collect(server.client.beta.memoryStores.memories.list(storeId, { view: "basic", limit: 100 }));
  return Object.fromEntries(listed.flatMap((m) => (m.type === "memory" ? [[m.path, m.content_sha256]] : [])));
}

describe.skipIf(!canRun)(`transfer ${ENGINE} → ${other}`, () => {
  it("interrupted after 25 of 80 memories, a re-run finds the same destination store and converges; a third run changes nothing", async () => {
    const stores = source.client.beta.memoryStores;
    const store = await stores.create({ name: "to move", description: "moved between servers", metadata: { team: "x" } });
    for (let i = 0; i < 80; i++) {
      await stores.memories.create(store.id, { path: `/${["a", "b/c", "d/e/f"][i % 3]}/n${i}.md`, content: `note ${i} ✓\n` });
    }
    const stop = new AbortController();
    const first = await transferStore({
      ...ends(store.id),
      concurrency: 1,
      signal: stop.signal,
      onProgress: (p) => p.done === 25 && stop.abort(),
    });
    expect(first).toMatchObject({ interrupted: true, identical: false, createdStore: true, created: 25, done: 25, total: 80 });
    expect(Object.keys(await tree(destination, first.destinationStoreId))).toHaveLength(25);

    const second = await transferStore(ends(store.id));
    expect(second).toMatchObject({ destinationStoreId: first.destinationStoreId, createdStore: false, interrupted: false, identical: true });
    expect(second).toMatchObject({ created: 55, unchanged: 25, updated: 0, failed: 0 });
    expect(await tree(destination, second.destinationStoreId)).toEqual(await tree(source, store.id));
    const copy = await destination.client.beta.memoryStores.retrieve(second.destinationStoreId);
    expect(copy).toMatchObject({
      name: "to move",
      description: "moved between servers",
      metadata: { team: "x", transferred_from: `${new URL(source.baseURL).origin}/${store.id}` },
    });

    // A change on the source is carried over (conditional on the destination's hash); the rest is skipped.
    const [one] = (await collect(stores.memories.list(store.id, { path_prefix: "/a/", limit: 1 }))).filter((m) => m.type === "memory");
    await stores.memories.update(one!.id, { memory_store_id: store.id, content: "changed" });
    const third = await transferStore(ends(store.id));
    expect(third).toMatchObject({ created: 0, updated: 1, unchanged: 79, identical: true });
    expect(await tree(destination, third.destinationStoreId)).toEqual(await tree(source, store.id));
  }, 180_000);

  it("npm run transfer: --history replays every version with its operation, author and time; a re-run is a no-op", async () => {
    const stores = source.client.beta.memoryStores;
    const store = await stores.create({ name: "with history" });
    const a = await stores.memories.create(store.id, { path: "/a.md", content: "one" });
    await stores.memories.update(a.id, { memory_store_id: store.id, content: "two" });
    const gone = await stores.memories.create(store.id, { path: "/gone.md", content: "bye" });
    await stores.memories.delete(gone.id, { memory_store_id: store.id });
    const args = [
      "tsx",
      "scripts/transfer.ts",
      "--from",
      source.baseURL,
      "--from-key",
      ADMIN_KEY,
      "--store",
      store.id,
      "--to",
      destination.baseURL,
      "--to-key",
      ADMIN_KEY,
      "--history",
    ];
    const run = () => promisify(execFile)("npx", args, { cwd: resolve(import.meta.dirname, "../.."), timeout: 120_000 });
    const { stdout, stderr } = await run();
    expect(stdout).toMatch(/history: 4 versions replayed/);
    expect(stdout).toMatch(/the destination matches the source/);
    expect(stderr).toMatch(/\[#+\] 1\/1/);
    const copyId = /destination (memstore_\w+) \(created\)/.exec(stdout)![1]!;
    const shape = (v: MemoryVersion) => [v.operation, v.path, v.content_sha256, v.created_at, v.created_by];
    const before = await collect(stores.memoryVersions.list(store.id));
    const after = await collect(destination.client.beta.memoryStores.memoryVersions.list(copyId));
    expect(after.map(shape)).toEqual(before.map(shape));
    const again = await run();
    expect(again.stdout).toMatch(new RegExp(`destination ${copyId}\\n`));
    expect(again.stdout).toMatch(/history: 0 versions replayed \(the destination already held memories\)/);
    expect(again.stdout).toMatch(/0 created, 0 updated, 1 already the same/);
  }, 180_000);
});
