/**
 * The time travel benchmark (issue 23): one store of 10,000 memories with about 50,000 versions
 * (every memory rewritten four times, then 1,000 once more), seeded through the domain into the
 * server's database. Measured through the API, interleaved round by round with the live depth=1
 * list and the framework floor so that drift hits all alike:
 * - point_in_time_list_depth1: the depth=1 list as of a moment with 1,000 memories changed since
 *   (and as of a moment after the last write), against the live depth=1 list;
 * - store_changes_1000: the changes between the moments around the last 1,000 rewrites, its
 *   first page and the walk through every page;
 * - restore_memories_per_s: a dry run and execution that puts all 10,000 memories back to their
 *   previous content, while another client lists stores (guard_p99_ms, as bench/guard.ts).
 */
import { databaseTarget } from "../lib/config.ts";
import { openDb } from "../lib/db/client.ts";
import type { Actor } from "../lib/memory/actor.ts";
import type { MemoryRecord } from "../lib/memory/db.ts";
import { changeMemory, insertMemories } from "../lib/memory/memories/mutations.ts";
import { flushSearchIndex } from "../lib/memory/search/flush-search-index.ts";
import { createStore } from "../lib/memory/stores/create-store.ts";
import { lockStore } from "../lib/memory/stores/lock-store.ts";
import type { TestServer } from "../test/helpers/server.ts";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { Client, percentile, round3 } from "./http.ts";

const MEMORIES = 10_000;
const BATCH = 500;
/** A console user: under the default review policy its writes open no review items. */
const WRITER: Actor = { type: "user_actor", user_id: "user_bench_time_travel" };
const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

