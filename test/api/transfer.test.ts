import { execFile, spawn } from "node:child_process";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transferStore, type TransferOptions } from "../../lib/transfer/transfer-store.ts";
import { collect, type MemoryVersion } from "../helpers/api.ts";
import { postgresReachable } from "../helpers/postgres.ts";
import { ADMIN_KEY, ENGINE, startServer, type TestServer } from "../helpers/server.ts";

// npm run transfer (issue 12): a store copied between two servers of this project with different
// databases (the engine under test as the source, the other one as the destination), interrupted
// halfway (the command's process killed with SIGKILL) and run again; --history replays every version.
const other = ENGINE === "sqlite" ? "postgres" : "sqlite";
const ROOT = resolve(import.meta.dirname, "../..");
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

/** `npm run transfer` as one process (node with tsx), so that a signal reaches the transfer itself. */
function spawnTransfer(storeId: string, to: string) {
  const args = ["--import", "tsx", "scripts/transfer.ts", "--from", source.baseURL, "--from-key", ADMIN_KEY, "--store", storeId];
  const child = spawn(process.execPath, [...args, "--to", to, "--to-key", ADMIN_KEY], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", () => {});
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((ok) => child.once("exit", (code, signal) => ok({ code, signal })));
  return { child, exit, stdout: () => out };
}

/** Polls until `check` returns a value (never a fixed sleep standing in for an event). */
async function waitFor<T>(check: () => Promise<T | null | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * An HTTP relay to `target` that passes the first `creates` memory creates and holds every
 * later one unanswered (everything else passes), so that a transfer through it stops at a
 * known point until it is killed.
 */
async function holdingRelay(target: string, creates: number) {
  const to = new URL(target);
  let passed = 0;
  const server = createServer((req, res) => {
    const isCreate = req.method === "POST" && /^\/v1\/memory_stores\/[^/]+\/memories$/.test(req.url!.split("?")[0]!);
    if (isCreate && passed >= creates) return; // held until the client goes away
    if (isCreate) passed += 1;
    const upstream = request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: { ...req.headers, host: to.host } }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((ok) => server.close(() => ok()));
    },
  };
}

describe.skipIf(!canRun)(`transfer ${ENGINE} → ${other}`, () => {
  it("killed (SIGKILL) after 25 of 80 memories, a re-run of the same command finds the same destination store, skips what matched and converges", async () => {
    const stores = source.client.beta.memoryStores;
    const store = await stores.create({ name: "to move", description: "moved between servers", metadata: { team: "x" } });
    for (let i = 0; i < 80; i++) {
      await stores.memories.create(store.id, { path: `/${["a", "b/c", "d/e/f"][i % 3]}/n${i}.md`, content: `note ${i} ✓\n` });
    }
    // The first run reaches the destination through a relay that passes 25 creates and holds the
    // rest, so the process is killed with exactly 25 memories written, however fast it runs.
    const marker = `${new URL(source.baseURL).origin}/${store.id}`;
    const relay = await holdingRelay(destination.baseURL, 25);
    let copyId: string;
    try {
      const first = spawnTransfer(store.id, relay.baseURL);
      copyId = await waitFor(async () => {
        const copy = (await collect(destination.client.beta.memoryStores.list({ limit: 100 }))).find((s) => s.metadata?.transferred_from === marker);
        return copy && Object.keys(await tree(destination, copy.id)).length === 25 ? copy.id : null;
      });
      first.child.kill("SIGKILL");
      expect(await first.exit).toEqual({ code: null, signal: "SIGKILL" });
    } finally {
      await relay.close();
    }
    expect(Object.keys(await tree(destination, copyId))).toHaveLength(25);

    // The same command again, straight to the destination: it finds the store by its marker and creates only the rest.
    const second = spawnTransfer(store.id, destination.baseURL);
    expect(await second.exit).toEqual({ code: 0, signal: null });
    expect(second.stdout()).toContain(`destination ${copyId}\n`);
    expect(second.stdout()).toMatch(/memories: 80 in the source; 55 created, 0 updated, 25 already the same, 0 failed/);
    expect(second.stdout()).toMatch(/the destination matches the source/);
    expect(await tree(destination, copyId)).toEqual(await tree(source, store.id));
    expect(await destination.client.beta.memoryStores.retrieve(copyId)).toMatchObject({
      name: "to move",
      description: "moved between servers",
      metadata: { team: "x", transferred_from: marker },
    });

    // A change on the source is carried over (conditional on the destination's hash); the rest is skipped.
    const [one] = (await collect(stores.memories.list(store.id, { path_prefix: "/a/", limit: 1 }))).filter((m) => m.type === "memory");
    await stores.memories.update(one!.id, { memory_store_id: store.id, content: "changed" });
    const third = await transferStore(ends(store.id));
    expect(third).toMatchObject({ destinationStoreId: copyId, createdStore: false, created: 0, updated: 1, unchanged: 79, identical: true });
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
  it("npm run transfer --from-workspace --to-workspace: an organisation key copies between workspaces, each named with the header", async () => {
    const from = await source.client.beta.organization.workspaces.create({ name: "Source team" });
    const to = await destination.client.beta.organization.workspaces.create({ name: "Destination team" });
    const stores = source.client.beta.memoryStores;
    const store = await stores.create({ name: "team notes", workspace_id: from.id });
    await stores.memories.create(store.id, { path: "/team.md", content: "ours", workspace_id: from.id });
    const args = ["tsx", "scripts/transfer.ts", "--from", source.baseURL, "--from-key", ADMIN_KEY, "--store", store.id];
    args.push("--to", destination.baseURL, "--to-key", ADMIN_KEY, "--from-workspace", from.id, "--to-workspace", to.id);
    const { stdout } = await promisify(execFile)("npx", args, { cwd: ROOT, timeout: 120_000 });
    expect(stdout).toMatch(/the destination matches the source/);
    const copyId = /destination (memstore_\w+) \(created\)/.exec(stdout)![1]!;
    const copied = destination.client.beta.memoryStores;
    expect((await copied.retrieve(copyId, { workspace_id: to.id })).name).toBe("team notes");
    // Made in the named workspace, not in Default.
    expect((await collect(copied.list())).map((s) => s.id)).not.toContain(copyId);

    // A workspace id that is not one is refused before anything is sent.
    const bad = promisify(execFile)("npx", [...args.slice(0, -1), "team two"], { cwd: ROOT, timeout: 60_000 });
    await expect(bad).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/--to-workspace must be a workspace id/) });
  }, 180_000);
});
