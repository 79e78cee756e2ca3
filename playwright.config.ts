import { defineConfig, type PlaywrightTestConfig } from "@playwright/test";
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * e2e specs run the built app (`next start`) on fresh SQLite databases in Debian's Chromium
 * (Playwright's own browser download is unreachable here).
 *
 * Two servers, each with its own database, and the spec files split between them: each server's
 * specs run one at a time, as if it were the only one (specs seed and assert on a whole instance:
 * the inbox, the instance write policy, erasures across all stores), while the two halves run side
 * by side. Most of a spec's time is spent waiting on the browser and the server, not on the CPU,
 * so two halves take little more than half the time on a 2-core machine. E2E_SERVERS=1 runs them
 * all against one server. A third server (E2E_SERVERS=3) used a fifth more CPU than two, and on a
 * loaded machine four tests then timed out waiting for Monaco and the pages (3 Dec 2026).
 *
 * Each server's first project does the first-run setup through the UI and saves the admin's
 * session for its specs.
 */
const PORT = Number(process.env.E2E_PORT ?? 3217);
const SERVERS = Math.max(1, Number(process.env.E2E_SERVERS ?? 2));
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), "memc-e2e-"));
process.env.E2E_DATA_DIR = dataDir; // workers re-read this config; keep one folder per run
const chromeHome = join(dataDir, "chrome-home");
process.env.XDG_CONFIG_HOME = join(chromeHome, "config");
process.env.XDG_CACHE_HOME = join(chromeHome, "cache");

/**
 * Debian's headless shell (package chromium-headless-shell, the "old headless" build that
 * Playwright itself runs headless tests in) when it is installed, else the full browser. The
 * shell draws the same pages with less work: three spec files on one server took 77 and 84 s
 * with it against 118 and 112 s with /usr/bin/chromium (3 Dec 2026). CHROMIUM_PATH overrides both.
 */
function chromiumExecutable(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const shell = "/usr/bin/chromium-headless-shell";
  return existsSync(shell) ? shell : "/usr/bin/chromium";
}

export const E2E_API_KEY = "e2e-admin-key-0123456789abcdef";

/**
 * The specs' durations in seconds (the sum of their tests' times in a whole run on a quiet 2-core
 * machine, both halves running, 4 Dec 2026), so the halves come out even: the longest first, each
 * to the server with less so far. A spec not listed counts as 10.
 */
const SPEC_SECONDS: Record<string, number> = {
  "accessibility.spec.ts": 86,
  "editor-keystrokes.spec.ts": 56,
  "responsive.spec.ts": 40,
  "history.spec.ts": 30,
  "bulk-reports.spec.ts": 29,
  "file-browser.spec.ts": 28,
  "editor.spec.ts": 27,
  "stores.spec.ts": 26,
  "tree.spec.ts": 23,
  "history-explains.spec.ts": 22,
  "conflict.spec.ts": 21,
  "polish.spec.ts": 18,
  "pattern-erase.spec.ts": 18,
  "history-write.spec.ts": 18,
  "review-inbox.spec.ts": 14,
  "reviewer-loop.spec.ts": 8,
  "search.spec.ts": 13,
  "auth.spec.ts": 13,
  "time-travel.spec.ts": 11,
  "batch-undo.spec.ts": 11,
  "transfer.spec.ts": 10,
  "console-speed.spec.ts": 10,
  "auth-hardening.spec.ts": 10,
  "import-forgives.spec.ts": 8,
  "review-reason.spec.ts": 7,
  "imported-history.spec.ts": 6,
  "bulk-delete.spec.ts": 6,
  "webhooks.spec.ts": 5,
  "store-filter.spec.ts": 5,
  "review-bulk-safety.spec.ts": 5,
  "integrity.spec.ts": 5,
  "write-policy.spec.ts": 4,
  "mcp-oauth.spec.ts": 3,
  "api-reference.spec.ts": 3,
  "tree-counts.spec.ts": 2,
  "connect-agent.spec.ts": 1,
};

