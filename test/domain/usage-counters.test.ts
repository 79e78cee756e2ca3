import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Actor } from "../../lib/memory/actor.ts";
import { raw } from "../../lib/memory/db.ts";
import { importFiles } from "../../lib/memory/import/import-files.ts";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { deleteMemory } from "../../lib/memory/memories/delete-memory.ts";
import { updateMemory } from "../../lib/memory/memories/update-memory.ts";
import { runMemoryTool } from "../../lib/memory/memory-tool/run-memory-tool.ts";
import { deleteStore } from "../../lib/memory/stores/delete-store.ts";
import { getStore } from "../../lib/memory/stores/get-store.ts";
import { executeRestore, planRestore } from "../../lib/memory/time-travel/run-put-back.ts";
import { utcDay } from "../../lib/memory/usage/days.ts";
import { writeChannel, type WriteChannel } from "../../lib/memory/usage/write-channel.ts";
import { DEFAULT_WORKSPACE_ID } from "../../lib/memory/workspace.ts";
import { API_ACTOR, ENGINE, newStore, useFreshDatabase } from "./database.ts";

/**
 * The Usage page's daily counters (migration 0036) are kept by the write path, one upsert per
 * write transaction: after writes through every door, on several days, they must equal a recount
 * of the versions per day, the channels must be the doors the writes came through, and the
 * deltas must add up to the store's memory_count and content_bytes.
 */
const t = useFreshDatabase();
const PERSON: Actor = { type: "user_actor", user_id: "user_usage" };
const SESSION: Actor = { type: "session_actor", session_id: "sess_usage", api_key_id: "apikey_domaintest" };

type CounterRow = { day: string; channel: WriteChannel; versions: number; memories_delta: number; bytes_delta: number };

async function counters(storeId: string): Promise<CounterRow[]> {
  const rows = await t.db.sql.$queryRaw<CounterRow[]>`
    SELECT day, channel, versions, memories_delta, bytes_delta FROM store_usage_days WHERE store_id = ${storeId} ORDER BY day, channel`;
  return rows.map((r) => ({ ...r, versions: Number(r.versions), memories_delta: Number(r.memories_delta), bytes_delta: Number(r.bytes_delta) }));
}

/** The versions of a store per UTC day, counted from the versions themselves. */
async function versionsPerDay(storeId: string): Promise<Record<string, number>> {
  const rows = await t.db.sql.$queryRaw<{ created_at: Date | string }[]>`SELECT created_at FROM memory_versions WHERE store_id = ${storeId}`;
  const days: Record<string, number> = {};
  for (const row of rows) {
    const day = utcDay(new Date(row.created_at));
    days[day] = (days[day] ?? 0) + 1;
  }
  return days;
}

const sumBy = (rows: CounterRow[], key: (r: CounterRow) => string, value: (r: CounterRow) => number) => {
  const sums: Record<string, number> = {};
  for (const r of rows) sums[key(r)] = (sums[key(r)] ?? 0) + value(r);
  return sums;
};

const tool = (storeId: string, input: Record<string, unknown>, door?: "mcp") =>
  runMemoryTool(t.db, { storeId, input: input as never, actor: SESSION, canWrite: true, door }).then((r) => {
    if (r.isError) throw new Error(r.content);
  });

afterEach(() => {
  vi.useRealTimers();
});

