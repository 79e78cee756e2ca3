import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_KEY, startServer, type TestServer } from "../helpers/server.ts";
import { readTree, remoteTree, removeTempDirs, seed, tempDir, waitFor, writeLocal } from "./helpers.ts";

/**
 * `npm run mirror` as a process: it keeps syncing across a server restart, pushes at exit on
 * SIGTERM, and refuses bad flags. Waits poll for an outcome; nothing asserts how fast.
 */
const ROOT = resolve(import.meta.dirname, "../..");
let server: TestServer;
const children: ChildProcess[] = [];

beforeAll(async () => {
  server = await startServer();
});
afterEach(() => {
  for (const child of children.splice(0)) {
    try {
      process.kill(-child.pid!, "SIGKILL"); // whatever of the group is left
    } catch {
      // already gone
    }
  }
});
afterAll(async () => {
  await server?.stop();
  removeTempDirs();
});

/**
 * `npm run mirror -- <args>`, or with `direct` the command that script runs (`node --import
 * tsx scripts/mirror.ts`), whose own exit code npm would hide. In a process group of its own,
 * so a signal can go to the whole group as a terminal's Ctrl-C does.
 */
function startMirror(args: string[], options: { direct?: boolean } = {}) {
  const [command, prefix] = options.direct ? [process.execPath, ["--import", "tsx", "scripts/mirror.ts"]] : ["npm", ["run", "--silent", "mirror", "--"]];
  const child = spawn(command, [...prefix, ...args], {
    cwd: ROOT,
    detached: true,
    env: { ...process.env, MEMORY_CONSOLE_URL: server.baseURL, MEMORY_CONSOLE_API_KEY: ADMIN_KEY },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((ok) => child.once("exit", (code) => ok(code)));
  return { child, output: () => output, exited, signalGroup: (signal: NodeJS.Signals) => process.kill(-child.pid!, signal) };
}

describe("npm run mirror", () => {
  it("keeps syncing across a server restart", async () => {
    const storeId = (await server.client.beta.memoryStores.create({ name: "mirror restart" })).id;
    await seed(server, storeId, { "/before.md": "from the store" });
    const dir = tempDir("restart");
    const mirror = startMirror(["--store", storeId, "--dir", dir, "--interval", "0.2"]);
    await waitFor("the first download", () => existsSync(join(dir, "before.md")));

    await server.kill();
    writeLocal(dir, "/offline.md", "written while the server was down");
    await waitFor("a failed pass to be reported", () => mirror.output().includes("sync failed"));
    await server.restart();

    await waitFor("the offline edit to reach the store", async () => (await remoteTree(server, storeId))["/offline.md"] !== undefined);
    await seed(server, storeId, { "/after.md": "from the store, after the restart" });
    await waitFor("the new memory to arrive", () => existsSync(join(dir, "after.md")));
    expect(readTree(dir)).toEqual(await remoteTree(server, storeId));
    expect(mirror.child.exitCode).toBeNull();

    mirror.signalGroup("SIGINT");
    await mirror.exited;
    expect(mirror.output()).toContain("SIGINT: pushing local edits, then exiting");
    expect(mirror.output()).toContain("stopped");
  });

  it("pushes local edits once more at exit (SIGTERM), however long the interval", async () => {
    const storeId = (await server.client.beta.memoryStores.create({ name: "mirror exit" })).id;
    await seed(server, storeId, { "/a.md": "a" });
    const dir = tempDir("exit");
    const mirror = startMirror(["--store", storeId, "--dir", dir, "--interval", "3600"], { direct: true });
    await waitFor("the first download", () => existsSync(join(dir, "a.md")));
    await waitFor("the first pass to finish", () => existsSync(join(dir, ".memory-mirror.json")));

    writeLocal(dir, "/at-exit.md", "written just before stopping");
    writeLocal(dir, "/a.md", "a, edited");
    mirror.signalGroup("SIGTERM");
    expect(await mirror.exited).toBe(0);
    expect(mirror.output()).toContain("SIGTERM: pushing local edits, then exiting");
    expect(await remoteTree(server, storeId)).toEqual({ "/a.md": "a, edited", "/at-exit.md": "written just before stopping" });
  });

  it("refuses to start without a store or with an unknown flag", async () => {
    const noStore = startMirror(["--dir", tempDir("usage")], { direct: true });
    expect(await noStore.exited).toBe(2);
    expect(noStore.output()).toContain("--store is required");
    const unknown = startMirror(["--store", "memstore_x", "--dir", tempDir("usage"), "--bogus"], { direct: true });
    expect(await unknown.exited).toBe(2);
    expect(unknown.output()).toContain("Usage: npm run mirror");
  });
});
