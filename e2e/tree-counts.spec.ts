import { expect, test, type Page } from "@playwright/test";
import { createMemory, createStore, failOnConsoleErrorsExcept } from "./console-helpers.ts";

// The store tree's folder counts (GET /v1/folder_summaries): how many memories each folder
// holds and, in amber, how many await review; a write made in the console updates them.
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test.describe("memory tree counts", () => {
  test("folders show their memories and those awaiting review, and follow a write", async ({ page, baseURL }) => {
    const store = await createStore(baseURL!, "counted folders");
    // Written with an API key: an agent's writes, which await review under the default policy.
    for (const path of ["/notes/a.md", "/notes/b.md", "/notes/deep/c.md", "/projects/very-long-folder-name-for-a-narrow-screen/x.md"]) {
      await createMemory(baseURL!, store.id, path, `${path}\n`);
    }
    const checkConsole = failOnConsoleErrorsExcept(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/stores/${store.id}`);
    const notes = page.getByTestId("tree-folder-/notes/");
    await expect(notes.getByTestId("folder-memory-count")).toHaveAttribute("title", "3 memories");
    await expect(notes.getByTestId("folder-awaiting-count")).toHaveAttribute("title", "3 awaiting review");
    await expect(page.getByTestId("tree-folder-/projects/").getByTestId("folder-memory-count")).toHaveAttribute("title", "1 memory");
    await page.screenshot({ path: "e2e/screenshots/tree-counts-1280.png" });
    expect(await noSideScroll(page)).toBe(true);

    await page.getByRole("button", { name: "notes/" }).click();
    const deep = page.getByTestId("tree-folder-/notes/deep/");
    await expect(deep.getByTestId("folder-memory-count")).toHaveAttribute("title", "1 memory");
    await expect(deep.getByTestId("folder-awaiting-count")).toHaveAttribute("title", "1 awaiting review");

    // A person's write (no review under the default policy) counts at once, awaiting stays.
    await page.getByRole("button", { name: "New memory" }).click();
    const dialog = page.getByRole("dialog", { name: "New memory" });
    await dialog.getByLabel("Path").fill("/notes/deep/d.md");
    await dialog.getByLabel("Content").fill("by hand\n");
    await dialog.getByRole("button", { name: "Create memory" }).click();
    await expect(dialog).toBeHidden();
    await expect(deep.getByTestId("folder-memory-count")).toHaveAttribute("title", "2 memories");
    await expect(notes.getByTestId("folder-memory-count")).toHaveAttribute("title", "4 memories");
    await expect(notes.getByTestId("folder-awaiting-count")).toHaveAttribute("title", "3 awaiting review");

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(deep.getByTestId("folder-awaiting-count")).toBeVisible();
    await page.screenshot({ path: "e2e/screenshots/tree-counts-390.png" });
    expect(await noSideScroll(page)).toBe(true);
    checkConsole();
  });
});
