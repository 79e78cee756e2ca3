import AxeBuilder from "@axe-core/playwright";
import Database from "better-sqlite3";
import { expect, test, type Page } from "@playwright/test";
import { strToU8, zipSync } from "fflate";
import { API_KEY, databaseFile, failOnConsoleErrors, headerLink } from "./helpers.ts";

// The Usage page (issue 43, GET /v1/usage): a workspace's totals, growth and writes per day as
// charts, each with its table, the largest and fastest-growing stores, and the stores near the
// 10,000-memory limit with a forecast that links to the store. At a desktop's width and a
// phone's, free of axe-core's WCAG 2.1 A/AA violations, with screenshots to look at.
const SHOTS = process.env.SCREENSHOT_DIR ?? "e2e/screenshots";
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const DAY = 86_400_000;
const dayOf = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);

type Seeded = { workspace: string; support: string; notes: string };
let seeded: Seeded | null = null;

async function call<T>(baseURL: string, path: string, workspace: string | null, init: { method?: string; body?: BodyInit; type?: string } = {}) {
  const response = await fetch(`${baseURL}${path}`, {
    method: init.method ?? "GET",
    headers: {
      "x-api-key": API_KEY,
      "anthropic-beta": "agent-memory-2026-07-22",
      ...(workspace && { "anthropic-workspace-id": workspace }),
      ...(init.type && { "content-type": init.type }),
    },
    body: init.body,
  });
  const text = await response.text();
  expect(response.status, text.slice(0, 300)).toBe(200);
  return JSON.parse(text) as T;
}

const json = (body: unknown) => ({ method: "POST", body: JSON.stringify(body), type: "application/json" });

/**
 * A workspace of this spec's own: a support bot's store of 8,200 memories (imported), a team's
 * notes written through the API and the memory tool, and a scratch store. Then its history is
 * spread back in time in the database, as two months of writes would have left it: the same
 * counters, moved to earlier days (their sums, and so today's levels, unchanged), the stores'
 * creation dates with them, and the counters' start 89 days ago.
 */
async function seed(baseURL: string): Promise<Seeded> {
  if (seeded) return seeded;
  const workspace = (await call<{ id: string }>(baseURL, "/v1/organizations/workspaces", null, json({ name: `Usage ${Date.now() % 100000}` }))).id;
  const store = async (name: string) => (await call<{ id: string }>(baseURL, "/v1/memory_stores", workspace, json({ name }))).id;
  const support = await store("Support bot");
  const notes = await store("Team notes");
  const scratch = await store("Scratch");
  const files = Object.fromEntries(Array.from({ length: 8_200 }, (_, i) => [`tickets/${i}.md`, strToU8(`ticket ${i}: ${"resolved ".repeat(i % 7)}\n`)]));
  await call(baseURL, `/v1/imports?format=zip&store_id=${support}`, workspace, { method: "POST", body: zipSync(files, { level: 0 }), type: "application/zip" });
  for (const i of [1, 2, 3])
    await call(baseURL, `/v1/memory_stores/${notes}/memories`, workspace, json({ path: `/meetings/${i}.md`, content: `meeting ${i}\n` }));
  await call(
    baseURL,
    `/v1/memory_stores/${notes}/memory_tool`,
    workspace,
    json({ command: "create", path: "/memories/agent/todo.md", file_text: "ship the usage page\n" }),
  );
  await call(baseURL, `/v1/memory_stores/${scratch}/memories`, workspace, json({ path: "/scratch.md", content: "scratch\n" }));

  const db = new Database(databaseFile(), { timeout: 30_000 });
  try {
    const spread = db.transaction(() => {
      const rows = db
        .prepare("SELECT store_id, day, channel, versions, memories_delta, bytes_delta FROM store_usage_days WHERE store_id IN (?, ?)")
        .all(support, notes) as {
        store_id: string;
        day: string;
        channel: string;
        versions: number;
        memories_delta: number;
        bytes_delta: number;
      }[];
      db.prepare("DELETE FROM store_usage_days WHERE store_id IN (?, ?)").run(support, notes);
      const insert = db.prepare(
        `INSERT INTO store_usage_days (store_id, day, channel, versions, memories_delta, bytes_delta) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (store_id, day, channel) DO UPDATE SET versions = versions + excluded.versions,
           memories_delta = memories_delta + excluded.memories_delta, bytes_delta = bytes_delta + excluded.bytes_delta`,
      );
      for (const row of rows) {
        // The support bot's import, over 60 days of growing traffic; the notes' writes over their last 30.
        const days = row.store_id === support ? 60 : 30;
        const weights = Array.from({ length: days }, (_, i) => (row.store_id === support ? i + 1 : 1));
        const total = weights.reduce((n, w) => n + w, 0);
        let left = { versions: row.versions, memories: row.memories_delta, bytes: row.bytes_delta };
        weights.forEach((w, i) => {
          const last = i === days - 1;
          const part = (n: number) => (last ? n : Math.floor((n * w) / total));
          const share = last ? left : { versions: part(row.versions), memories: part(row.memories_delta), bytes: part(row.bytes_delta) };
          if (share.versions > 0) insert.run(row.store_id, dayOf((days - 1 - i) * DAY), row.channel, share.versions, share.memories, share.bytes);
          left = { versions: left.versions - share.versions, memories: left.memories - share.memories, bytes: left.bytes - share.bytes };
        });
      }
      const created = db.prepare("UPDATE memory_stores SET created_at = ? WHERE id = ?");
      created.run(`${dayOf(60 * DAY)}T08:00:00.000+00:00`, support);
      created.run(`${dayOf(30 * DAY)}T08:00:00.000+00:00`, notes);
      db.prepare("UPDATE app_settings SET value = ? WHERE key = 'usage_counted_since'").run(dayOf(89 * DAY));
    });
    // IMMEDIATE: the server's search-index flusher writes too, and a read that turned into a write would be refused.
    spread.immediate();
  } finally {
    db.close();
  }
  seeded = { workspace, support, notes };
  return seeded;
}

