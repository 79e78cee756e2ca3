/**
 * GET /v1/usage's cost (issue 43): the report (lib/memory/usage/usage-report.ts) of a workspace
 * of 2,000 stores with 90 days of counters each (two channels a day: 360,000 counter rows), next
 * to a second workspace as large whose rows it must never read, on a fresh database of either
 * engine. Stores and counters are written straight into the tables (what 90 days of writes would
 * have left); the report is then timed through the domain call the route makes, cold once, then
 * warm. `npx tsx bench/usage.ts [--engine postgres] [--runs 20]`; numbers in docs/benchmarks.md.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { createWorkspace } from "../lib/auth/workspaces.ts";
import type { DatabaseTarget } from "../lib/config.ts";
import { openDb } from "../lib/db/client.ts";
import { migrate } from "../lib/db/migrate.ts";
import { join as joinSql, sql } from "../lib/memory/db.ts";
import { newId } from "../lib/memory/ids.ts";
import { addDays, utcDay } from "../lib/memory/usage/days.ts";
import { usageReport } from "../lib/memory/usage/usage-report.ts";
import { createPostgresDatabase } from "../test/helpers/postgres.ts";
import { percentile, round3 } from "./http.ts";

const { values: args } = parseArgs({ options: { engine: { type: "string", default: "sqlite" }, runs: { type: "string", default: "20" } } });
const STORES = 2_000;
const DAYS = 90;
const ROWS_PER_INSERT = 500;

async function open(): Promise<{ target: DatabaseTarget; drop: () => Promise<void> }> {
  if (args.engine === "postgres") {
    const database = await createPostgresDatabase("usagebench");
    return { target: { engine: "postgres", url: database.url }, drop: database.drop };
  }
  const dir = mkdtempSync(join(tmpdir(), "memc-usage-bench-"));
  return { target: { engine: "sqlite", file: join(dir, "bench.db") }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

const { target, drop } = await open();
await migrate(target);
const db = await openDb(target);
try {
  const actor = { type: "api_actor", api_key_id: "apikey_bench_usage" } as const;
  const today = utcDay(new Date());
  const workspaces = [(await createWorkspace(db, { name: "Usage bench" }, actor)).id, (await createWorkspace(db, { name: "Neighbour" }, actor)).id];
  const seeding = performance.now();
  for (const workspace of workspaces) {
    for (let s = 0; s < STORES; s += 100) {
      await db.sqlTransaction(async (tx) => {
        const stores = Array.from({ length: 100 }, (_, i) => {
          const n = s + i;
          const memories = n % 97 === 0 ? 8_000 + (n % 1_900) : n % 4_000;
          return { id: newId("memstore"), n, memories };
        });
        const created = new Date(Date.now() - 120 * 86_400_000);
        await tx.$executeRaw`INSERT INTO memory_stores (id, name, workspace_id, memory_count, content_bytes, chain_head_seq, created_at, updated_at) VALUES ${joinSql(
          stores.map(
            (st) => sql`(${st.id}, ${`user ${st.n}`}, ${workspace}, ${st.memories}, ${st.memories * 420}, ${st.memories * 3}, ${created}, ${created})`,
          ),
        )}`;
        const rows = stores.flatMap((st) =>
          Array.from({ length: DAYS }, (_, d) => addDays(today, -d)).flatMap((day) => [
            sql`(${st.id}, ${day}, 'api', ${(st.n % 7) + 1}, ${st.n % 3}, ${(st.n % 3) * 420})`,
            sql`(${st.id}, ${day}, 'memory_tool', ${(st.n % 5) + 1}, 0, ${st.n % 50})`,
          ]),
        );
        for (let r = 0; r < rows.length; r += ROWS_PER_INSERT) {
          await tx.$executeRaw`INSERT INTO store_usage_days (store_id, day, channel, versions, memories_delta, bytes_delta) VALUES ${joinSql(rows.slice(r, r + ROWS_PER_INSERT))}`;
        }
      });
    }
  }
  if (target.engine === "postgres") await db.sqlTransaction((tx) => tx.$executeRaw`ANALYZE`);
  console.log(`${args.engine}: seeded 2 × ${STORES} stores × ${DAYS} days × 2 channels in ${Math.round(performance.now() - seeding)} ms`);
  const times: number[] = [];
  // How long the report holds the event loop at once (SQLite runs each statement synchronously).
  const held = monitorEventLoopDelay({ resolution: 1 });
  let answered = 0;
  for (let i = 0; i <= Number(args.runs); i++) {
    const started = performance.now();
    const report = await usageReport(db, { scope: { workspaceId: workspaces[0]! }, days: DAYS, minFillPercent: 80 });
    answered = JSON.stringify(report).length;
    const ms = performance.now() - started;
    if (i === 0) {
      console.log(`cold: ${round3(ms)} ms (near the limit: ${report.nearLimitStores.length}, answer ${Math.round(answered / 1024)} kB)`);
      held.enable();
    } else times.push(ms);
  }
  held.disable();
  const year = performance.now();
  await usageReport(db, { scope: { workspaceId: workspaces[0]! }, days: 366, minFillPercent: 80 });
  console.log(
    `warm over ${args.runs} runs: p50 ${round3(percentile(times, 50))} ms, p95 ${round3(percentile(times, 95))} ms, event loop held at most ${round3(held.max / 1e6)} ms; ` +
      `days=366 once: ${round3(performance.now() - year)} ms`,
  );
} finally {
  await db.close();
  await drop();
}
