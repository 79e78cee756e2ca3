/**
 * The review inbox benchmark (issue 10): 20 stores of 1,000 memories each, a quarter of every
 * store written by an agent and awaiting review (5,000 pending changes), the rest settled. It
 * measures the inbox's first page through the API against the same query as bare SQL in the
 * same process, interleaved so that drift hits both alike, and one bulk approve of 1,000 items.
 */
import Database from "better-sqlite3";
import pg from "pg";
import { databaseTarget } from "../lib/config.ts";
import { openDb } from "../lib/db/client.ts";
import type { Actor } from "../lib/memory/actor.ts";
import { createMemoryInTx } from "../lib/memory/memories/create-memory.ts";
import { setReviewPolicy } from "../lib/memory/review/settings.ts";
import { createStore } from "../lib/memory/stores/create-store.ts";
import { lockStore } from "../lib/memory/stores/lock-store.ts";
import { DEFAULT_WORKSPACE_ID } from "../lib/memory/workspace.ts";
import type { TestServer } from "../test/helpers/server.ts";
import { Client, percentile, round3 } from "./http.ts";

const STORES = 20;
const PER_STORE = 1_000;
const PENDING_PER_STORE = 250;
const PAGE = 50;
const AGENT: Actor = { type: "api_actor", api_key_id: "apikey_bench_agent" };

/** The inbox's first page in the workspace, written by hand: the physical limit of the same query. */
const FIRST_PAGE_SQL = (workspace: string, limit: string) => `
  SELECT r.memory_id, r.store_id, r.settled_version_id, r.settled_path, r.head_version_id, r.head_operation, r.path, r.change,
    r.version_count, r.last_actor_type, r.last_actor_id, r.last_api_key_id, r.first_pending_at, r.updated_at, s.name AS store_name
  FROM review_items r JOIN memory_stores s ON s.id = r.store_id
  WHERE r.workspace_id = ${workspace}
  ORDER BY r.updated_at DESC, r.memory_id DESC LIMIT ${limit}`;

async function seed(server: TestServer, log: (...parts: unknown[]) => void) {
  const db = await openDb(databaseTarget(server.databaseUrl));
  try {
    const started = performance.now();
    for (let s = 0; s < STORES; s++) {
      const storeId = (await createStore(db, { name: `Review bench ${s}` })).id;
      for (const [policy, from, to] of [
        ["nobody", 0, PER_STORE - PENDING_PER_STORE],
        ["agents", PER_STORE - PENDING_PER_STORE, PER_STORE],
      ] as const) {
        await setReviewPolicy(db, storeId, policy);
        for (let start = from; start < to; start += 250) {
          await db.sqlTransaction(async (tx) => {
            const store = await lockStore(tx, storeId);
            for (let i = start; i < Math.min(start + 250, to); i++) {
              await createMemoryInTx(tx, store, `/area-${i % 10}/note-${i}.md`, `note ${i} of store ${s}\n`, AGENT);
            }
          });
        }
      }
    }
    log(`seeded ${STORES * PER_STORE} memories (${STORES * PENDING_PER_STORE} awaiting review) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await db.close();
  }
}

function bareQuery(server: TestServer): { run: () => Promise<unknown>; close: () => Promise<void> } {
  if (server.engine === "sqlite") {
    const file = databaseTarget(server.databaseUrl);
    const db = new Database(file.engine === "sqlite" ? file.file : "", { readonly: true });
    const statement = db.prepare(FIRST_PAGE_SQL("?", "?"));
    return { run: async () => statement.all(DEFAULT_WORKSPACE_ID, PAGE + 1), close: async () => void db.close() };
  }
  const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 1 });
  return {
    run: () => pool.query({ name: "first_page", text: FIRST_PAGE_SQL("$1", "$2"), values: [DEFAULT_WORKSPACE_ID, PAGE + 1] }),
    close: () => pool.end(),
  };
}

/**
 * `bareURL`: the bare server (bench/bare-server.ts, PostgreSQL), whose GET /v1/reviews runs the
 * same statement behind node:http: the whole request's physical limit, beside the statement's.
 */
export async function measureReview(server: TestServer, headers: Record<string, string>, rounds: number, log: (...parts: unknown[]) => void, bareURL?: string) {
  await seed(server, log);
  const ours = new Client(server.baseURL, headers);
  const floor = new Client(server.baseURL, {});
  const bare = bareQuery(server);
  const bareServer = bareURL ? new Client(bareURL, headers) : null;
  const samples = { ours: [] as number[], bare: [] as number[], floor: [] as number[], bareServer: [] as number[] };
  try {
    for (let round = -50; round < rounds; round++) {
      const a = await ours.send("GET", `/v1/reviews?limit=${PAGE}`);
      if (a.status !== 200) throw new Error(`the inbox answered ${a.status}: ${a.text.slice(0, 300)}`);
      const f = await floor.send("GET", "/api/bench/floor");
      const started = performance.now();
      await bare.run();
      const bareMs = performance.now() - started;
      const b = bareServer && (await bareServer.send("GET", `/v1/reviews?limit=${PAGE}`));
      if (b && b.status !== 200) throw new Error(`the bare server's inbox answered ${b.status}: ${b.text.slice(0, 300)}`);
      if (round >= 0) {
        samples.ours.push(a.ms);
        samples.floor.push(f.ms);
        samples.bare.push(bareMs);
        if (b) samples.bareServer.push(b.ms);
      }
    }
    const preview = await ours.json<{ items: { memory_id: string; head_version_id: string }[] }>("POST", "/v1/reviews/bulk", {
      action: "approve",
      dry_run: true,
      // This bench's agent only: the main run's seeded memories await review too (over 10,000 items in all).
      filter: { actor_id: "apikey_bench_agent" },
    });
    const items = preview.items.slice(0, 1000);
    const bulk = await ours.send("POST", "/v1/reviews/bulk", { action: "approve", items });
    const report = JSON.parse(bulk.text) as { applied?: number };
    if (bulk.status !== 200 || report.applied !== items.length) throw new Error(`bulk approve answered ${bulk.status}: ${bulk.text.slice(0, 300)}`);
    const p50 = (xs: number[]) => round3(percentile(xs, 50));
    return {
      review_floor_p50_ms: p50(samples.floor),
      review_inbox_first_page: {
        p50_ms: p50(samples.ours),
        p99_ms: round3(percentile(samples.ours, 99)),
        baseline_p50_ms: p50(samples.bare),
        ratio: round3(percentile(samples.ours, 50) / percentile(samples.bare, 50)),
        ...(bareServer && {
          bare_server_p50_ms: p50(samples.bareServer),
          bare_server_ratio: round3(percentile(samples.ours, 50) / percentile(samples.bareServer, 50)),
        }),
      },
      review_bulk_approve_1000_ms: round3(bulk.ms),
    };
  } finally {
    ours.close();
    floor.close();
    bareServer?.close();
    await bare.close();
  }
}
