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

type Seeded = { store: { id: string; name: string }; memory: { id: string } };

/** Each console page, how to tell it has loaded its content, with the seeded store on it. */
const PAGES: [string, (s: Seeded) => string, (page: Page, s: Seeded) => Promise<void>][] = [
  ["stores list", () => "/stores", (page, { store }) => expect(page.getByTestId(`store-row-${store.name}`)).toBeVisible()],
  ["store tree", ({ store }) => `/stores/${store.id}`, (page) => expect(page.getByTestId("tree-memory-/README.md")).toBeVisible()],
  [
    "memory",
    ({ store, memory }) => `/stores/${store.id}/memories/${memory.id}`,
    (page) => expect(page.getByTestId("memory-editor")).toHaveAttribute("data-editor-ready", "true", { timeout: 30_000 }),
  ],
  ["store integrity", ({ store }) => `/stores/${store.id}/integrity`, (page) => expect(page.getByTestId("integrity-versions-checked")).toBeVisible()],
  ["store history", ({ store }) => `/stores/${store.id}/versions`, (page) => expect(page.locator(`[data-testid^="version-row-"]`).first()).toBeVisible()],
  ["review inbox", () => "/review", (page) => expect(page.getByRole("heading", { level: 1 })).toBeVisible()],
  ["review batches", () => "/review/batches", (page) => expect(page.getByRole("heading", { level: 1, name: "Review batches" })).toBeVisible()],
  ["search", () => "/search?q=accessible", (page) => expect(page.getByText("/notes/plan.md").first()).toBeVisible()],
  ["users", () => "/users", (page) => expect(page.getByRole("heading", { level: 1 })).toBeVisible()],
  ["API keys", () => "/api-keys", (page) => expect(page.getByRole("heading", { level: 1 })).toBeVisible()],
  ["erasures", () => "/erasures", (page) => expect(page.getByRole("heading", { level: 1 })).toBeVisible()],
  [
    "store changes",
    ({ store }) => `/stores/${store.id}/changes?from=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}`,
    // A whole added file waits behind its toggle; opened, so that axe checks the diff too.
    async (page) => {
      const change = page.getByTestId("change-/notes/plan.md");
      await change.getByRole("button", { name: /Show the added file/ }).click();
      await expect(change.getByTestId("change-diff")).toBeVisible();
    },
  ],
  ["store activity", ({ store }) => `/stores/${store.id}/activity`, (page) => expect(page.getByTestId("activity-principal").first()).toBeVisible()],
  ["restores", () => "/restores", (page) => expect(page.getByRole("heading", { level: 1 })).toBeVisible()],
  ["API reference", () => "/api-reference", (page) => expect(page.getByRole("heading", { level: 1 })).toBeVisible()],
];

// One test per page: axe takes seconds on a large page, and a loaded machine multiplies that.
for (const [name, url, loaded] of PAGES) {
  test(`the ${name} page has no WCAG 2.1 A/AA violations`, async ({ page, baseURL }) => {
    const store = await createStore(baseURL!, `a11y-${Date.now()}`);
    const memory = await createMemory(baseURL!, store.id, "/notes/plan.md", "# Plan\n\n- accessible to everyone\n");
    await createMemory(baseURL!, store.id, "/README.md", "read me\n");
    const seeded = { store, memory };
    await page.goto(url(seeded));
    await loaded(page, seeded);
    await page.waitForLoadState("networkidle");
    await expectAccessible(page, name);
  });
}

test("sign-in page has no WCAG 2.1 A/AA violations", async ({ browser }) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await expect(page.getByLabel("Email")).toBeVisible();
  await expectAccessible(page, "sign-in");
  await context.close();
});