describe("usage counters, kept by the write path", () => {
  it("equal a recount of versions per day, name each write's door, and add up to the store's sizes", async () => {
    const storeId = await newStore(t.db);
    const expected: Record<string, Record<string, number>> = {};
    const tally = (channel: WriteChannel, n = 1) => {
      const day = utcDay(new Date());
      expected[day] ??= {};
      expected[day][channel] = (expected[day][channel] ?? 0) + n;
    };
    // Three days, each with writes through every door; Date alone is faked, so the database clients keep their timers.
    for (const [d, start] of ["2026-11-02T23:59:00Z", "2026-11-03T10:00:00Z", "2026-11-05T08:00:00Z"].entries()) {
      vi.useFakeTimers({ toFake: ["Date"], now: new Date(start) });
      const a = await createMemory(t.db, { storeId, path: `/api/a${d}.md`, content: "ü".repeat(10 + d), actor: API_ACTOR });
      await updateMemory(t.db, { storeId, memoryId: a.id, content: "shorter", actor: API_ACTOR });
      tally("api", 2);
      const b = await createMemory(t.db, { storeId, path: `/console/b${d}.md`, content: "typed by a person", actor: PERSON });
      await deleteMemory(t.db, { storeId, memoryId: b.id, actor: PERSON });
      tally("console", 2);
      await tool(storeId, { command: "create", path: `/memories/tool/t${d}.md`, file_text: "from the memory tool\n" });
      await tool(storeId, { command: "str_replace", path: `/memories/tool/t${d}.md`, old_str: "memory tool", new_str: "tool" });
      tally("memory_tool", 2);
      await tool(storeId, { command: "create", path: `/memories/mcp/m${d}/x.md`, file_text: "over MCP" }, "mcp");
      await tool(storeId, { command: "create", path: `/memories/mcp/m${d}/y.md`, file_text: "over MCP too" }, "mcp");
      // One transaction, two versions: one upsert, counted twice.
      await tool(storeId, { command: "rename", old_path: `/memories/mcp/m${d}`, new_path: `/memories/mcp/n${d}` }, "mcp");
      tally("mcp", 4);
      const files = [0, 1, 2].map((i) => ({ path: `/imported/d${d}-${i}.md`, data: new TextEncoder().encode(`imported ${i}`) }));
      await importFiles(t.db, { target: { storeId }, files, onConflict: "fail", actor: API_ACTOR, source: "folder" });
      tally("import", 3);
      if (d === 1) {
        // A restore, by a person, to before this day's writes: it writes versions like anyone editing.
        const { plan } = await planRestore(t.db, {
          workspaceId: DEFAULT_WORKSPACE_ID,
          storeId,
          asOf: new Date("2026-11-03T00:00:00Z"),
          pathPrefix: "/",
          actor: PERSON,
        });
        const noun = plan.actionable === 1 ? "memory" : "memories";
        await executeRestore(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, id: plan.id, confirmation: `restore ${plan.actionable} ${noun}`, actor: PERSON });
        expect(plan.actionable).toBeGreaterThan(0);
        tally("console", plan.actionable);
      }
      vi.useRealTimers();
    }
    const rows = await counters(storeId);
    expect(
      sumBy(
        rows,
        (r) => r.day,
        (r) => r.versions,
      ),
    ).toEqual(await versionsPerDay(storeId));
    const byDayAndChannel: Record<string, Record<string, number>> = {};
    for (const r of rows) (byDayAndChannel[r.day] ??= {})[r.channel] = r.versions;
    expect(Object.keys(byDayAndChannel)).toEqual(["2026-11-02", "2026-11-03", "2026-11-05"]);
    expect(byDayAndChannel).toEqual(expected);
    const store = await getStore(t.db.sql, storeId);
    expect(rows.reduce((n, r) => n + r.memories_delta, 0)).toBe(store.memoryCount);
    expect(rows.reduce((n, r) => n + r.bytes_delta, 0)).toBe(store.contentBytes);
    expect(store.memoryCount).toBeGreaterThan(0);
  });

  it("count a write on the day it was made, even when an import dates its versions by the file", async () => {
    expect(utcDay(new Date("2026-11-02T23:59:59.999Z"))).toBe("2026-11-02");
    expect(writeChannel(API_ACTOR, { imported: { at: new Date() } })).toBe("import");
    expect(writeChannel(PERSON, { door: "mcp" })).toBe("console");
    expect(writeChannel({ type: "session_actor", session_id: "s" }, {})).toBe("console");
    expect(writeChannel(SESSION, { door: "mcp" })).toBe("mcp");
    expect(writeChannel({ type: "service_account_actor", service_account_id: "write_policy" }, {})).toBe("system");
    expect(writeChannel(API_ACTOR, {})).toBe("api");
  });

  it("leave a deleted store's counters and a tombstone with what it held", async () => {
    const storeId = await newStore(t.db);
    await createMemory(t.db, { storeId, path: "/a.md", content: "12345", actor: API_ACTOR });
    await createMemory(t.db, { storeId, path: "/b.md", content: "678", actor: API_ACTOR });
    const before = await counters(storeId);
    await deleteStore(t.db, storeId);
    expect(await counters(storeId)).toEqual(before);
    const [tombstone] = await t.db.sql.$queryRaw<{ workspace_id: string; memory_count: number; content_bytes: number }[]>`
      SELECT workspace_id, memory_count, content_bytes FROM deleted_stores WHERE store_id = ${storeId}`;
    expect({ ...tombstone, memory_count: Number(tombstone!.memory_count), content_bytes: Number(tombstone!.content_bytes) }).toEqual({
      workspace_id: DEFAULT_WORKSPACE_ID,
      memory_count: 2,
      content_bytes: 8,
    });
  });

  it("are backfilled by the migration from the kept versions: writes per day, with the channel a version tells", async () => {
    const storeId = await newStore(t.db);
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-10-01T12:00:00Z") });
    const a = await createMemory(t.db, { storeId, path: "/a.md", content: "by a key", actor: API_ACTOR });
    await updateMemory(t.db, { storeId, memoryId: a.id, content: "by a person", actor: PERSON });
    vi.setSystemTime(new Date("2026-10-02T00:00:01Z"));
    await tool(storeId, { command: "create", path: "/memories/b.md", file_text: "by a session" });
    const files = [{ path: "/imported.md", data: new TextEncoder().encode("imported") }];
    await importFiles(t.db, { target: { storeId }, files, onConflict: "fail", actor: API_ACTOR, source: "folder" });
    vi.useRealTimers();
    // The migration's statement, run again over what is there now (every store's counters go first: it inserts).
    const migration = readFileSync(`prisma/migrations/${ENGINE}/0036_usage_days.sql`, "utf8");
    const backfill = migration.slice(migration.indexOf('INSERT INTO "store_usage_days"'), migration.indexOf('INSERT INTO "app_settings"'));
    await t.db.sqlTransaction(async (tx) => {
      await tx.$executeRaw`DELETE FROM store_usage_days`;
      await tx.$executeRaw(raw(backfill));
    });
    expect((await counters(storeId)).map((r) => [r.day, r.channel, r.versions, r.memories_delta, r.bytes_delta])).toEqual([
      ["2026-10-01", "console", 1, 0, 0],
      ["2026-10-01", "unknown", 1, 0, 0],
      ["2026-10-02", "import", 1, 0, 0],
      ["2026-10-02", "unknown", 1, 0, 0],
    ]);
  });
});
