import Anthropic from "@anthropic-ai/sdk";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createApiClient, type ApiClient } from "../../lib/api-client/client.ts";
import { BETA_HEADERS } from "../../lib/api-client/request.ts";
import { responseChecker, type ResponseChecker } from "./openapi-check.ts";
import { createPostgresDatabase, type TestDatabase } from "./postgres.ts";

/**
 * A real Memory Console server (the built app under `next start`) on a fresh database of the
 * engine under test (TEST_ENGINE=sqlite|postgres), driven through the official SDK. Every JSON
 * answer from /v1 that goes through `client`, `clientWith` or `fetch` is checked against the
 * server's OpenAPI document; `stop()` fails if one did not match (test/helpers/openapi-check.ts).
 */
export const ENGINE = (process.env.TEST_ENGINE ?? "sqlite") as "sqlite" | "postgres";
export const ADMIN_KEY = "test-admin-key-0123456789abcdef";
const ROOT = resolve(import.meta.dirname, "../..");

export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => ok(port));
    });
  });
}

export interface TestServer {
  engine: "sqlite" | "postgres";
  baseURL: string;
  databaseUrl: string;
  /** The official SDK, authenticated with the admin bootstrap key. */
  client: Anthropic;
  /** An SDK client with another key. */
  clientWith(apiKey: string): Anthropic;
  /** Raw fetch against the server; adds the admin key and beta header unless overridden. */
  fetch(path: string, init?: RequestInit & { headers?: Record<string, string> }): Promise<Response>;
  /**
   * The console's typed client (lib/api-client) with the admin key, for this project's own
   * endpoints, which the SDK does not know: `server.api.call("search", { query: { q } })`.
   */
  api: ApiClient;
  /** The typed client with another key. */
  apiWith(apiKey: string): ApiClient;
  /** The typed client with these headers instead of the admin key (a session cookie, say); the beta header is added. */
  apiWithHeaders(headers: Record<string, string>): ApiClient;
  /** The server process's output so far. */
  log(): string;
  /** Answers that did not match the OpenAPI document so far. */
  contractViolations(): string[];
  /** Graceful stop, then the database is dropped (PostgreSQL) or deleted (SQLite); throws if an answer broke the OpenAPI document. */
  stop(): Promise<void>;
  /** SIGKILL the server process, keeping the database. */
  kill(): Promise<void>;
  /** SIGTERM the server process (a graceful shutdown), keeping the database; resolves with its exit code once it is gone. */
  terminate(): Promise<number | null>;
  /** Start the server again on the same database and port. */
  restart(): Promise<void>;
  /** Whether the server process is still running (it may have died on its own). */
  alive(): boolean;
  /** A full garbage collection in the server now; only for a server started with FORCED_GC_ENV. Resolves once it ran. */
  forceGc(): Promise<void>;
}

/** Start options' env for a server whose `forceGc()` works (test/helpers/gc-on-signal.mjs). */
export const FORCED_GC_ENV = { NODE_OPTIONS: `--expose-gc --import ${join(resolve(import.meta.dirname), "gc-on-signal.mjs")}` };

export interface StartOptions {
  env?: Record<string, string>;
  /** Reuse a database instead of creating a fresh one (it is then not dropped on stop). */
  databaseUrl?: string;
  /** The engine of a fresh database; TEST_ENGINE by default (the benchmark picks its own). */
  engine?: "sqlite" | "postgres";
  /** The checkout whose build `next start` serves; this one by default (the benchmark's --baseline names another). */
  root?: string;
  /** The port to listen on; a free one by default (bench:console's --port). */
  port?: number;
}

async function waitUntilReady(baseURL: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${baseURL}/v1/memory_stores?limit=1`, {
        headers: { "x-api-key": ADMIN_KEY, "anthropic-beta": "agent-memory-2026-07-22" },
      });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become ready:\n${output()}`);
}

