/**
 * `npm run bench:console`: how fast the console shows each page's primary content, measured in
 * Debian's Chromium against the production build (`next start`), on a fresh SQLite database.
 * Writes bench/console-results.json. Nothing is asserted: numbers are printed and compared with
 * the targets in docs/benchmarks.md, "Console speed".
 *
 * Every timing is taken inside the page with performance.now(): for a full load, from the
 * navigation's start (performance.timeOrigin) to the first frame that shows the content; for an
 * in-app navigation, from the click on a link to that frame. A full load runs in a browser
 * context that has loaded the console once before (a reviewer's warm HTTP cache); first-load JS
 * is what a cold context downloads (compressed bytes on the wire).
 */
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { zipSync, strToU8 } from "fflate";
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { startServer, type TestServer } from "../test/helpers/server.ts";
import { percentile, round3 } from "./http.ts";
import { buildTree, noteContent, rng } from "./tree.ts";
import { coldLoad, firstClick } from "./console-cold.ts";
import { seedConsolePages, type ConsolePage } from "./console-pages.ts";
import { installProbe, timeClick, timeLoad, watchTargets, type Target } from "./console-probe.ts";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "7" },
    out: { type: "string" },
    // The server's port (a free one unless told): each engineer on a shared machine keeps to a range of their own.
    port: { type: "string" },
    // Another checkout's build to measure instead of this one's (its `npm run build` done), for a before/after on one machine.
    root: { type: "string" },
    // Some phases only: warm (full loads and in-app navigation), first-click, pages (every page cold), js.
    phases: { type: "string", default: "warm,first-click,pages,js" },
  },
});
const RUNS = Number(args.runs);
const OUT = resolve(import.meta.dirname, args.out ?? "console-results.json");
const PHASES = new Set(args.phases.split(","));
/** The memory's click "a second later": the baseline of first_click_after_load_ms. */
const LATER_MS = 1000;
const ADMIN = { email: "bench@example.com", password: "bench password 0123" };
const SETTLE_MS = 1000;
const MARKER = "bench-marker: the reviewer reads this line first";
/** A memory's text on screen: the plain text before Monaco, or Monaco's lines. */
const MEMORY_TEXT: Target = { selector: `[data-testid="memory-text"], [data-testid="memory-editor"] .view-lines`, text: MARKER };

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

interface Seeded {
  small: { id: string; memoryId: string; memoryPath: string };
  large: { id: string; folder: string; childPath: string; importId: string };
}

async function api<T>(server: TestServer, method: string, path: string, body?: unknown): Promise<T> {
  const res = await server.fetch(path, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A small store like most of them (a few folders, a memory with some history) and one at the 10,000 limit. */
async function seed(server: TestServer): Promise<Seeded> {
  const small = await api<{ id: string }>(server, "POST", "/v1/memory_stores", { name: "Team notes", description: "A small store" });
  const random = rng(7);
  const base = `/v1/memory_stores/${small.id}/memories`;
  for (const path of ["/README.md", "/notes/todo.md", "/notes/ideas.md", "/projects/alpha/overview.md", "/projects/alpha/status.md", "/people/ada.md"]) {
    await api(server, "POST", base, { path, content: noteContent(path, random) });
  }
  const lines = [
    `# Plan`,
    "",
    MARKER,
    ...Array.from({ length: 80 }, (_, i) => `- item ${i}: ${noteContent(`/x/${i}`, random).slice(0, 60).replace(/\n/g, " ")}`),
  ];
  const plan = await api<{ id: string; path: string }>(server, "POST", base, { path: "/notes/plan.md", content: lines.join("\n") });
  for (let i = 0; i < 8; i++) await api(server, "POST", `${base}/${plan.id}`, { content: `${lines.join("\n")}\n- revision ${i}\n` });

  const tree = buildTree(10_000);
  const files: Record<string, Uint8Array> = {};
  for (const path of tree.paths) files[path.slice(1)] = strToU8(path.length % 7 === 0 ? noteContent(path, random) : `# ${path}\n`);
  const imported = await server.fetch(`/v1/imports?format=zip&name=${encodeURIComponent("Agent at the limit")}`, {
    method: "POST",
    body: zipSync(files, { level: 1 }) as BodyInit,
  });
  if (!imported.ok) throw new Error(`import: ${imported.status} ${await imported.text()}`);
  const report = (await imported.json()) as { import_id: string; store_id: string };
  const childPath = tree.paths.filter((p) => p.startsWith(tree.bigFolder)).sort()[0]!;
  return {
    small: { id: small.id, memoryId: plan.id, memoryPath: plan.path },
    large: { id: report.store_id, folder: tree.bigFolder, childPath, importId: report.import_id },
  };
}

async function signedInContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  await installProbe(context);
  const page = await context.newPage();
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/stores$/);
  await page.close();
  return context;
}

