/**
 * The search index's cost on SQLite's write path (issue 11), measured on the domain core (no
 * HTTP, whose fixed cost would hide it), on fresh databases of the same data:
 * - `search_write_cost`: p50 of a create and of an update through lib/memory with the index,
 *   divided by the same on a database whose index triggers are dropped; the two alternate
 *   write by write, so machine drift hits both alike. `search_write_cost_with_flush` adds the
 *   time the pending list's flush spends per version (migration 0009), which follows the write.
 * - `search_delete_store_max_step_ms`: deleting a store of 10,000 memories and 50,000 versions,
 *   the longest the event loop went without a turn (a 1 ms timer's largest gap).
 */
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDb, type OpenDb } from "../lib/db/client.ts";
import { migrate } from "../lib/db/migrate.ts";
import type { Actor } from "../lib/memory/actor.ts";
import { createMemory } from "../lib/memory/memories/create-memory.ts";
import { changeMemory, insertMemory } from "../lib/memory/memories/mutations.ts";
import { updateMemory } from "../lib/memory/memories/update-memory.ts";
import { createStore } from "../lib/memory/stores/create-store.ts";
import { deleteStore } from "../lib/memory/stores/delete-store.ts";
import { lockStore } from "../lib/memory/stores/lock-store.ts";
import { flushSearchIndex } from "../lib/memory/search/flush-search-index.ts";
import { percentile, round3 } from "./http.ts";
import { buildTree, noteContent, rng } from "./tree.ts";

const ACTOR: Actor = { type: "user_actor", user_id: "user_bench" };
const SEED_BATCH = 100;

async function freshDb(dir: string, name: string, withoutIndex = false): Promise<OpenDb> {
  const target = { engine: "sqlite" as const, file: join(dir, `${name}.db`) };
  await migrate(target);
  if (withoutIndex) {
    const raw = new Database(target.file);
    const triggers = raw.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'search_%'").all() as { name: string }[];
    for (const t of triggers) raw.exec(`DROP TRIGGER "${t.name}"`);
    raw.close();
  }
  return openDb(target);
}

/** `memories` memories under an agent-like tree, each with `versionsEach` versions in all. */
export async function seedStore(db: OpenDb, memories: number, versionsEach: number, seed = 5): Promise<{ storeId: string; ids: string[] }> {
  const storeId = (await createStore(db, { name: `bench ${memories}` })).id;
  const tree = buildTree(memories, seed);
  const random = rng(seed);
  const ids: string[] = [];
  for (let start = 0; start < tree.paths.length; start += SEED_BATCH) {
    await db.sqlTransaction(
      async (tx) => {
        await lockStore(tx, storeId);
        for (const path of tree.paths.slice(start, start + SEED_BATCH)) {
          let memory = await insertMemory(tx, storeId, { path, content: noteContent(path, random) }, ACTOR);
          for (let v = 2; v <= versionsEach; v++) memory = await changeMemory(tx, memory, { path, content: `version ${v}\n${memory.content}` }, ACTOR);
          ids.push(memory.id);
        }
      },
      { timeoutMs: 120_000 },
    );
  }
  return { storeId, ids };
}

/** The largest gap between turns of a 1 ms timer while `work` runs. */
export async function longestStep(work: () => Promise<unknown>): Promise<{ ms: number; maxStepMs: number }> {
  let last = performance.now();
  let maxStep = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    maxStep = Math.max(maxStep, now - last);
    last = now;
  }, 1);
  const start = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  const end = performance.now();
  return { ms: end - start, maxStepMs: Math.max(maxStep, end - last) };
}