async function seed(server: TestServer, log: (...parts: unknown[]) => void) {
  const db = await openDb(databaseTarget(server.databaseUrl));
  try {
    const started = performance.now();
    const storeId = (await createStore(db, { name: "Time travel bench" })).id;
    const memories: MemoryRecord[] = [];
    for (let start = 0; start < MEMORIES; start += BATCH) {
      const states = Array.from({ length: BATCH }, (_, i) => {
        const n = start + i;
        return { path: `/area-${n % 20}/topic-${n % 7}/note-${n}.md`, content: `note ${n}, first\n` };
      });
      const inserted = await db.sqlTransaction(async (tx) => {
        await lockStore(tx, storeId);
        return insertMemories(tx, storeId, states, WRITER);
      });
      memories.push(...inserted);
    }
    const rewrite = async (count: number, round: number) => {
      for (let start = 0; start < count; start += BATCH) {
        await db.sqlTransaction(async (tx) => {
          await lockStore(tx, storeId);
          for (let i = start; i < Math.min(start + BATCH, count); i++) {
            memories[i] = await changeMemory(tx, memories[i]!, { path: memories[i]!.path, content: `note ${i}, round ${round}\n` }, WRITER);
          }
        });
      }
    };
    for (const round of [1, 2, 3]) await rewrite(MEMORIES, round);
    await pause();
    const beforeLastFull = new Date();
    await pause();
    await rewrite(MEMORIES, 4);
    await pause();
    const beforeLast1000 = new Date();
    await pause();
    await rewrite(1_000, 5);
    await pause();
    const afterAll = new Date();
    log(`time travel: seeded ${MEMORIES} memories, ${MEMORIES * 5 + 1_000} versions in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    // A store at rest has its versions in the search index; left to the server's background
    // flusher (200 versions every 250 ms), this backlog would be indexed through the whole
    // measurement, its transactions in between the reads measured. Indexed here, all at once.
    const indexing = performance.now();
    const indexed = await flushSearchIndex(db);
    log(`time travel: indexed ${indexed} versions for search in ${((performance.now() - indexing) / 1000).toFixed(1)} s`);
    return { storeId, beforeLastFull, beforeLast1000, afterAll };
  } finally {
    await db.close();
  }
}

/** `bareURL`: the bare server (PostgreSQL), which then restores the same store once more, to the moment before the last 1,000 rewrites. */
export async function measureTimeTravel(
  server: TestServer,
  headers: Record<string, string>,
  rounds: number,
  log: (...parts: unknown[]) => void,
  bareURL?: string,
) {
  const { storeId, beforeLastFull, beforeLast1000, afterAll } = await seed(server, log);
  const ours = new Client(server.baseURL, headers);
  const floor = new Client(server.baseURL, {});
  const at = (d: Date) => encodeURIComponent(d.toISOString());
  const live = `/v1/memory_stores/${storeId}/memories?depth=1&path_prefix=%2F`;
  const asOf1000 = `/v1/point_in_time/${storeId}/memories?depth=1&path_prefix=%2F&as_of=${at(beforeLast1000)}`;
  const asOfLatest = `/v1/point_in_time/${storeId}/memories?depth=1&path_prefix=%2F&as_of=${at(afterAll)}`;
  const changes = `/v1/store_changes/${storeId}?from=${at(beforeLast1000)}&to=${at(afterAll)}&limit=100`;
  const samples: Record<string, number[]> = { floor: [], live: [], asOf1000: [], asOfLatest: [], changesFirst: [] };
  const get = async (path: string) => {
    const answer = await ours.send("GET", path);
    if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    return answer;
  };
  try {
    for (let round = -20; round < rounds; round++) {
      const measured = {
        floor: (await floor.send("GET", "/api/bench/floor")).ms,
        live: (await get(live)).ms,
        asOf1000: (await get(asOf1000)).ms,
        asOfLatest: (await get(asOfLatest)).ms,
        changesFirst: round % 5 === 0 ? (await get(changes)).ms : null,
      };
      if (round < 0) continue;
      for (const [name, ms] of Object.entries(measured)) if (ms !== null) samples[name]!.push(ms);
    }
    // The whole walk of the changes, page by page.
    const walkStarted = performance.now();
    let items = 0;
    for (let page: string | null = changes; page;) {
      const answer = JSON.parse((await get(page)).text) as { data: unknown[]; next_page: string | null };
      items += answer.data.length;
      page = answer.next_page && `${changes}&page=${encodeURIComponent(answer.next_page)}`;
    }
    const walkMs = performance.now() - walkStarted;
    if (items !== 1_000) throw new Error(`store changes listed ${items} memories, not 1,000`);

    // Restore all 10,000 to before the last full rewrite while another client lists stores.
    const poller = await startPoller(`${server.baseURL}/v1/memory_stores?limit=1`, headers);
    const restoreStarted = performance.now();
    const { planMs, executeMs } = await (async () => {
      const plan = await ours.json<{ id: string; confirmation: string; counts: { modify: number } }>("POST", "/v1/restores", {
        memory_store_id: storeId,
        as_of: beforeLastFull.toISOString(),
      });
      const planned = performance.now();
      const done = await ours.json<{ status: string }>("POST", `/v1/restores/${plan.id}/execute`, { confirmation: plan.confirmation });
      if (done.status !== "completed" || plan.counts.modify !== MEMORIES) throw new Error(`restore ${plan.id}: ${JSON.stringify(plan.counts)}`);
      return { planMs: planned - restoreStarted, executeMs: performance.now() - planned };
    })().finally(() => poller.stop());
    const guard = await poller.samples;
    // The bare server's restore, one request and one transaction, of the same 10,000 memories
    // (each back to its fourth content; ours just put back the third). Without the poller:
    // it measures the statements' limit, not a turn-taking server.
    let bareRestoreMs: number | null = null;
    if (bareURL) {
      const bare = new Client(bareURL, headers);
      const answer = await bare.send("POST", "/bare/restore", { memory_store_id: storeId, as_of: beforeLast1000.toISOString() });
      bare.close();
      const counts = (JSON.parse(answer.text) as { counts?: { modify: number } }).counts;
      if (answer.status !== 200 || counts?.modify !== MEMORIES) throw new Error(`the bare restore answered ${answer.status}: ${answer.text.slice(0, 300)}`);
      bareRestoreMs = answer.ms;
      log(`time travel: bare restore of ${MEMORIES} memories in ${answer.ms.toFixed(0)} ms`);
    }

    const p50 = (name: string) => round3(percentile(samples[name]!, 50));
    return {
      time_travel_floor_p50_ms: p50("floor"),
      point_in_time_list_depth1: {
        p50_ms: p50("asOf1000"),
        p99_ms: round3(percentile(samples.asOf1000!, 99)),
        live_depth1_p50_ms: p50("live"),
        ratio_to_live: round3(percentile(samples.asOf1000!, 50) / percentile(samples.live!, 50)),
        as_of_after_last_write_p50_ms: p50("asOfLatest"),
      },
      store_changes_1000: { first_page_p50_ms: p50("changesFirst"), walk_ms: round3(walkMs), floor_p50_ms: p50("floor") },
      restore_memories_per_s: Math.round(MEMORIES / ((planMs + executeMs) / 1000)),
      restore_dry_run_ms: round3(planMs),
      restore_execute_ms: round3(executeMs),
      restore_guard_p99_ms: round3(percentile(guard, 99)),
      ...(bareRestoreMs !== null && {
        restore_bare_memories_per_s: Math.round(MEMORIES / (bareRestoreMs / 1000)),
        restore_ratio_to_bare: round3((planMs + executeMs) / bareRestoreMs),
      }),
    };
  } finally {
    ours.close();
    floor.close();
  }
}

/**
 * The guard's poller (GET one URL, one request at a time) in a process of its own
 * (bench/guard-poller.mjs), so that its latencies are the server's alone: this process parses
 * the restore's 5 MB answers, which would pause the poller here.
 */
async function startPoller(url: string, headers: Record<string, string>): Promise<{ stop(): void; samples: Promise<number[]> }> {
  const child = spawn(process.execPath, [join(import.meta.dirname, "guard-poller.mjs"), url, JSON.stringify(headers)], { stdio: ["pipe", "pipe", "inherit"] });
  let out = "";
  child.stdout.setEncoding("utf8");
  const ready = new Promise<void>((resolve) =>
    child.stdout.on("data", (text: string) => {
      out += text;
      if (out.startsWith("ready\n")) resolve();
    }),
  );
  await ready;
  const samples = once(child, "close").then(([code]) => {
    if (code !== 0) throw new Error(`the guard poller exited ${code}`);
    return JSON.parse(out.slice("ready\n".length)) as number[];
  });
  return { stop: () => child.stdin.end(), samples };
}