/** What a test needs to talk to a running server: its address and the SDK and fetch with the admin key. */
/** The SDK clients and raw fetch of a server, every answer going through `checkedFetch` (the OpenAPI check). */
export function clientsOf(engine: "sqlite" | "postgres", baseURL: string, databaseUrl: string, checkedFetch: typeof fetch) {
  return {
    engine,
    baseURL,
    databaseUrl,
    client: new Anthropic({ baseURL, apiKey: ADMIN_KEY, maxRetries: 0, fetch: checkedFetch }),
    clientWith: (apiKey: string) => new Anthropic({ baseURL, apiKey, maxRetries: 0, fetch: checkedFetch }),
    api: createApiClient({ baseUrl: baseURL, headers: { "x-api-key": ADMIN_KEY, ...BETA_HEADERS }, fetch: checkedFetch }),
    apiWith: (apiKey: string) => createApiClient({ baseUrl: baseURL, headers: { "x-api-key": apiKey, ...BETA_HEADERS }, fetch: checkedFetch }),
    apiWithHeaders: (headers: Record<string, string>) => createApiClient({ baseUrl: baseURL, headers: { ...BETA_HEADERS, ...headers }, fetch: checkedFetch }),
    fetch: (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
      checkedFetch(`${baseURL}${path}`, {
        ...init,
        headers: { "x-api-key": ADMIN_KEY, "anthropic-beta": "agent-memory-2026-07-22", ...init.headers },
      }),
  } satisfies Partial<TestServer>;
}

export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const engine = options.engine ?? ENGINE;
  let database: TestDatabase | null = null;
  let sqliteDir: string | null = null;
  let databaseUrl = options.databaseUrl;
  if (!databaseUrl) {
    if (engine === "postgres") {
      database = await createPostgresDatabase();
      databaseUrl = database.url;
    } else {
      sqliteDir = mkdtempSync(join(tmpdir(), "memc-test-"));
      databaseUrl = `file:${join(sqliteDir, "memory-console.db")}`;
    }
  }
  const port = options.port ?? (await freePort());
  const baseURL = `http://127.0.0.1:${port}`;
  let child: ChildProcess;
  let output = "";
  let checker: ResponseChecker | undefined;

  const launch = async () => {
    output = "";
    const root = options.root ?? ROOT;
    child = spawn(process.execPath, [join(root, "node_modules/next/dist/bin/next"), "start", "-H", "127.0.0.1", "-p", String(port)], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: databaseUrl,
        MEMORY_CONSOLE_API_KEY: ADMIN_KEY,
        NEXT_TELEMETRY_DISABLED: "1",
        // The lowest cost the server accepts: a sign-in hashes 8 times faster than at the default
        // 2^17. A test that needs the production cost itself (auth-setup) sets 17.
        PASSWORD_HASH_COST: "14",
        ...options.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (d) => (output += d));
    child.stderr!.on("data", (d) => (output += d));
    await waitUntilReady(baseURL, child, () => output);
    checker ??= await responseChecker(baseURL);
  };
  const exited = () => new Promise<void>((ok) => (child.exitCode !== null || child.signalCode !== null ? ok() : child.once("exit", () => ok())));

  try {
    await launch();
  } catch (error) {
    // A server that never came up (no build, bad config) must not leave its database behind.
    child!.kill("SIGKILL");
    await exited();
    if (database) await database.drop();
    if (sqliteDir) rmSync(sqliteDir, { recursive: true, force: true });
    throw error;
  }

  const checkedFetch = checker!.wrap();
  const server: TestServer = {
    ...clientsOf(engine, baseURL, databaseUrl, checkedFetch),
    log: () => output,
    contractViolations: () => [...checker!.violations],
    async stop() {
      child.kill("SIGTERM");
      await exited();
      if (database) await database.drop();
      if (sqliteDir) rmSync(sqliteDir, { recursive: true, force: true });
      const violations = checker!.violations;
      if (violations.length > 0) throw new Error(`Answers that do not match the OpenAPI document (GET /v1/openapi.json):\n${violations.join("\n")}`);
    },
    async kill() {
      child.kill("SIGKILL");
      await exited();
    },
    async terminate() {
      child.kill("SIGTERM");
      await exited();
      return child.exitCode;
    },
    restart: launch,
    alive: () => child.exitCode === null && child.signalCode === null,
    async forceGc() {
      const before = output.split("forced gc done").length;
      child.kill("SIGUSR2");
      const deadline = Date.now() + 10_000;
      while (output.split("forced gc done").length === before) {
        if (!server.alive()) throw new Error(`the server died during a forced garbage collection:\n${output.slice(-3000)}`);
        if (Date.now() > deadline) throw new Error("the server ran no forced garbage collection (started without FORCED_GC_ENV?)");
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
  return server;
}
