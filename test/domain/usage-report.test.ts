import { afterEach, describe, expect, it, vi } from "vitest";
import { createWorkspace } from "../../lib/auth/workspaces.ts";
import { importFiles } from "../../lib/memory/import/import-files.ts";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { deleteMemory } from "../../lib/memory/memories/delete-memory.ts";
import { updateMemory } from "../../lib/memory/memories/update-memory.ts";
import { createStore } from "../../lib/memory/stores/create-store.ts";
import { deleteStore } from "../../lib/memory/stores/delete-store.ts";
import { forecastFullInDays, observedDays } from "../../lib/memory/usage/forecast.ts";
import { usageReport } from "../../lib/memory/usage/usage-report.ts";
import { API_ACTOR, useFreshDatabase } from "./database.ts";

/**
 * GET /v1/usage's report (lib/memory/usage): its series, walked back from today through the
 * daily counters, must equal what the workspace held at the end of each day; it keeps to the
 * request's scope; its forecasts are the stated arithmetic.
 */
const t = useFreshDatabase();

afterEach(() => vi.useRealTimers());

const at = (iso: string) => vi.useFakeTimers({ toFake: ["Date"], now: new Date(iso) });
const note = (text: string) => `${text}\n`;
/** Where the counters began (migration 0036 wrote the day it ran): earlier, so that the days these tests make up are counted. */
const countedSince = (day: string) => t.db.sqlTransaction((tx) => tx.$executeRaw`UPDATE app_settings SET value = ${day} WHERE key = 'usage_counted_since'`);

/** The workspace's live stores, memories and bytes as the store rows keep them now. */
async function levels(workspaceId: string) {
  const [row] = await t.db.sql.$queryRaw<{ stores: number; memories: number | null; bytes: number | null }[]>`
    SELECT count(*) AS stores, sum(memory_count) AS memories, sum(content_bytes) AS bytes FROM memory_stores WHERE workspace_id = ${workspaceId}`;
  return { stores: Number(row!.stores), memories: Number(row!.memories ?? 0), contentBytes: Number(row!.bytes ?? 0) };
}

async function store(workspaceId: string, name: string) {
  return (await createStore(t.db, { name, workspaceId })).id;
}

async function write(storeId: string, count: number, prefix: string) {
  const ids = [];
  for (let i = 0; i < count; i++)
    ids.push((await createMemory(t.db, { storeId, path: `/${prefix}/${i}.md`, content: note(`${prefix} ${i} ${"x".repeat(i)}`), actor: API_ACTOR })).id);
  return ids;
}

