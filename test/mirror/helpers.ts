import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, sep } from "node:path";
import { TEMP_PREFIX } from "../../lib/mirror/private-names.ts";
import { openMirror } from "../../lib/mirror/run-mirror.ts";
import type { SyncContext } from "../../lib/mirror/sync-actions.ts";
import { afterAll, beforeAll } from "vitest";
import { ADMIN_KEY, type TestServer } from "../helpers/server.ts";
import { sharedServer } from "../helpers/shared-server.ts";

export const STATE_FILE = ".memory-mirror.json";

const made: string[] = [];

export function tempDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `mirror-${label}-`));
  made.push(dir);
  return dir;
}

export function removeTempDirs() {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Every file below `dir` as memory path → content, the mirror's state file left out. */
export function readTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      // The mirror's state, and the temporary file of a write it has in flight (a running
      // mirror renames it into place a moment later: reading beside it saw one, 4 Dec 2026).
      else if (entry.name !== STATE_FILE && !entry.name.startsWith(TEMP_PREFIX))
        out["/" + relative(dir, file).split(sep).join("/")] = readFileSync(file, "utf8");
    }
  };
  walk(dir);
  return out;
}

export function writeLocal(dir: string, path: string, content: string) {
  const file = join(dir, ...path.split("/").slice(1));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

export function removeLocalFile(dir: string, path: string) {
  rmSync(join(dir, ...path.split("/").slice(1)));
}

/** Path → content of every memory of the store. */
export async function remoteTree(server: TestServer, storeId: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const item of server.client.beta.memoryStores.memories.list(storeId, { view: "full", limit: 20 })) {
    if (item.type === "memory") out[item.path] = item.content ?? "";
  }
  return out;
}

export async function remoteMemory(server: TestServer, storeId: string, path: string) {
  for await (const item of server.client.beta.memoryStores.memories.list(storeId, { view: "full", limit: 20 })) {
    if (item.type === "memory" && item.path === path) return item;
  }
  return undefined;
}

export async function seed(server: TestServer, storeId: string, files: Record<string, string>) {
  for (const [path, content] of Object.entries(files)) await server.client.beta.memoryStores.memories.create(storeId, { path, content });
}

/** The mirror's sync context for a folder, as `npm run mirror` builds it; `lines` collects what it logs. */
export async function mirrorOf(server: TestServer, storeId: string, dir: string, options: { readOnly?: boolean; workspaceId?: string } = {}) {
  const lines: string[] = [];
  const ctx: SyncContext = await openMirror(
    { storeId, dir, baseURL: server.baseURL, apiKey: ADMIN_KEY, readOnly: options.readOnly ?? false, workspaceId: options.workspaceId },
    (line) => lines.push(line),
  );
  return { ctx, lines };
}

/** Polls until `check` holds; the deadline only stops a hung test, it asserts nothing about speed. */
export async function waitFor(what: string, check: () => boolean | Promise<boolean>, deadlineMs = 60_000): Promise<void> {
  const until = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The run's shared server (each test mirrors a store of its own), handed to `set` once it answers; temp folders are removed after the file. */
export function useMirrorServer(set: (server: TestServer) => void) {
  beforeAll(async () => set(await sharedServer()));
  afterAll(removeTempDirs);
}
