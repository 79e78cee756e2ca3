import { chromium } from "@playwright/test";
import { startServer } from "../test/helpers/server.ts";
const ADMIN = { email: "bench@example.com", password: "bench password 0123" };
const server = await startServer({ engine: "sqlite", env: { MEMORY_CONSOLE_ADMIN_EMAIL: ADMIN.email, MEMORY_CONSOLE_ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: "warn" } });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const N = Number(process.env.N ?? 105);
try {
  for (let i = 0; i < N; i++) await server.fetch("/v1/memory_stores", { method: "POST", body: JSON.stringify({ name: `s${i}`, metadata: i % 2 ? { a: "b" } : {} }), headers: { "content-type": "application/json" } });
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  page.on("console", (m) => console.log("CONSOLE", m.text().slice(0, 300)));
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/stores$/);
  await page.reload(); await page.waitForTimeout(2000);
  console.log("reloaded");
} finally { await browser.close(); await server.stop(); }