/**
 * Compressed KiB of JavaScript a cold browser downloads for one page: `first_load` is what the
 * page needs to start (requested before DOMContentLoaded), `until_idle` adds what it loads
 * afterwards (Monaco, where the page shows an editor) until the network is idle.
 */
async function jsKiB(browser: Browser, baseURL: string, path: string, storageState: StorageState) {
  const context = await browser.newContext({ baseURL, storageState });
  const page = await context.newPage();
  await page.goto(path, { waitUntil: "networkidle" });
  await page.waitForTimeout(1500); // what a page loads once it settles counts too (none should be Monaco's but on an editor's page)
  await page.waitForLoadState("networkidle");
  // No named functions inside: tsx would wrap them in a helper (__name) the page does not have.
  const scripts = await page.evaluate(() =>
    (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
      .filter((e) => e.name.includes(".js"))
      .map((e) => ({ start: e.startTime, bytes: e.encodedBodySize })),
  );
  const dcl = await page.evaluate(() => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).domContentLoadedEventEnd);
  const first = scripts.filter((e) => e.start < dcl).reduce((n, e) => n + e.bytes, 0);
  const total = scripts.reduce((n, e) => n + e.bytes, 0);
  await context.close();
  return { first_load: round3(first / 1024), until_idle: round3(total / 1024) };
}

/** Full loads (warm cache) and in-app navigation, each step after the page before has settled. */
async function warmPhase(page: Page, seeded: Seeded, add: (name: string, ms: number) => void) {
  const { small, large } = seeded;
  const storeRow: Target = { selector: `[data-testid="store-row-Team notes"]` };
  const treeRow: Target = { selector: `[data-testid="tree-folder-/notes/"]` };
  const memoryEditable: Target = { selector: `[data-testid="memory-editor"][data-editor-ready="true"] .monaco-editor .view-lines`, text: MARKER };
  const historyRow: Target = { selector: `[data-testid^="version-row-"]` };
  const largeChild: Target = { selector: `[data-testid="tree-memory-${large.childPath}"]` };

  await page.goto("/stores");
  await watchTargets(page, [storeRow, treeRow, MEMORY_TEXT, memoryEditable, historyRow, largeChild]);
  // Before each step the previous page settles, as a person looks at a page before moving on: its
  // requests are done and the browser has had a moment of idle time.
  const settle = async () => {
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(SETTLE_MS);
  };
  const memoryUrl = `/stores/${small.id}/memories/${small.memoryId}`;

  // One warm-up pass: the browser's cache and the server's compiled routes, as for a reviewer who has used the console before.
  for (const url of ["/stores", `/stores/${small.id}`, memoryUrl, `/stores/${small.id}/versions`, `/stores/${large.id}`]) {
    await page.goto(url);
    await settle();
  }

  for (let run = 0; run < RUNS; run++) {
    const full = async (name: string, url: string, target: Target) => {
      await settle();
      add(`full_load_${name}_ms`, await timeLoad(page, url, target));
      // Where the time went: the server's first byte, and the end of DOMContentLoaded (the page's scripts have run).
      const nav = await page.evaluate(() => performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming);
      add(`full_load_${name}_ttfb_ms`, nav.responseStart);
      add(`full_load_${name}_dcl_ms`, nav.domContentLoadedEventEnd);
    };
    await full("stores", "/stores", storeRow);
    await full("store_tree", `/stores/${small.id}`, treeRow);
    await full("memory_readable", memoryUrl, MEMORY_TEXT);
    add("full_load_memory_editable_ms", await timeLoad(page, memoryUrl, memoryEditable, { sameNavigation: true }));
    await full("store_history", `/stores/${small.id}/versions`, historyRow);

    // In-app: stores → store → memory → store history → stores, by clicking the console's own links.
    await timeLoad(page, "/stores", storeRow);
    await settle();
    add("nav_store_tree_ms", await timeClick(page, `[data-testid="store-row-Team notes"] a`, treeRow));
    const notes = page.getByTestId("tree-folder-/notes/").getByRole("button");
    if ((await notes.getAttribute("aria-expanded")) !== "true") await notes.click();
    await page.getByTestId(`tree-memory-${small.memoryPath}`).waitFor();
    await settle();
    add("nav_memory_readable_ms", await timeClick(page, `[data-testid="tree-memory-${small.memoryPath}"] a`, MEMORY_TEXT));
    add("nav_memory_editable_ms", await timeClick(page, null, memoryEditable));
    await settle();
    add("nav_back_to_store_tree_ms", await timeClick(page, `main a[href="/stores/${small.id}"]`, treeRow));
    add("nav_store_history_ms", await timeClick(page, `a[href="/stores/${small.id}/versions"]`, historyRow));
    add("nav_stores_ms", await timeClick(page, `nav a[href="/stores"]`, storeRow));

    // The 10,000-memory store: open it from the list, expand its 200-child folder (each step, and the two together).
    await settle();
    const open = await timeClick(page, `[data-testid="store-row-Agent at the limit"] a`, { selector: `[data-testid="tree-folder-${large.folder}"]` });
    const expand = await timeClick(page, `[data-testid="tree-folder-${large.folder}"] button`, largeChild);
    add("nav_large_store_open_ms", open);
    add("nav_large_store_expand_ms", expand);
    add("nav_large_store_open_expand_ms", open + expand);
  }
}

