import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_KEY, ENGINE, freePort } from "../helpers/server.ts";

/**
 * Every command the README names runs on a production install: the built app copied with its
 * node_modules, then `npm prune --omit=dev` as operators do, so tsx, vitest and the rest of the
 * dev dependencies are gone. The commands then run from the build's dist/cli (scripts/cli.mjs).
 * SQLite only: the commands are the same on PostgreSQL, and backup, restore and compact are
 * SQLite's.
 */
const ROOT = resolve(import.meta.dirname, "../..");
const BETA = { "x-api-key": ADMIN_KEY, "anthropic-beta": "agent-memory-2026-07-22", "content-type": "application/json" };

let app: string;
let work: string;
let server: ChildProcess | undefined;
let baseURL: string;
let databaseUrl: string;

function run(command: string, args: string[] = [], extraEnv: Record<string, string> = {}) {
  return execFileSync("npm", ["run", "--silent", command, "--", ...args], {
    cwd: app,
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: "production", PASSWORD_HASH_COST: "14", ...extraEnv },
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 120_000,
  });
}

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${baseURL}${path}`, { ...init, headers: { ...BETA, ...init.headers } });
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function startApp() {
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-H", "127.0.0.1", "-p", String(port)], {
    cwd: app,
    env: { ...process.env, DATABASE_URL: databaseUrl, MEMORY_CONSOLE_API_KEY: ADMIN_KEY, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    stdio: "ignore",
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseURL}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the pruned app did not become ready");
}

async function stopApp() {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((ok) => server!.once("exit", ok));
  server.kill("SIGTERM");
  await exited;
}

describe.skipIf(ENGINE !== "sqlite")("a production install (dev dependencies pruned)", () => {
  beforeAll(() => {
    if (!existsSync(join(ROOT, "dist/cli/import.mjs")) || !existsSync(join(ROOT, ".next/BUILD_ID"))) {
      throw new Error("run `npm run build` first: this test copies the built app");
    }
    app = mkdtempSync(join(tmpdir(), "memc-prod-"));
    work = join(app, "work");
    const tracked = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" })
      .split("\0")
      .filter(Boolean);
    for (const file of tracked) if (existsSync(join(ROOT, file))) cpSync(join(ROOT, file), join(app, file), { recursive: true });
    for (const built of ["dist", ".next", "lib/db/generated"]) {
      cpSync(join(ROOT, built), join(app, built), { recursive: true, filter: (source) => !source.includes(`${join(ROOT, ".next", "cache")}`) });
    }
    // node_modules (1 GB, 50,000 files) is hard-linked, not copied: a second against half a minute.
    // `npm prune` only unlinks what it removes, and the one file it rewrites, the hidden lockfile,
    // is a copy of its own, so this checkout's node_modules is left as it was (checked below).
    execFileSync("cp", ["-al", join(ROOT, "node_modules"), join(app, "node_modules")]);
    rmSync(join(app, "node_modules/.package-lock.json"));
    copyFileSync(join(ROOT, "node_modules/.package-lock.json"), join(app, "node_modules/.package-lock.json"));
    execFileSync("npm", ["prune", "--omit=dev", "--no-audit", "--no-fund"], { cwd: app, stdio: "ignore", timeout: 120_000 });
    mkdirSync(work);
    databaseUrl = `file:${join(work, "memory-console.db")}`;
  }, 300_000);

  afterAll(async () => {
    await stopApp();
    if (app) rmSync(app, { recursive: true, force: true });
  });

  it("has no dev dependency left to lean on", () => {
    expect(existsSync(join(app, "node_modules/tsx"))).toBe(false);
    expect(existsSync(join(app, "node_modules/vitest"))).toBe(false);
    // The pruned copy shares its files with this checkout's node_modules, which keeps them all.
    expect(existsSync(join(ROOT, "node_modules/tsx/package.json"))).toBe(true);
    expect(readFileSync(join(ROOT, "node_modules/.package-lock.json"), "utf8")).toContain('"node_modules/vitest"');
  });

  it("every command answers --help from dist/cli, and refuses an unknown option without a stack trace", () => {
    const commands = execFileSync(process.execPath, ["scripts/cli.mjs", "--help"], { cwd: app, encoding: "utf8" });
    const scripts = [...commands.matchAll(/^ {2}npm run (\S+)/gm)].map((m) => m[1]!);
    expect(scripts).toEqual(expect.arrayContaining(["db:migrate", "export", "import", "transfer", "mirror", "verify"]));
    for (const script of scripts) expect(run(script, ["--help"])).toMatch(new RegExp(`^Usage: npm run ${script}`));
    const refused = spawnSync("npm", ["run", "--silent", "export", "--", "--no-such-option"], { cwd: app, encoding: "utf8" });
    expect([refused.status, refused.stderr.split("\n")[0]]).toEqual([2, "export: unknown option --no-such-option"]);
    expect(refused.stderr).not.toMatch(/ERR_PARSE_ARGS|\n\s+at /);
  });

  it("runs db:migrate, user:create, the server, mirror, export, import, transfer, prune, backup, restore and db:compact", async () => {
    expect(run("db:migrate")).toMatch(/^applied 0001_init/);
    expect(run("user:create", ["--email", "ops@example.com", "--password", "correct horse battery staple", "--role", "reviewer"])).toContain("ops@example.com");

    await startApp();
    const store = await api<{ id: string }>("/v1/memory_stores", { method: "POST", body: JSON.stringify({ name: "ops" }) });
    await api(`/v1/memory_stores/${store.id}/memories`, { method: "POST", body: JSON.stringify({ path: "/notes/a.md", content: "alpha" }) });

    const mirrorDir = join(work, "mirror");
    run("mirror", ["--store", store.id, "--dir", mirrorDir, "--url", baseURL, "--api-key", ADMIN_KEY, "--once"]);
    expect(readFileSync(join(mirrorDir, "notes/a.md"), "utf8")).toBe("alpha");

    const exported = join(work, "ops.zip");
    run("export", ["--store", store.id, "--format", "zip", "--out", exported]);
    expect(existsSync(exported)).toBe(true);
    const folder = join(work, "folder");
    mkdirSync(join(folder, "docs"), { recursive: true });
    writeFileSync(join(folder, "docs/b.md"), "beta");
    run("import", ["--new-store", "imported", "--from", folder]);

    const transferred = run("transfer", ["--from", baseURL, "--from-key", ADMIN_KEY, "--store", store.id, "--to", baseURL, "--to-key", ADMIN_KEY]);
    expect(transferred).toContain("the destination matches the source");
    const stores = await api<{ data: { name: string }[] }>("/v1/memory_stores?limit=100");
    expect(stores.data.map((s) => s.name).sort()).toEqual(expect.arrayContaining(["imported", "ops"]));

    run("prune");
    const backup = join(work, "backup.db");
    run("backup", ["--out", backup]);
    await stopApp();
    run("restore", [backup, "--force"]);
    run("db:compact");
  }, 300_000);
});
