import { expect, test } from "@playwright/test";
import { changeMemory, createMemory, createStore, failOnConsoleErrorsExcept } from "./console-helpers.ts";
import { apiCall } from "./helpers.ts";

// The store page's header (issue 42): as of a moment it counts what the store held then, not
// today; on a phone the tree starts within the first screen, the rest one tap away ("More"),
// while a desktop keeps every control in sight.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

test("as of a moment, the header counts the memories and bytes the store held then, in the page's HTML", async ({ page, baseURL }) => {
  const checkConsole = failOnConsoleErrorsExcept(page, []);
  const store = await createStore(baseURL!, `as-of header ${Date.now()}`);
  const a = await createMemory(baseURL!, store.id, "/a.md", "12345");
  await createMemory(baseURL!, store.id, "/b.md", "123");
  await page.waitForTimeout(20);
  const asOf = new Date().toISOString();
  await page.waitForTimeout(20);
  await changeMemory(baseURL!, store.id, a.id, "a much longer text");
  await createMemory(baseURL!, store.id, "/c.md", "c");
  await createMemory(baseURL!, store.id, "/d.md", "d");

  const url = `/stores/${store.id}?as_of=${encodeURIComponent(asOf)}`;
  // Rendered with the page: the server answers the counts as of then before the browser runs anything.
  const html = await (await page.request.get(url)).text();
  expect(html).toContain('data-testid="store-counts-as-of"');

  await page.goto(url);
  const counts = page.getByTestId("store-counts-as-of");
  await expect(counts).toContainText("2 memories, 8 B at");
  await expect(page.getByText("4 memories")).toHaveCount(0);
  await page.screenshot({ path: "test-results/store-header-as-of.png" });
  await page.getByRole("link", { name: "Back to now" }).click();
  await expect(page.getByTestId("store-memory-count")).toHaveText("4 memories");
  await expect(page.getByTestId("store-counts-as-of")).toHaveCount(0);
  checkConsole();
});

test("on a phone the tree starts within the first screen; More shows the rest; a desktop shows it all", async ({ page, baseURL }) => {
  const checkConsole = failOnConsoleErrorsExcept(page, []);
  const store = await createStore(baseURL!, `phone first screen with a name long enough to wrap ${Date.now()}`);
  await apiCall(baseURL!, `/v1/memory_stores/${store.id}`, {
    method: "POST",
    body: {
      description: "What the support agent remembers about the account, its people and its open questions.",
      metadata: { team: "support", tier: "gold" },
    },
  });
  for (const name of ["a", "b", "c", "d", "e", "f"]) await createMemory(baseURL!, store.id, `/${name}.md`, `${name}\n`);

  await page.setViewportSize(PHONE);
  await page.goto(`/stores/${store.id}`);
  const fifth = page.getByTestId("tree-memory-/e.md");
  await expect(fifth).toBeVisible();
  // Five entries of the tree on the first screen, unscrolled (before: the tree started ~790 px down).
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const box = (await fifth.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
  // What stays in reach: the inbox, the history, New memory; the rest behind More.
  await expect(page.getByTestId("store-review-link")).toBeVisible();
  await expect(page.getByRole("button", { name: "New memory" })).toBeVisible();
  const more = page.getByTestId("store-more");
  await expect(more).toHaveAttribute("aria-expanded", "false");
  for (const hidden of [page.getByTestId("connect-agent"), page.getByTestId("store-policy-link"), page.getByText("View as of"), page.getByText("team=support")])
    await expect(hidden).toBeHidden();
  await page.screenshot({ path: "test-results/store-phone-first-screen.png" });

  await more.click();
  await expect(more).toHaveAttribute("aria-expanded", "true");
  for (const shown of [page.getByTestId("connect-agent"), page.getByTestId("store-policy-link"), page.getByText("View as of"), page.getByText("team=support")])
    await expect(shown).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: "test-results/store-phone-more.png", fullPage: true });

  // A desktop keeps its layout: everything in sight, no More.
  await page.setViewportSize(DESKTOP);
  await page.goto(`/stores/${store.id}`);
  await expect(page.getByTestId("tree-memory-/a.md")).toBeVisible();
  await expect(page.getByTestId("store-more")).toBeHidden();
  for (const shown of [page.getByTestId("connect-agent"), page.getByTestId("store-policy-link"), page.getByText("View as of"), page.getByText("team=support")])
    await expect(shown).toBeVisible();
  checkConsole();
});