function splitSpecs(count: number): string[][] {
  const shares = Array.from({ length: count }, () => ({ files: [] as string[], seconds: 0 }));
  const specs = readdirSync(join(import.meta.dirname, "e2e")).filter((f) => f.endsWith(".spec.ts"));
  const seconds = (file: string) => SPEC_SECONDS[file] ?? 10;
  for (const file of specs.sort((a, b) => seconds(b) - seconds(a) || a.localeCompare(b))) {
    const least = shares.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    least.files.push(file);
    least.seconds += seconds(file);
  }
  return shares.map((h) => h.files);
}

const servers = splitSpecs(SERVERS).map((files, i) => {
  const name = String.fromCharCode(97 + i); // a, b, …
  const port = PORT + i;
  return {
    name,
    files,
    baseURL: `http://127.0.0.1:${port}`,
    databaseFile: join(dataDir, `memory-console-${name}.db`),
    adminState: join(dataDir, `admin-state-${name}.json`),
    port,
  };
});

const projects: PlaywrightTestConfig["projects"] = servers.flatMap((s) => {
  const use = { baseURL: s.baseURL };
  const metadata = { databaseFile: s.databaseFile, adminState: s.adminState };
  return [
    { name: `setup-${s.name}`, testMatch: /first-run\.setup\.ts/, use, metadata },
    {
      name: `console-${s.name}`,
      testMatch: s.files,
      dependencies: [`setup-${s.name}`],
      // One spec at a time per server: its specs never meet another's writes.
      workers: 1,
      // One browser context per worker, reset by Playwright between tests (cookies, cache,
      // storage, pages, routes; the admin's session re-applied) instead of a new one per test: the
      // whole run took 332 s against 414 s (3 Dec 2026, 118 of 118 passing). What the reset
      // leaves is not used by these specs: only editor-keystrokes grants a permission (the
      // clipboard), and no spec depends on one being absent. A spec that changes its context's
      // options (test.use with storageState, as mcp-oauth does) still gets a fresh context.
      use: { ...use, storageState: s.adminState, reuseContext: true },
      metadata,
    },
  ];
});

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  workers: SERVERS,
  // In CI a spec that fails once is run once more, and the list reporter names it "flaky": a
  // timing failure on a loaded machine does not hide the run's result, and a spec that fails twice
  // fails the run. Locally every failure counts at once.
  retries: process.env.CI ? 1 : 0,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    // Recording a trace (screenshots and DOM snapshots of every step) took a third of the specs'
    // CPU even for the tests that pass (3 Dec 2026, three spec files on one server, two runs each:
    // 97 and 107 s with it, 74 and 60 s without; CPU 172 and 178 s against 130 and 103 s). A test
    // that fails is traced when it runs again (CI retries once); locally, add `--trace on`.
    trace: "on-first-retry",
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects,
  webServer: servers.map((s) => ({
    command: `node node_modules/next/dist/bin/next start -H 127.0.0.1 -p ${s.port}`,
    url: `${s.baseURL}/sign-in`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      DATABASE_URL: `file:${s.databaseFile}`,
      MEMORY_CONSOLE_API_KEY: E2E_API_KEY,
      NEXT_TELEMETRY_DISABLED: "1",
      // The lowest cost the server accepts, as in the vitest servers: every sign-in and user the
      // specs create hashes 8 times faster than at the default 2^17 (CPU the other shares need).
      PASSWORD_HASH_COST: "14",
      // webhooks.spec.ts delivers to a receiver on 127.0.0.1, and watches a retry happen.
      WEBHOOK_ALLOWED_NETWORKS: "127.0.0.0/8",
      WEBHOOK_POLL_INTERVAL_SECONDS: "0.2",
      WEBHOOK_RETRY_BASE_SECONDS: "1",
    },
  })),
});