export async function measureSearchSqlite(log: (...parts: unknown[]) => void, options: { writes?: number; deleteMemories?: number } = {}) {
  const writes = options.writes ?? 600;
  const deleteMemories = options.deleteMemories ?? 10_000;
  const dir = mkdtempSync(join(tmpdir(), "memc-search-bench-"));
  try {
    // --- Write cost: the same seeded store on two databases, one without the index triggers.
    const indexed = await freshDb(dir, "indexed");
    const plain = await freshDb(dir, "plain", true);
    const stores = [];
    for (const db of [indexed, plain]) stores.push({ db, ...(await seedStore(db, 2_000, 3)) });
    await flushSearchIndex(indexed);
    const samples = { create: [[], []] as number[][], update: [[], []] as number[][] };
    // The versions the writes leave in the pending list go into the FTS5 tables in batches
    // (as the server's flusher does, every 250 ms): timed apart, and charged to the writes below.
    let flushMs = 0;
    let flushed = 0;
    const random = rng(9);
    for (let i = -50; i < writes; i++) {
      if (i % 25 === 0) {
        const start = performance.now();
        const moved = await flushSearchIndex(indexed);
        if (i > 0) [flushMs, flushed] = [flushMs + performance.now() - start, flushed + moved];
      }
      for (const [k, s] of stores.entries()) {
        const path = `/bench/writes/${i + 50}.md`;
        const content = noteContent(path, random);
        let start = performance.now();
        await createMemory(s.db, { storeId: s.storeId, path, content, actor: ACTOR });
        if (i >= 0) samples.create[k]!.push(performance.now() - start);
        const memoryId = s.ids[(i + 50) % s.ids.length]!;
        start = performance.now();
        await updateMemory(s.db, { storeId: s.storeId, memoryId, content: `update ${i}\n${content}`, actor: ACTOR });
        if (i >= 0) samples.update[k]!.push(performance.now() - start);
      }
    }
    const p50 = (xs: number[]) => percentile(xs, 50);
    const flushPerVersion = flushMs / flushed;
    const cost = {
      create_p50_ms: round3(p50(samples.create[0]!)),
      create_without_index_p50_ms: round3(p50(samples.create[1]!)),
      update_p50_ms: round3(p50(samples.update[0]!)),
      update_without_index_p50_ms: round3(p50(samples.update[1]!)),
      flush_per_version_ms: round3(flushPerVersion),
    };
    const bare = p50(samples.create[1]!) + p50(samples.update[1]!);
    const writeCost = round3((p50(samples.create[0]!) + p50(samples.update[0]!)) / bare);
    const withFlush = round3((p50(samples.create[0]!) + p50(samples.update[0]!) + 2 * flushPerVersion) / bare);
    log(`search write cost: ${writeCost} in the request, ${withFlush} with the flush that follows (${JSON.stringify(cost)})`);
    await plain.close();

    // --- Deleting a big store.
    log(`search: seeding ${deleteMemories} memories with 5 versions each for the store deletion`);
    const big = await seedStore(indexed, deleteMemories, 5, 6);
    await flushSearchIndex(indexed); // a store's versions are in the FTS5 tables by the time anyone deletes it
    const deletion = await longestStep(() => deleteStore(indexed, big.storeId));
    log(`search: store deletion took ${deletion.ms.toFixed(0)} ms, longest step ${deletion.maxStepMs.toFixed(1)} ms`);
    await indexed.close();
    return {
      search_write_cost: writeCost,
      search_write_cost_with_flush: withFlush,
      search_write_cost_detail: cost,
      search_delete_store_ms: round3(deletion.ms),
      search_delete_store_max_step_ms: round3(deletion.maxStepMs),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The same ratio through HTTP (`search_write_cost_http`, and `search_write_cost_http_postgres`):
 * two app servers of the same build on fresh databases, the index dropped on one (SQLite's
 * triggers, PostgreSQL's GIN indexes); creates and updates alternate between them. Here a
 * write's fixed cost (Next.js, auth, JSON) is in both.
 */
export async function measureSearchWriteHttp(log: (...parts: unknown[]) => void, writes = 400, engine: "sqlite" | "postgres" = "sqlite") {
  const { ADMIN_KEY, startServer } = await import("../test/helpers/server.ts");
  const { Client } = await import("./http.ts");
  const headers = { "x-api-key": ADMIN_KEY, "anthropic-beta": "agent-memory-2026-07-22" };
  const servers = [await startServer({ engine }), await startServer({ engine })];
  try {
    if (engine === "sqlite") {
      const plain = new Database(servers[1]!.databaseUrl.slice("file:".length));
      for (const t of plain.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'search_%'").all() as { name: string }[]) {
        plain.exec(`DROP TRIGGER "${t.name}"`);
      }
      plain.close();
    } else {
      // PostgreSQL's index is its three GIN indexes on memory_versions (migration 0004).
      const { default: pg } = await import("pg");
      const plain = new pg.Client({ connectionString: servers[1]!.databaseUrl });
      await plain.connect();
      for (const index of ["search_versions_words_idx", "search_versions_content_trgm_idx", "search_versions_path_trgm_idx"]) {
        await plain.query(`DROP INDEX "${index}"`);
      }
      await plain.end();
    }
    const targets = [];
    for (const server of servers) {
      const client = new Client(server.baseURL, headers);
      const store = await client.json<{ id: string }>("POST", "/v1/memory_stores", { name: "write cost" });
      targets.push({ client, base: `/v1/memory_stores/${store.id}/memories`, ids: [] as string[] });
    }
    const samples = { create: [[], []] as number[][], update: [[], []] as number[][] };
    const random = rng(13);
    for (let i = -50; i < writes; i++) {
      const path = `/bench/http/${i + 50}.md`;
      const content = noteContent(path, random);
      for (const [k, t] of targets.entries()) {
        const created = await t.client.send("POST", t.base, { path, content });
        if (created.status !== 200) throw new Error(`create answered ${created.status}`);
        const id = (JSON.parse(created.text) as { id: string }).id;
        const updated = await t.client.send("POST", `${t.base}/${id}`, { content: `update\n${content}` });
        if (updated.status !== 200) throw new Error(`update answered ${updated.status}`);
        if (i >= 0) {
          samples.create[k]!.push(created.ms);
          samples.update[k]!.push(updated.ms);
        }
      }
    }
    for (const t of targets) t.client.close();
    const p50 = (xs: number[]) => percentile(xs, 50);
    const ratio = round3((p50(samples.create[0]!) + p50(samples.update[0]!)) / (p50(samples.create[1]!) + p50(samples.update[1]!)));
    const detail = {
      create_p50_ms: round3(p50(samples.create[0]!)),
      create_without_index_p50_ms: round3(p50(samples.create[1]!)),
      update_p50_ms: round3(p50(samples.update[0]!)),
      update_without_index_p50_ms: round3(p50(samples.update[1]!)),
    };
    log(`search write cost through HTTP on ${engine}: ${ratio} (${JSON.stringify(detail)})`);
    return engine === "sqlite"
      ? { search_write_cost_http: ratio, search_write_cost_http_detail: detail }
      : { search_write_cost_http_postgres: ratio, search_write_cost_http_postgres_detail: detail };
  } finally {
    for (const server of servers) await server.stop();
  }
}