describe("the usage report", () => {
  it("walks back through the counters to what the workspace held at the end of each day", async () => {
    await countedSince("2026-10-01");
    const a = (await createWorkspace(t.db, { name: "Usage A" }, API_ACTOR)).id;
    const b = (await createWorkspace(t.db, { name: "Usage B" }, API_ACTOR)).id;
    const truth: Record<string, Awaited<ReturnType<typeof levels>>> = {};
    const writes: Record<string, number> = {};
    const count = (day: string, n: number) => (writes[day] = (writes[day] ?? 0) + n);

    at("2026-10-10T09:00:00Z");
    const s1 = await store(a, "one");
    const s2 = await store(a, "two");
    const kept1 = await write(s1, 3, "s1");
    await write(s2, 2, "s2");
    count("2026-10-10", 5);
    const other = await store(b, "elsewhere");
    await write(other, 4, "b");
    truth["2026-10-10"] = await levels(a);

    at("2026-10-11T23:59:00Z");
    const s3 = await store(a, "three");
    const kept3 = await write(s3, 4, "s3");
    await deleteMemory(t.db, { storeId: s1, memoryId: kept1[0]!, actor: API_ACTOR });
    await updateMemory(t.db, { storeId: s3, memoryId: kept3[1]!, content: "much longer content than before, much longer", actor: API_ACTOR });
    await deleteStore(t.db, s2);
    count("2026-10-11", 6);
    truth["2026-10-11"] = await levels(a);
    truth["2026-10-12"] = truth["2026-10-11"];

    at("2026-10-13T08:00:00Z");
    const s4 = await store(a, "short-lived");
    await write(s4, 2, "s4");
    await deleteStore(t.db, s4);
    await write(s1, 1, "again");
    count("2026-10-13", 3);
    truth["2026-10-13"] = await levels(a);
    truth["2026-10-14"] = truth["2026-10-13"];
    vi.useRealTimers();

    const report = await usageReport(t.db, { scope: { workspaceId: a }, days: 7, minFillPercent: 80, now: new Date("2026-10-14T12:00:00Z") });
    expect(report.daily.map((d) => d.day)).toEqual(["2026-10-08", "2026-10-09", "2026-10-10", "2026-10-11", "2026-10-12", "2026-10-13", "2026-10-14"]);
    for (const day of report.daily) {
      const expected = truth[day.day] ?? { stores: 0, memories: 0, contentBytes: 0 };
      expect({ stores: day.stores, memories: day.memories, contentBytes: day.contentBytes }, day.day).toEqual(expected);
      expect(day.writes.api, day.day).toBe(writes[day.day] ?? 0);
    }
    expect(report.daily.map((d) => [d.storesCreated, d.storesDeleted])).toEqual([
      [0, 0],
      [0, 0],
      [2, 0],
      [1, 1],
      [0, 0],
      [1, 1],
      [0, 0],
    ]);
    expect(report.totals).toMatchObject({ stores: 2, memories: truth["2026-10-14"]!.memories, contentBytes: truth["2026-10-14"]!.contentBytes });
    expect(report.largestStores.map((s) => s.id).sort()).toEqual([s1, s3].sort());
    expect(report.fastestGrowingStores.map((s) => s.id)).toEqual([s3, s1]);

    // Before the counters began, the levels are unknown, not zero.
    await countedSince("2026-10-12");
    const later = await usageReport(t.db, { scope: { workspaceId: a }, days: 7, minFillPercent: 80, now: new Date("2026-10-14T12:00:00Z") });
    expect(later.daily.map((d) => d.memories)).toEqual([null, null, null, null, ...[12, 13, 14].map((d) => truth[`2026-10-${d}`]!.memories)]);
    expect(later.daily[3]!.writes.api).toBe(6);

    // Another workspace's stores are in nothing this one is answered.
    const seen = JSON.stringify(report);
    expect(seen).not.toContain(other);
    const fromB = await usageReport(t.db, { scope: { workspaceId: b }, days: 7, minFillPercent: 1, now: new Date("2026-10-14T12:00:00Z") });
    expect(fromB.totals).toMatchObject({ stores: 1, memories: 4 });
    for (const id of [s1, s2, s3, s4]) expect(JSON.stringify(fromB)).not.toContain(id);
    expect(fromB.daily.reduce((n, d) => n + d.writes.api, 0)).toBe(4);

    // A key limited to one store sees that store alone, deleted stores of others included.
    const limited = await usageReport(t.db, { scope: { workspaceId: a, storeIds: [s3] }, days: 7, minFillPercent: 1, now: new Date("2026-10-14T12:00:00Z") });
    expect(limited.totals.stores).toBe(1);
    expect(limited.daily.reduce((n, d) => n + d.writes.api, 0)).toBe(5);
    expect(limited.daily.map((d) => d.storesDeleted)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect([...limited.largestStores, ...limited.fastestGrowingStores, ...limited.nearLimitStores].every((s) => s.id === s3)).toBe(true);
  });

  it("forecasts when a store near the limit is full, at the last 30 days' rate", async () => {
    expect(forecastFullInDays(9_000, 300, 30)).toBe(100);
    expect(forecastFullInDays(9_000, 301, 30)).toBe(100); // about: rounded up
    expect(forecastFullInDays(9_990, 1, 30)).toBe(300);
    expect(forecastFullInDays(9_000, 0, 30)).toBeNull();
    expect(forecastFullInDays(9_000, -40, 30)).toBeNull();
    expect(forecastFullInDays(10_000, 0, 30)).toBe(0);
    expect(observedDays("2026-10-31", "2026-01-01", "2026-01-01")).toBe(30);
    expect(observedDays("2026-10-31", "2026-10-27", "2026-01-01")).toBe(5);
    expect(observedDays("2026-10-31", "2026-01-01", "2026-10-30")).toBe(2);
    expect(observedDays("2026-10-31", "2026-10-31", null)).toBe(1);

    await countedSince("2026-01-01");
    const ws = (await createWorkspace(t.db, { name: "Forecasts" }, API_ACTOR)).id;
    at("2026-10-11T10:00:00Z");
    const growing = await store(ws, "growing");
    const still = await store(ws, "still");
    const files = (n: number, dir: string) => Array.from({ length: n }, (_, i) => ({ path: `/${dir}/${i}.md`, data: new TextEncoder().encode(`${dir} ${i}`) }));
    await importFiles(t.db, { target: { storeId: growing }, files: files(150, "g"), onConflict: "fail", actor: API_ACTOR, source: "folder" });
    await importFiles(t.db, { target: { storeId: still }, files: files(120, "s"), onConflict: "fail", actor: API_ACTOR, source: "folder" });
    vi.useRealTimers();
    // Thirty days later: "still" wrote nothing since its import (not growing); "growing" was created 20 days ago, grew 150 in its 21 days.
    const stillReport = await usageReport(t.db, { scope: { workspaceId: ws }, days: 30, minFillPercent: 1, now: new Date("2026-11-12T12:00:00Z") });
    expect(stillReport.nearLimitStores.map((s) => [s.name, s.forecastFullInDays])).toEqual([
      ["growing", null],
      ["still", null],
    ]);
    const report = await usageReport(t.db, { scope: { workspaceId: ws }, days: 30, minFillPercent: 1, now: new Date("2026-10-31T12:00:00Z") });
    expect(report.nearLimitStores.map((s) => [s.name, s.memoryCount, s.fillPercent, s.growth.memories, s.forecastFullInDays])).toEqual([
      ["growing", 150, 1.5, 150, Math.ceil((10_000 - 150) / (150 / 21))],
      ["still", 120, 1.2, 120, Math.ceil((10_000 - 120) / (120 / 21))],
    ]);
    expect(report.nearLimitStores[0]!.forecastFullInDays).toBe(1379);
    expect(report.daily.find((d) => d.day === "2026-10-11")!.writes.import).toBe(270);
    expect((await usageReport(t.db, { scope: { workspaceId: ws }, days: 30, minFillPercent: 2, now: new Date() })).nearLimitStores).toEqual([]);
  });

  it("refuses a window or a threshold out of range", async () => {
    for (const days of [0, 367, 1.5])
      await expect(usageReport(t.db, { scope: { workspaceId: "w" }, days, minFillPercent: 80 })).rejects.toThrow(/days must be/);
    await expect(usageReport(t.db, { scope: { workspaceId: "w" }, days: 90, minFillPercent: 0 })).rejects.toThrow(/min_fill_percent/);
  });
});
