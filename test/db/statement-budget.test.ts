import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createPostgresDatabase } from "../helpers/postgres.ts";

/**
 * The statement budget (issue 46), like Django's assertNumQueries: the SQL statements and round
 * trips that each of the ten hottest operations sends, counted where every statement passes
 * (lib/db/sql.ts, watchStatements) and pinned per engine, so that a change which adds one fails
 * here with the operation's name and its statements. A statement is what the domain asks; a
 * round trip is each call into the database, transaction control included (BEGIN, COMMIT), which
 * on PostgreSQL is a network round trip, except a statement sent on a transaction's connection
 * right behind another with no answer in between (pipelined: lib/memory/write-later.ts,
 * lockStoreAnd), which travels with it. The numbers are in docs/benchmarks.md; change them there too when a change means to
 * move them.
 *
 * The requests go through the route handlers in this process (app/...), as Next.js calls them,
 * authentication and the store scope included, on a fresh database of TEST_ENGINE. The server's
 * periodic work (search-index flusher, webhook deliveries, retention, stale sweeps) starts from
 * instrumentation.ts, which no handler call runs, so nothing else sends statements meanwhile; a
 * statement that arrived after an answer would fail the count rather than move it.
 */
const ENGINE = (process.env.TEST_ENGINE ?? "sqlite") as "sqlite" | "postgres";
const KEY = "statement-budget-key-0123456789abcdef";
// The Host a client on this machine sends: the MCP endpoint answers only at loopback or configured origins.
const HEADERS = { host: "127.0.0.1:3000", "x-api-key": KEY, "anthropic-beta": "agent-memory-2026-07-22" };

/** [statements, round trips] per operation and engine: change with intent, and in docs/benchmarks.md. */
const BUDGET: Record<string, Record<"sqlite" | "postgres", [number, number]>> = {
  "authentication and store scope": { sqlite: [1, 1], postgres: [1, 1] },
  retrieve: { sqlite: [2, 2], postgres: [2, 2] },
  "list depth=1": { sqlite: [2, 2], postgres: [2, 2] },
  create: { sqlite: [9, 11], postgres: [9, 4] },
  "update with a precondition": { sqlite: [9, 11], postgres: [9, 4] },
  delete: { sqlite: [9, 11], postgres: [9, 4] },
  "memory tool view": { sqlite: [2, 2], postgres: [2, 2] },
  "memory tool create": { sqlite: [12, 14], postgres: [12, 7] },
  "memory tool str_replace": { sqlite: [9, 11], postgres: [9, 4] },
  "MCP memory view": { sqlite: [2, 2], postgres: [2, 2] },
  "review inbox page": { sqlite: [3, 3], postgres: [3, 3] },
};

/** Transaction control: a round trip, but not a statement of the operation's own. */
const CONTROL = /^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|PRAGMA secure_delete)\b/i;

/** Any route handler: each names its own params, which this file hands over as they come from the URL. */
type Route = (request: Request, context: { params: Promise<never> }) => Promise<Response>;
type Routes = Awaited<ReturnType<typeof loadRoutes>>;

/**
 * The route modules, loaded afresh after the environment names this file's database: vitest
 * shares a worker's modules between files (vitest.config.ts, isolate: false), and lib/config.ts
 * keeps the first configuration it read, so without the reset the app could be another file's.
 */
async function loadRoutes() {
  vi.resetModules();
  const [stores, memories, memory, tool, mcp, reviews, sql, instance, route, operations] = await Promise.all([
    import("@/app/v1/memory_stores/route.ts"),
    import("@/app/v1/memory_stores/[store]/memories/route.ts"),
    import("@/app/v1/memory_stores/[store]/memories/[memory]/route.ts"),
    import("@/app/v1/memory_stores/[store]/memory_tool/route.ts"),
    import("@/app/mcp/[memory_store_id]/route.ts"),
    import("@/app/v1/reviews/route.ts"),
    import("@/lib/db/sql.ts"),
    import("@/lib/db/instance.ts"),
    import("@/lib/http/route.ts"),
    import("@/lib/http/operations.ts"),
  ]);
  return {
    stores,
    memories,
    memory,
    tool,
    mcp,
    reviews,
    watchStatements: sql.watchStatements,
    closeDb: instance.closeDb,
    getDb: instance.getDb,
    // The route wrapper with a handler that does nothing: what every /v1 request sends before its handler runs.
    prelude: route.apiRoute(operations.OPERATIONS.retrieveMemory, async () => new Response("{}")),
  };
}

