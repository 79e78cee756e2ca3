import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createMemory, createStore } from "./console-helpers.ts";

// Every console page is free of axe-core's WCAG 2.1 A and AA violations, with real content on it.

const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

async function expectAccessible(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  const found = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(found, `axe violations on ${name}`).toEqual([]);
}

test("console pages have no WCAG 2.1 A/AA violations", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const store = await createStore(baseURL!, `a11y-${Date.now()}`);
  const memory = await createMemory(baseURL!, store.id, "/notes/plan.md", "# Plan\n\n- accessible to everyone\n");
  await createMemory(baseURL!, store.id, "/README.md", "read me\n");

  const pages: [string, string, () => Promise<void>][] = [
    ["stores list", "/stores", () => expect(page.getByTestId(`store-row-${store.name}`)).toBeVisible()],
    ["store tree", `/stores/${store.id}`, () => expect(page.getByTestId("tree-memory-/README.md")).toBeVisible()],
    [
      "memory",
      `/stores/${store.id}/memories/${memory.id}`,
      () => expect(page.getByTestId("memory-editor")).toHaveAttribute("data-editor-ready", "true", { timeout: 30_000 }),
    ],
    ["store history", `/stores/${store.id}/versions`, () => expect(page.locator(`[data-testid^="version-row-"]`).first()).toBeVisible()],
    ["review inbox", "/review", () => expect(page.getByRole("heading", { level: 1 })).toBeVisible()],
    ["review batches", "/review/batches", () => expect(page.getByRole("heading", { level: 1, name: "Review batches" })).toBeVisible()],
    ["search", "/search?q=accessible", () => expect(page.getByText("/notes/plan.md").first()).toBeVisible()],
    ["users", "/users", () => expect(page.getByRole("heading", { level: 1 })).toBeVisible()],
    ["API keys", "/api-keys", () => expect(page.getByRole("heading", { level: 1 })).toBeVisible()],
    ["erasures", "/erasures", () => expect(page.getByRole("heading", { level: 1 })).toBeVisible()],
    [
      "store changes",
      `/stores/${store.id}/changes?from=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}`,
      () => expect(page.getByTestId("change-/notes/plan.md").getByTestId("change-diff")).toBeVisible(),
    ],
    ["store activity", `/stores/${store.id}/activity`, () => expect(page.getByTestId("activity-principal").first()).toBeVisible()],
    ["restores", "/restores", () => expect(page.getByRole("heading", { level: 1 })).toBeVisible()],
    ["API reference", "/api-reference", () => expect(page.getByRole("heading", { level: 1 })).toBeVisible()],
  ];
  for (const [name, url, loaded] of pages) {
    await page.goto(url);
    await loaded();
    await page.waitForLoadState("networkidle");
    await expectAccessible(page, name);
  }
});

test("sign-in page has no WCAG 2.1 A/AA violations", async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await expect(page.getByLabel("Email")).toBeVisible();
  await expectAccessible(page, "sign-in");
  await context.close();
});
