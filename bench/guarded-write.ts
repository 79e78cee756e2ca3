/**
 * What guarding a write costs (issue 25, `guarded_write_cost`): the p50 of an update through
 * the API with write policies and the history chain on (every detector holding, a protected-path
 * glob, a content cap) against a second server with both off (a store whose detectors all
 * `allow`, HISTORY_CHAIN=off): two fresh servers alike but for that, on copies of the same data
 * (SQLite) or the same database (PostgreSQL), interleaved round by round so that machine drift
 * hits both alike. Target ≤ 1.15.
 */
import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startServer, type TestServer } from "../test/helpers/server.ts";
import { Client, percentile, round3 } from "./http.ts";
import { noteContent, rng } from "./tree.ts";

const WARMUP = 50;

export async function measureGuardedWrite(server: TestServer, headers: Record<string, string>, rounds: number, log: (...parts: unknown[]) => void) {
  const on = new Client(server.baseURL, headers);
  // Two stores, each with its policy: on PostgreSQL both servers share the database.
  const guarded = await on.json<{ id: string }>("POST", "/v1/memory_stores", { name: "Guarded writes" });
  await on.json("POST", `/v1/write_policies/${guarded.id}`, {
    detectors: { secrets: "hold", pii: "hold", instructions: "hold" },
    protected_paths: ["/protected/**"],
    max_content_bytes: 50_000,
  });
  const plain = await on.json<{ id: string }>("POST", "/v1/memory_stores", { name: "Unguarded writes" });
  await on.json("POST", `/v1/write_policies/${plain.id}`, { detectors: { secrets: "allow", pii: "allow", instructions: "allow" } });
  const target = {
    on: {
      store: guarded.id,
      memory: (await on.json<{ id: string }>("POST", `/v1/memory_stores/${guarded.id}/memories`, { path: "/notes/m.md", content: "first" })).id,
    },
    off: {
      store: plain.id,
      memory: (await on.json<{ id: string }>("POST", `/v1/memory_stores/${plain.id}/memories`, { path: "/notes/m.md", content: "first" })).id,
    },
  };

  // Two fresh servers alike but for HISTORY_CHAIN, each on its own copy of the file (SQLite; on
  // PostgreSQL both use the same database), so that neither waits on the other's lock and
  // neither is the warmer, longer-running one.
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
  log("guarded writes: starting two servers, the history chain on and off");
  const servers = {
    on: await startServer({ databaseUrl: await copyOf("guarded"), env: { MEMORY_CONSOLE_BENCH: "1" } }),
    off: await startServer({ databaseUrl: await copyOf("unguarded"), env: { MEMORY_CONSOLE_BENCH: "1", HISTORY_CHAIN: "off" } }),
  };
  on.close();
  try {
    const clients = { on: new Client(servers.on.baseURL, headers), off: new Client(servers.off.baseURL, headers) };
    const random = rng(11);
    const samples = { on: [] as number[], off: [] as number[] };
    for (let round = 0; round < WARMUP + rounds; round++) {
      const body = { content: noteContent(`/notes/guarded-${round}.md`, random) };
      // Alternate which goes first, so neither always meets a warmer cache.
      const order = round % 2 === 0 ? (["on", "off"] as const) : (["off", "on"] as const);
      for (const which of order) {
        const { store, memory } = target[which];
        const answer = await clients[which].send("POST", `/v1/memory_stores/${store}/memories/${memory}`, body);
        if (answer.status !== 200) throw new Error(`guarded write (${which}) answered ${answer.status}: ${answer.text.slice(0, 200)}`);
        if (round >= WARMUP) samples[which].push(answer.ms);
      }
    }
    clients.on.close();
    clients.off.close();
    const onP50 = percentile(samples.on, 50);
    const offP50 = percentile(samples.off, 50);
    log(`guarded writes: p50 ${onP50.toFixed(3)} ms with policies and chain on, ${offP50.toFixed(3)} ms off (ratio ${(onP50 / offP50).toFixed(3)})`);
    return { guarded_write_cost: { rounds, on_p50_ms: round3(onP50), off_p50_ms: round3(offP50), ratio: round3(onP50 / offP50) } };
  } finally {
    await Promise.all([servers.on.stop(), servers.off.stop()]);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