/**
 * The first click after a page load (issue 42, item 7): a store opened cold, a folder unfolded as
 * soon as the tree takes a click, the memory in it clicked as soon as it shows; and, in a
 * context of its own, the same with the memory clicked a second later (the baseline). Alternated
 * run by run, so that the machine's drift hits both alike.
 */
async function firstClickPhase(browser: Browser, baseURL: string, state: StorageState, seeded: Seeded, add: (name: string, ms: number) => void) {
  const store = { id: seeded.small.id, folder: "/notes/", memoryPath: seeded.small.memoryPath };
  await firstClick(browser, baseURL, state, store, MEMORY_TEXT, 0); // unmeasured: the server's routes
  for (let run = 0; run < RUNS; run++) {
    for (const pause of run % 2 === 0 ? [0, LATER_MS] : [LATER_MS, 0]) {
      const { expandMs, openMs } = await firstClick(browser, baseURL, state, store, MEMORY_TEXT, pause);
      add(pause === 0 ? "first_click_after_load_ms" : "first_click_a_second_later_ms", openMs);
      add(pause === 0 ? "first_click_expand_ms" : "first_click_expand_later_ms", expandMs);
    }
  }
}

/** Every console page loaded in a cold browser, one after another, round by round (item 6). */
async function pagesPhase(browser: Browser, baseURL: string, state: StorageState, pages: ConsolePage[], add: (name: string, ms: number) => void) {
  for (const page of pages) await coldLoad(browser, baseURL, state, page); // unmeasured: each route's first request loads its code
  for (let run = 0; run < RUNS; run++) {
    for (const page of pages) {
      const { ms, ttfbMs } = await coldLoad(browser, baseURL, state, page);
      add(page.name, ms);
      add(`${page.name}_ttfb`, ttfbMs);
    }
  }
}

