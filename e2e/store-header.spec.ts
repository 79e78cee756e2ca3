import { expect, test } from "@playwright/test";
import { changeMemory, createMemory, createStore, failOnConsoleErrorsExcept } from "./console-helpers.ts";

// The store page's header (issue 42): as of a moment it counts what the store held then, not today.

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
