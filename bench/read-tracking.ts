/**
 * What recording reads costs (issue 45), in three measures of one run:
 * - `read_tracking_cost`: the p50 of a retrieve and of a memory-tool `view` with reads recorded,
 *   over the same on a second server with READ_TRACKING=off: two fresh servers alike but for
 *   that, on copies of the same data (SQLite) or the same database (PostgreSQL), interleaved
 *   round by round so that machine drift hits both alike. Target ≤ 1.05.
 * - `read_flush_guard`: while 10,000 reads are recorded (100 `view=full` pages of 100 memories,
 *   each page its own session) and then flushed, another client keeps asking GET
 *   /v1/memory_stores; its p99 says whether the flush holds the event loop. Target ≤ 100 ms.
 * - `version_readers_1000_sessions`: the first page of a version's readers when 1,000 sessions
 *   read it, against the framework floor in the same rounds. Target ≤ floor + 10 ms.
 */
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer, type TestServer } from "../test/helpers/server.ts";
import { Client, percentile, round3 } from "./http.ts";
import { noteContent, rng } from "./tree.ts";

const WARMUP = 50;
const MEMORIES = 200;
const FLUSH_PAGES = 100;
const FLUSH_RUNS = 5;
const READER_SESSIONS = 1_000;

type Log = (...parts: unknown[]) => void;

async function seedStore(client: Client, name: string, count: number) {
  const store = await client.json<{ id: string }>("POST", "/v1/memory_stores", { name });
  const random = rng(5);
  const ids: string[] = [];
  for (let i = 0; i < count; i += 8) {
    const batch = Array.from({ length: Math.min(8, count - i) }, (_, j) => {
      const path = `/notes/n-${String(i + j).padStart(4, "0")}.md`;
      return client.json<{ id: string }>("POST", `/v1/memory_stores/${store.id}/memories`, { path, content: noteContent(path, random) });
    });
    ids.push(...(await Promise.all(batch)).map((m) => m.id));
  }
  return { storeId: store.id, memoryIds: ids };
}

/** Polls until `stop` resolves; returns every latency (as bench/guard.ts does). */
async function poll(client: Client, stop: Promise<unknown>): Promise<number[]> {
  let done = false;
  void stop.finally(() => (done = true));
  const samples: number[] = [];
  while (!done) {
    const answer = await client.send("GET", "/v1/memory_stores?limit=1");
    if (answer.status !== 200) throw new Error(`guard poll answered ${answer.status}`);
    samples.push(answer.ms);
  }
  return samples;
}

export async function measureReadTracking(server: TestServer, headers: Record<string, string>, rounds: number, log: Log) {
  const main = new Client(server.baseURL, headers, 8);
  log(`reads: seeding ${MEMORIES} notes`);
  const seeded = await seedStore(main, "Read tracking", MEMORIES);
  main.close();
  return {
    ...(await trackingCost(server, headers, seeded, rounds, log)),
    ...(await flushGuard(server, headers, log)),
    ...(await versionReaders(server, headers, rounds, log)),
  };
}