async function expectAccessible(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  const found = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(found, `axe violations on ${name}`).toEqual([]);
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the Usage page shows growth, writes by channel and the stores near the limit (${viewport.width}px)`, async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const { workspace, support } = await seed(baseURL!);
    const noConsoleErrors = failOnConsoleErrors(page);
    await page.setViewportSize(viewport);
    if (viewport.width >= 1024) {
      // Reached from the header's Activity menu, in the workspace the console is in.
      await page.goto(`/stores?workspace=${workspace}`);
      await (await headerLink(page, "Activity", "Usage")).click();
      await expect(page).toHaveURL(new RegExp(`/usage\\?workspace=${workspace}`));
    } else {
      await page.goto(`/usage?workspace=${workspace}`);
    }
    await expect(page.getByRole("heading", { level: 1, name: "Usage" })).toBeVisible();

    // Totals, and the charts as images named by what they show.
    const total = (label: string) => page.locator("dl > div").filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) });
    await expect(total("Memories")).toContainText("8,205");
    await expect(total("Stores")).toContainText("3");
    await expect(page.getByRole("img", { name: /^Memories: 8,205 on / })).toBeVisible();
    await expect(page.getByRole("img", { name: /^Writes per day: 8,205 writes in 90 days \(API 4, Memory tool 1, Import 8,200\)/ })).toBeVisible();
    await expect(page.locator("figure svg.recharts-surface")).toHaveCount(4);

    // The store near the limit, with its forecast, leads to the store.
    const near = page.getByTestId("near-limit-store");
    await expect(near).toHaveCount(1);
    await expect(near).toContainText("8,200 of 10,000 (82%)");
    await expect(near).toContainText(/Full in about \d+ days at the last 30 days' rate/);
    await expect(page.getByTestId("growing-store").first()).toContainText("Support bot");

    await page.screenshot({ path: `${SHOTS}/usage-${viewport.width}.png`, fullPage: true });

    // Each chart's table alternative, opened: axe checks it too.
    await page.getByText("Show writes per day as a table").click();
    const writesTable = page.locator("details[open] table");
    await expect(writesTable.locator("tbody tr")).toHaveCount(90);
    await page.getByText("Show memories per day as a table").click();
    await expect(page.locator("details[open]")).toHaveCount(2);
    await page.waitForLoadState("networkidle");
    await expectAccessible(page, `usage at ${viewport.width}px`);

    // Nothing scrolls sideways on a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await near.getByRole("link", { name: "Support bot" }).click();
    await expect(page).toHaveURL(new RegExp(`/stores/${support}\\?workspace=${workspace}`));
    noConsoleErrors();
  });
}
