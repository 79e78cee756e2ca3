import { expect, test } from "@playwright/test";
import { createMemory, createStore, editorReady, getMemory } from "./console-helpers.ts";
import { apiCall } from "./helpers.ts";

// Small things that make the console pleasant: a 404 page of its own, and tabs that name the page.

const shots = process.env.SCREENSHOT_DIR ?? "e2e/screenshots";

test("an unknown path answers 404 with the console's own page, which fits a phone", async ({ page }) => {
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("not-found").getByRole("heading", { level: 1 })).toHaveText("This page does not exist");
    await expect(page).toHaveTitle("Page not found · Memory Console");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
    await page.screenshot({ path: `${shots}/not-found-${size.width}.png` });
  }
  await page.getByRole("link", { name: "Go to the stores" }).click();
  await expect(page).toHaveURL(/\/stores$/);
});

test("tabs name the page: the store, the memory's path, the history", async ({ page, baseURL }) => {
  const store = await createStore(baseURL!, `titled ${Date.now()}`);
  const memory = await createMemory(baseURL!, store.id, "/notes/plan.md", "# Plan\n");
  await page.goto(`/stores/${store.id}`);
  await expect(page).toHaveTitle(`${store.name} · Memory Console`);
  await page.goto(`/stores/${store.id}/memories/${memory.id}`);
  await expect(page).toHaveTitle(`/notes/plan.md · ${store.name} · Memory Console`);
  await page.goto(`/stores/${store.id}/versions`);
  await expect(page).toHaveTitle(`History · ${store.name} · Memory Console`);
  await page.goto(`/stores/${store.id}/versions/${memory.memory_version_id}`);
  await expect(page).toHaveTitle(`/notes/plan.md (version) · ${store.name} · Memory Console`);
  await page.goto("/imports");
  await expect(page).toHaveTitle("Imports · Memory Console");
});

test("a memory with mixed line endings opens clean and saves byte for byte, but for what was typed", async ({ page, baseURL }) => {
  const store = await createStore(baseURL!, `line endings ${Date.now()}`);
  const original = "first\r\nsecond\nthird\r\n";
  const memory = await createMemory(baseURL!, store.id, "/mixed.txt", original);
  await page.goto(`/stores/${store.id}/memories/${memory.id}`);
  const editor = await editorReady(page, "first");
  await expect(editor).toHaveAttribute("data-editor-ready", "true", { timeout: 30_000 });
  await expect(page.getByTestId("save-status")).toHaveText("No changes");
  await editor.locator(".view-lines").click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type("fourth");
  await expect(page.getByTestId("save-status")).toHaveText("Unsaved changes");
  await page.keyboard.press("ControlOrMeta+S");
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  expect((await getMemory(baseURL!, store.id, memory.id)).body.content).toBe("first\r\nsecond\nthird\r\nfourth");
});

test("a long path is shortened in the middle in the history, keeping its file name, with the full path on hover", async ({ page, baseURL }) => {
  const store = await createStore(baseURL!, `long paths ${Date.now()}`);
  const path = "/customers/europe/spain/madrid/accounts/2026/quarterly-reviews/ana-garcia-plan.md";
  await createMemory(baseURL!, store.id, path, "long\n");
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto(`/stores/${store.id}/versions`);
    const cell = page.locator('[data-truncated="middle"]').first();
    await expect(cell).toHaveAttribute("title", path);
    await expect(cell.locator('[aria-hidden="true"]')).toHaveText(/^\/customers\/.*….*ana-garcia-plan\.md$/);
    // Polled: the rest of the page may still be settling (hydration, data arriving) when the first row shows.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? "e2e/screenshots"}/history-long-path-1280.png` });
});

test("an archived store's review policy is shown read-only", async ({ page, baseURL }) => {
  const store = await createStore(baseURL!, `archived policy ${Date.now()}`);
  await apiCall(baseURL!, `/v1/memory_stores/${store.id}/archive`, { method: "POST" });
  await page.goto(`/stores/${store.id}`);
  const setting = page.getByTestId("review-setting");
  await expect(setting).toContainText("archived: read-only");
  await expect(page.getByRole("combobox", { name: "Needs review:" })).toHaveCount(0);
});