async function main() {
  const started = Date.now();
  const loads: number[] = [loadavg()[0]!];
  const server = await startServer({
    engine: "sqlite",
    env: {
      MEMORY_CONSOLE_ADMIN_EMAIL: ADMIN.email,
      MEMORY_CONSOLE_ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: "warn",
      // The webhooks page's endpoint points at this machine (offline, no other host resolves); nothing listens there.
      WEBHOOK_ALLOWED_NETWORKS: "127.0.0.1/32",
    },
    ...(args.port && { port: Number(args.port) }),
    ...(args.root && { root: resolve(args.root) }),
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  try {
    const seeded = await seed(server);
    const { small, large } = seeded;
    const pages = PHASES.has("pages") ? await seedConsolePages(server, small, large, MARKER) : [];
    const context = await signedInContext(browser, server.baseURL);
    const state = await context.storageState();
    const samples: Record<string, number[]> = {};
    const add = (name: string, ms: number) => (samples[name] ??= []).push(ms);
    const cold: Record<string, number[]> = {};
    const addCold = (name: string, ms: number) => (cold[name] ??= []).push(ms);

    if (PHASES.has("warm")) await warmPhase(await context.newPage(), seeded, add);
    loads.push(loadavg()[0]!);
    if (PHASES.has("first-click")) await firstClickPhase(browser, server.baseURL, state, seeded, add);
    loads.push(loadavg()[0]!);
    if (PHASES.has("pages")) await pagesPhase(browser, server.baseURL, state, pages, addCold);
    loads.push(loadavg()[0]!);

    const jsCompressedKiB: Record<string, { first_load: number; until_idle: number }> = {};
    let staticCacheControl: string | null = null;
    if (PHASES.has("js")) {
      const routes = {
        "/stores": "/stores",
        "/stores/[store]": `/stores/${small.id}`,
        "/stores/[store]/memories/[memory]": `/stores/${small.id}/memories/${small.memoryId}`,
        "/stores/[store]/versions": `/stores/${small.id}/versions`,
        "/review": "/review",
        "/search": "/search?q=plan",
      };
      for (const [route, url] of Object.entries(routes)) jsCompressedKiB[route] = await jsKiB(browser, server.baseURL, url, state);
      // Static bundles must be cached for good (their names change with their content), so a reload re-downloads nothing.
      const page = await context.newPage();
      await page.goto("/stores");
      const script = await page.evaluate(() => document.querySelector("script[src]")?.getAttribute("src") ?? "");
      staticCacheControl = (await context.request.get(script)).headers()["cache-control"] ?? null;
    }

    const p50 = (from: Record<string, number[]>) => Object.fromEntries(Object.entries(from).map(([name, values]) => [name, round3(percentile(values, 50))]));
    const range = (values: number[] = []) => (values.length ? [round3(Math.min(...values)), round3(Math.max(...values))] : null);
    const first = samples.first_click_after_load_ms;
    const later = samples.first_click_a_second_later_ms;
    const results = {
      measured_at: new Date().toISOString(),
      runs: RUNS,
      load_average_1m: round3(loadavg()[0]!),
      // At the start and after each phase (warm, first click, pages).
      load_average_1m_by_phase: loads.map(round3),
      p50_ms: p50(samples),
      ...(first &&
        later && {
          first_click_after_load: {
            p50_ms: round3(percentile(first, 50)),
            a_second_later_p50_ms: round3(percentile(later, 50)),
            ratio: round3(percentile(first, 50) / percentile(later, 50)),
            range_ms: range(first),
            a_second_later_range_ms: range(later),
            target_p50_ms: 150,
          },
        }),
      ...(pages.length > 0 && {
        cold_load_p50_ms: Object.fromEntries(pages.map((page) => [page.name, round3(percentile(cold[page.name]!, 50))])),
        cold_load_ttfb_p50_ms: Object.fromEntries(pages.map((page) => [page.name, round3(percentile(cold[`${page.name}_ttfb`]!, 50))])),
        cold_load_max_ms: Object.fromEntries(pages.map((page) => [page.name, round3(Math.max(...cold[page.name]!))])),
        cold_load_target_ms: 1000,
      }),
      ...(PHASES.has("js") && { js_compressed_kib: jsCompressedKiB, static_cache_control: staticCacheControl }),
      duration_s: Math.round((Date.now() - started) / 1000),
    };
    writeFileSync(OUT, JSON.stringify(results, null, 2) + "\n");
    console.log(JSON.stringify(results, null, 2));
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