interface Call {
  route: Route;
  method: string;
  path: string;
  params?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}

async function answer({ route, method, path, params = {}, body, headers = {} }: Call): Promise<Record<string, unknown>> {
  const request = new Request(`http://127.0.0.1:3000${path}`, {
    method,
    headers: { ...HEADERS, ...headers, ...(body !== undefined && { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const response = await route(request, { params: Promise.resolve(params) as Promise<never> });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

const shown = (sql: string) => sql.replace(/\s+/g, " ").trim().slice(0, 240);

/** The operation's statements, and those that came after its answer (none, or the count would depend on timing). */
type Sent = { sql: string; pipelined: boolean };

async function statementsOf(routes: Routes, call: () => Promise<unknown>): Promise<{ sent: Sent[]; late: Sent[] }> {
  const seen: Sent[] = [];
  routes.watchStatements((sql, pipelined) => seen.push({ sql, pipelined }));
  try {
    await call();
    const answered = seen.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    return { sent: seen.slice(0, answered), late: seen.slice(answered) };
  } finally {
    routes.watchStatements(undefined);
  }
}

/** Fails naming the operation and listing its statements when its counts are not the pinned ones. */
function checkBudget(name: string, { sent, late }: { sent: Sent[]; late: Sent[] }, pinned: [number, number]) {
  const statements = sent.filter(({ sql }) => !CONTROL.test(sql)).length;
  const trips = sent.filter(({ pipelined }) => !pipelined).length;
  const list = sent.map(({ sql, pipelined }, i) => `  ${i + 1}. ${pipelined ? "(with the one before) " : ""}${shown(sql)}`).join("\n");
  if (late.length > 0) throw new Error(`${name} (${ENGINE}): statements after the answer:\n${late.map(({ sql }) => shown(sql)).join("\n")}`);
  if (statements !== pinned[0] || trips !== pinned[1]) {
    throw new Error(
      `${name} (${ENGINE}): ${statements} statements and ${trips} round trips, budget ${pinned[0]} and ${pinned[1]} ` +
        `(test/db/statement-budget.test.ts, docs/benchmarks.md). What it sent:\n${list}`,
    );
  }
}

describe(`statement budget per operation (${ENGINE})`, () => {
  let routes: Routes;
  let drop: () => Promise<void>;
  const saved = { DATABASE_URL: process.env.DATABASE_URL, MEMORY_CONSOLE_API_KEY: process.env.MEMORY_CONSOLE_API_KEY };
  let store: string;
  let n = 0;
  /** Two memories of the same shape (one version, awaiting review): one for the warm-up, one measured. */
  const twoMemories = async (label: string) => {
    const made = [];
    for (let i = 0; i < 2; i++) {
      made.push(
        await answer({
          route: routes.memories.POST,
          method: "POST",
          path: `/v1/memory_stores/${store}/memories`,
          params: { store },
          body: { path: `/${label}/note-${++n}.md`, content: `state: ping\nnote ${n}\n` },
        }),
      );
    }
    return made as { id: string; path: string; content_sha256: string }[];
  };

  /** Each operation as `run(i)`: i = 0 warms up (caches, the bootstrap key's row, prepared statements), i = 1 is counted. */
  const operations: Record<string, (i: number) => Promise<Call>> = {};

  beforeAll(async () => {
    if (ENGINE === "postgres") {
      const database = await createPostgresDatabase("budget");
      process.env.DATABASE_URL = database.url;
      drop = database.drop;
    } else {
      const dir = mkdtempSync(join(tmpdir(), "memc-budget-"));
      process.env.DATABASE_URL = `file:${join(dir, "memory-console.db")}`;
      drop = async () => rmSync(dir, { recursive: true, force: true });
    }
    process.env.MEMORY_CONSOLE_API_KEY = KEY;
    // A database another file of this worker opened through lib/db/instance.ts is not this file's.
    delete (globalThis as { __memoryConsoleDb?: unknown }).__memoryConsoleDb;
    routes = await loadRoutes();
    store = ((await answer({ route: routes.stores.POST, method: "POST", path: "/v1/memory_stores", body: { name: "Budget" } })) as { id: string }).id;
    const base = `/v1/memory_stores/${store}`;
    const retrieved = await twoMemories("retrieve");
    const updated = await twoMemories("update");
    const deleted = await twoMemories("delete");
    const viewed = await twoMemories("view");
    const edited = await twoMemories("edit");
    const mcpViewed = await twoMemories("mcp");
    operations["authentication and store scope"] = async (i) => ({
      route: routes.prelude,
      method: "GET",
      path: `${base}/memories/${retrieved[i]!.id}`,
      params: { store },
    });
    operations.retrieve = async (i) => ({
      route: routes.memory.GET,
      method: "GET",
      path: `${base}/memories/${retrieved[i]!.id}`,
      params: { store, memory: retrieved[i]!.id },
    });
    operations["list depth=1"] = async () => ({
      route: routes.memories.GET,
      method: "GET",
      path: `${base}/memories?depth=1&path_prefix=%2F`,
      params: { store },
    });
    operations.create = async (i) => ({
      route: routes.memories.POST,
      method: "POST",
      path: `${base}/memories`,
      params: { store },
      body: { path: `/create/new-${i}.md`, content: `created ${i}\n` },
    });
    operations["update with a precondition"] = async (i) => ({
      route: routes.memory.POST,
      method: "POST",
      path: `${base}/memories/${updated[i]!.id}`,
      params: { store, memory: updated[i]!.id },
      body: { content: `updated ${i}\n`, precondition: { type: "content_sha256", content_sha256: updated[i]!.content_sha256 } },
    });
    operations.delete = async (i) => ({
      route: routes.memory.DELETE,
      method: "DELETE",
      path: `${base}/memories/${deleted[i]!.id}`,
      params: { store, memory: deleted[i]!.id },
    });
    operations["memory tool view"] = async (i) => ({
      route: routes.tool.POST,
      method: "POST",
      path: `${base}/memory_tool`,
      params: { store },
      body: { command: "view", path: `/memories${viewed[i]!.path}` },
    });
    operations["memory tool create"] = async (i) => ({
      route: routes.tool.POST,
      method: "POST",
      path: `${base}/memory_tool`,
      params: { store },
      body: { command: "create", path: `/memories/tool/new-${i}.md`, file_text: `created ${i}\n` },
    });
    operations["memory tool str_replace"] = async (i) => ({
      route: routes.tool.POST,
      method: "POST",
      path: `${base}/memory_tool`,
      params: { store },
      body: { command: "str_replace", path: `/memories${edited[i]!.path}`, old_str: "state: ping", new_str: "state: pong" },
    });
    operations["MCP memory view"] = async (i) => ({
      route: routes.mcp.POST,
      method: "POST",
      path: `/mcp/${store}`,
      params: { memory_store_id: store },
      headers: { accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-11-25" },
      body: {
        jsonrpc: "2.0",
        id: i + 1,
        method: "tools/call",
        params: { name: "memory", arguments: { command: "view", path: `/memories${mcpViewed[i]!.path}` } },
      },
    });
    operations["review inbox page"] = async () => ({ route: routes.reviews.GET, method: "GET", path: "/v1/reviews?limit=20" });
    for (const run of Object.values(operations)) await answer(await run(0));
  });

  afterAll(async () => {
    await routes?.closeDb();
    delete (globalThis as { __memoryConsoleDb?: unknown }).__memoryConsoleDb;
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    vi.resetModules();
    await drop?.();
  });

  for (const name of Object.keys(BUDGET)) {
    it(`${name}: ${BUDGET[name]![ENGINE].join(" statements, ")} round trips`, async () => {
      const call = await operations[name]!(1);
      const counted = await statementsOf(routes, async () => {
        const result = await answer(call);
        // A tool error is still HTTP 200: the count of a failed command would be another operation's.
        expect(result.is_error ?? (result.result as { isError?: boolean } | undefined)?.isError ?? false).toBe(false);
      });
      checkBudget(name, counted, BUDGET[name]![ENGINE]);
    });
  }

  it("a statement more fails with the operation's name and its statements", async () => {
    const db = await routes.getDb();
    const counted = await statementsOf(routes, async () => {
      await answer(await operations.retrieve!(1));
      await db.sql.$queryRaw`SELECT 1 AS one_more`;
    });
    expect(() => checkBudget("retrieve", counted, BUDGET.retrieve![ENGINE])).toThrow(/^retrieve \(\w+\): .*SELECT 1 AS one_more/s);
  });
});
