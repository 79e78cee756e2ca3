import { defineConfig } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * e2e specs run the built app (`next start`) on a fresh SQLite database in Debian's Chromium
 * (Playwright's own browser download is unreachable here). The first project does the
 * first-run setup through the UI and saves the admin's session for the other specs.
 */
const PORT = Number(process.env.E2E_PORT ?? 3217);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), "memc-e2e-"));
process.env.E2E_DATA_DIR = dataDir; // workers re-read this config; keep one folder per run
const chromeHome = join(dataDir, "chrome-home");
process.env.XDG_CONFIG_HOME = join(chromeHome, "config");
process.env.XDG_CACHE_HOME = join(chromeHome, "cache");

export const E2E_API_KEY = "e2e-admin-key-0123456789abcdef";

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  workers: 1,
  // In CI a spec that fails once is run once more, and the list reporter names it "flaky": a
  // timing failure on a loaded machine does not hide the run's result, and a spec that fails twice
  // fails the run. Locally every failure counts at once.
  retries: process.env.CI ? 1 : 0,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  projects: [
    { name: "setup", testMatch: /first-run\.setup\.ts/ },
    { name: "console", testMatch: /.*\.spec\.ts/, dependencies: ["setup"], use: { storageState: join(dataDir, "admin-state.json") } },
  ],
  webServer: {
    command: `node node_modules/next/dist/bin/next start -H 127.0.0.1 -p ${PORT}`,
    url: `http://127.0.0.1:${PORT}/sign-in`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      DATABASE_URL: `file:${join(dataDir, "memory-console.db")}`,
      MEMORY_CONSOLE_API_KEY: E2E_API_KEY,
      NEXT_TELEMETRY_DISABLED: "1",
      // webhooks.spec.ts delivers to a receiver on 127.0.0.1, and watches a retry happen.
      WEBHOOK_ALLOWED_NETWORKS: "127.0.0.0/8",
      WEBHOOK_POLL_INTERVAL_SECONDS: "0.2",
      WEBHOOK_RETRY_BASE_SECONDS: "1",
    },
  },
});
