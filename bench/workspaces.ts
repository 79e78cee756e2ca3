/**
 * Workspaces' cost (issue 44), on the running server, interleaved so that drift hits every probe
 * alike: a retrieve and a depth=1 list with `anthropic-workspace-id` against the same requests
 * without it (target: +0.1 ms p50), and the first page of GET /v1/memory_stores in a workspace of
 * 50,000 stores against one of 100 (target: ≤ 2 ×). The stores are written straight into the
 * database through the domain (as the review benchmark seeds), the requests go through HTTP.
 */
import { createWorkspace } from "../lib/auth/workspaces.ts";
import { databaseTarget } from "../lib/config.ts";
import { openDb } from "../lib/db/client.ts";
import type { Actor } from "../lib/memory/actor.ts";
import { createMemory } from "../lib/memory/memories/create-memory.ts";
import { checkNewStore, createStore, insertStore } from "../lib/memory/stores/create-store.ts";
import { DEFAULT_WORKSPACE_ID } from "../lib/memory/workspace.ts";
import type { TestServer } from "../test/helpers/server.ts";
import { Client, percentile, round3 } from "./http.ts";

const SMALL = 100;
const LARGE = 50_000;
const BATCH = 1_000;
const BENCH: Actor = { type: "api_actor", api_key_id: "apikey_bench_workspaces" };

async function seed(server: TestServer, log: (...parts: unknown[]) => void) {
  const db = await openDb(databaseTarget(server.databaseUrl));
  try {
    const started = performance.now();
    const small = await createWorkspace(db, { name: "Bench 100" }, BENCH);
    const large = await createWorkspace(db, { name: "Bench 50k" }, BENCH);
    for (const [workspace, count] of [
      [small.id, SMALL],
      [large.id, LARGE],
    ] as const) {
      for (let start = 0; start < count; start += BATCH) {
        await db.sqlTransaction(async (tx) => {
          for (let i = start; i < Math.min(start + BATCH, count); i++) await insertStore(tx, checkNewStore({ name: `user ${i}`, workspaceId: workspace }));
        });
      }
    }
    // 50,000 rows in seconds outrun autovacuum, whose ANALYZE a live database has had by the time
    // it holds that many stores: without it PostgreSQL plans the list for 150 rows (bitmap scan
    // and sort, 20 ms) instead of walking the (workspace_id, id) index (0.05 ms).
    if (server.engine === "postgres") await db.sql.$executeRaw`ANALYZE memory_stores`;
    const storeId = (await createStore(db, { name: "Bench workspace reads" })).id;
    const memoryIds: string[] = [];
    for (let i = 0; i < 20; i++)
      memoryIds.push((await createMemory(db, { storeId, path: `/notes/n-${i}.md`, content: `note ${i}\n`.repeat(40), actor: BENCH })).id);
    log(`seeded ${SMALL} + ${LARGE} stores in two workspaces in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return { small: small.id, large: large.id, storeId, memoryIds };
  } finally {
    await db.close();
  }
}

export async function measureWorkspaces(server: TestServer, headers: Record<string, string>, rounds: number, log: (...parts: unknown[]) => void) {
  const { small, large, storeId, memoryIds } = await seed(server, log);
  const client = new Client(server.baseURL, headers);
  const inDefault = { "anthropic-workspace-id": DEFAULT_WORKSPACE_ID };
  const base = `/v1/memory_stores/${storeId}`;
  const probes: { name: string; path: (r: number) => string; headers?: Record<string, string> }[] = [
    { name: "retrieve", path: (r) => `${base}/memories/${memoryIds[r % memoryIds.length]}` },
    { name: "retrieve_with_header", path: (r) => `${base}/memories/${memoryIds[r % memoryIds.length]}`, headers: inDefault },
    { name: "list_depth1", path: () => `${base}/memories?depth=1&path_prefix=%2Fnotes%2F` },
    { name: "list_depth1_with_header", path: () => `${base}/memories?depth=1&path_prefix=%2Fnotes%2F`, headers: inDefault },
    { name: "stores_first_page_100", path: () => "/v1/memory_stores?limit=20", headers: { "anthropic-workspace-id": small } },
    { name: "stores_first_page_50000", path: () => "/v1/memory_stores?limit=20", headers: { "anthropic-workspace-id": large } },
  ];
  const samples = new Map(probes.map((p) => [p.name, [] as number[]]));
  const warmup = Math.min(100, rounds);
  for (let round = -warmup; round < rounds; round++) {
    // A fixed rotation: each probe leads as often as the others.
    for (let i = 0; i < probes.length; i++) {
      const probe = probes[(i + Math.abs(round)) % probes.length]!;
      const answer = await client.send("GET", probe.path(round + warmup), undefined, probe.headers);
      if (answer.status !== 200) throw new Error(`${probe.name} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
      if (round >= 0) samples.get(probe.name)!.push(answer.ms);
    }
  }
  client.close();
  const p50 = (name: string) => round3(percentile(samples.get(name)!, 50));
  const results = {
    workspaces: Object.fromEntries(probes.map((p) => [p.name, { p50_ms: p50(p.name), p99_ms: round3(percentile(samples.get(p.name)!, 99)) }])),
    workspace_header_retrieve_added_ms: round3(p50("retrieve_with_header") - p50("retrieve")),
    workspace_header_list_depth1_added_ms: round3(p50("list_depth1_with_header") - p50("list_depth1")),
    workspace_stores_first_page_ratio_50000_to_100: round3(p50("stores_first_page_50000") / p50("stores_first_page_100")),
  };
  log(
    `workspaces: header adds ${results.workspace_header_retrieve_added_ms} ms to a retrieve and ${results.workspace_header_list_depth1_added_ms} ms to a depth=1 list (target <= 0.1); ` +
      `first page of stores at 50,000 / at 100: ${results.workspace_stores_first_page_ratio_50000_to_100} (target <= 2)`,
  );
  return results;
}