async function trackingCost(server: TestServer, headers: Record<string, string>, seeded: { storeId: string; memoryIds: string[] }, rounds: number, log: Log) {
  const dirs: string[] = [];
  const copyOf = async (label: string) => {
    if (server.engine !== "sqlite") return server.databaseUrl;
    const dir = mkdtempSync(join(tmpdir(), `memc-${label}-`));
    dirs.push(dir);
    const live = new Database(server.databaseUrl.slice("file:".length), { readonly: true });
    await live.backup(join(dir, "copy.db"));
    live.close();
    return `file:${join(dir, "copy.db")}`;
  };
  log("reads: starting two servers, read tracking on and off");
  const servers = {
    on: await startServer({ databaseUrl: await copyOf("reads-on"), env: { MEMORY_CONSOLE_BENCH: "1" } }),
    off: await startServer({ databaseUrl: await copyOf("reads-off"), env: { MEMORY_CONSOLE_BENCH: "1", READ_TRACKING: "off" } }),
  };
  try {
    const clients = { on: new Client(servers.on.baseURL, headers), off: new Client(servers.off.baseURL, headers) };
    const samples = { retrieve: { on: [] as number[], off: [] as number[] }, view: { on: [] as number[], off: [] as number[] } };
    for (let round = 0; round < WARMUP + rounds; round++) {
      const i = round % seeded.memoryIds.length;
      const order = round % 2 === 0 ? (["on", "off"] as const) : (["off", "on"] as const);
      for (const which of order) {
        // Each round its own session, as agents' runs are: a new aggregate row per read, the worst case.
        const session = `sess_bench_${which}_${round}`;
        const retrieve = await clients[which].send("GET", `/v1/memory_stores/${seeded.storeId}/memories/${seeded.memoryIds[i]}`, undefined, {
          "x-memory-session-id": session,
        });
        const view = await clients[which].send("POST", `/v1/memory_stores/${seeded.storeId}/memory_tool?session_id=${session}`, {
          command: "view",
          path: `/memories/notes/n-${String(i).padStart(4, "0")}.md`,
        });
        if (retrieve.status !== 200 || view.status !== 200)
          throw new Error(`reads (${which}) answered ${retrieve.status} / ${view.status}: ${view.text.slice(0, 200)}`);
        if (round >= WARMUP) {
          samples.retrieve[which].push(retrieve.ms);
          samples.view[which].push(view.ms);
        }
      }
    }
    clients.on.close();
    clients.off.close();
    const measure = (of: { on: number[]; off: number[] }) => {
      const on = percentile(of.on, 50);
      const off = percentile(of.off, 50);
      return { on_p50_ms: round3(on), off_p50_ms: round3(off), ratio: round3(on / off) };
    };
    const retrieve = measure(samples.retrieve);
    const view = measure(samples.view);
    log(
      `reads: retrieve p50 ${retrieve.on_p50_ms} ms tracked, ${retrieve.off_p50_ms} ms not (${retrieve.ratio}); view ${view.on_p50_ms} / ${view.off_p50_ms} (${view.ratio})`,
    );
    return { read_tracking_cost: { rounds, retrieve, memory_tool_view: view, ratio: Math.max(retrieve.ratio, view.ratio) } };
  } finally {
    await Promise.all([servers.on.stop(), servers.off.stop()]);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

async function flushGuard(server: TestServer, headers: Record<string, string>, log: Log) {
  const worker = new Client(server.baseURL, headers, 8);
  const poller = new Client(server.baseURL, headers);
  const store = await seedStore(worker, "Read flush", 100);
  const quiet: number[] = [];
  for (let i = 0; i < 300; i++) quiet.push((await poller.send("GET", "/v1/memory_stores?limit=1")).ms);
  const during: number[] = [];
  let flushMs = 0;
  for (let run = 0; run < FLUSH_RUNS; run++) {
    const work = (async () => {
      await Promise.all(
        Array.from({ length: FLUSH_PAGES }, async (_, page) => {
          const answer = await worker.send("GET", `/v1/memory_stores/${store.storeId}/memories?view=full&limit=100`, undefined, {
            "x-memory-session-id": `sess_flush_${run}_${page}`,
          });
          if (answer.status !== 200) throw new Error(`view=full page answered ${answer.status}`);
        }),
      );
      // Asking for reads flushes what the buffer holds before answering.
      const started = performance.now();
      const reads = await worker.send("GET", `/v1/memory_reads/${store.storeId}?limit=1`);
      if (reads.status !== 200) throw new Error(`memory_reads answered ${reads.status}`);
      flushMs += performance.now() - started;
    })();
    during.push(...(await poll(poller, work)));
    await work;
  }
  worker.close();
  poller.close();
  const result = {
    reads_per_run: FLUSH_PAGES * 100,
    runs: FLUSH_RUNS,
    flush_request_ms: round3(flushMs / FLUSH_RUNS),
    polls: during.length,
    guard_p99_ms: round3(percentile(during, 99)),
    quiet_p99_ms: round3(percentile(quiet, 99)),
  };
  log(`reads: 10,000 reads recorded and flushed, concurrent list p99 ${result.guard_p99_ms} ms (quiet ${result.quiet_p99_ms} ms)`);
  return { read_flush_guard: result };
}

async function versionReaders(server: TestServer, headers: Record<string, string>, rounds: number, log: Log) {
  const client = new Client(server.baseURL, headers, 8);
  const floor = new Client(server.baseURL, {});
  const store = await client.json<{ id: string }>("POST", "/v1/memory_stores", { name: "Read by 1,000 sessions" });
  const memory = await client.json<{ id: string; memory_version_id: string }>("POST", `/v1/memory_stores/${store.id}/memories`, {
    path: "/shared/rules.md",
    content: noteContent("/shared/rules.md", rng(3)),
  });
  log(`reads: ${READER_SESSIONS} sessions read one version`);
  for (let i = 0; i < READER_SESSIONS; i += 8) {
    await Promise.all(
      Array.from({ length: Math.min(8, READER_SESSIONS - i) }, (_, j) =>
        client.send("POST", `/v1/memory_stores/${store.id}/memory_tool?session_id=sess_reader_${String(i + j).padStart(4, "0")}`, {
          command: "view",
          path: "/memories/shared/rules.md",
        }),
      ),
    );
  }
  const path = `/v1/version_readers/${store.id}/${memory.memory_version_id}`;
  const first = await client.json<{ total_readers: number; data: unknown[] }>("GET", path);
  if (first.total_readers !== READER_SESSIONS) throw new Error(`version_readers counted ${first.total_readers} readers, not ${READER_SESSIONS}`);
  const samples = { ours: [] as number[], floor: [] as number[] };
  for (let round = 0; round < WARMUP + rounds; round++) {
    const ours = await client.send("GET", path);
    const bare = await floor.send("GET", "/api/bench/floor");
    if (round >= WARMUP) {
      samples.ours.push(ours.ms);
      samples.floor.push(bare.ms);
    }
  }
  client.close();
  floor.close();
  const ours = percentile(samples.ours, 50);
  const base = percentile(samples.floor, 50);
  log(`reads: version_readers first page at ${READER_SESSIONS} sessions p50 ${ours.toFixed(3)} ms, floor ${base.toFixed(3)} ms`);
  return {
    version_readers_1000_sessions: { rounds, p50_ms: round3(ours), floor_p50_ms: round3(base), over_floor_ms: round3(ours - base) },
  };
}
