import { expect, test } from "@playwright/test";
import { changeMemory, createMemory, createStore, failOnConsoleErrorsExcept } from "./console-helpers.ts";
import { apiCall } from "./helpers.ts";

// The store page as of a moment (issue 23): ?as_of= shows the tree as it was, read-only, under a
// banner with "Back to now"; a memory opens as the version it was at then.
test.describe("time travel", () => {
  test("the tree as of a moment, read-only, and back to now", async ({ page, baseURL }) => {
    const checkConsole = failOnConsoleErrorsExcept(page, []);
    const store = await createStore(baseURL!, "time travel");
    const kept = await createMemory(baseURL!, store.id, "/notes/plan.md", "the plan\n");
    const gone = await createMemory(baseURL!, store.id, "/old.md", "deleted later\n");
    await page.waitForTimeout(20);
    const asOf = new Date().toISOString();
    await page.waitForTimeout(20);
    await changeMemory(baseURL!, store.id, kept.id, "rewritten\n");
    expect((await apiCall(baseURL!, `/v1/memory_stores/${store.id}/memories/${gone.id}`, { method: "DELETE" })).status).toBe(200);
    await createMemory(baseURL!, store.id, "/new.md", "written later\n");

    await page.goto(`/stores/${store.id}?as_of=${encodeURIComponent(asOf)}`);
    await expect(page.getByRole("status").filter({ hasText: "Viewing this store as it was at" })).toBeVisible();
    await expect(page.getByTestId("tree-memory-/old.md")).toBeVisible();
    await expect(page.getByTestId("tree-memory-/new.md")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "New memory" })).toHaveCount(0);
    await page.screenshot({ path: "test-results/time-travel-as-of.png" });

    // A folder opens as of the same moment; its memory opens as the version it was at then.
    await page.getByTestId("tree-folder-/notes/").getByRole("button").first().click();
    await page.getByTestId("tree-memory-/notes/plan.md").getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/stores/${store.id}/versions/${kept.memory_version_id}$`));
    await expect(page.getByText("the plan")).toBeVisible();

    await page.goto(`/stores/${store.id}?as_of=${encodeURIComponent(asOf)}`);
    await page.getByRole("link", { name: "Back to now" }).click();
    await expect(page).toHaveURL(new RegExp(`/stores/${store.id}$`));
    await expect(page.getByTestId("tree-memory-/new.md")).toBeVisible();
    await expect(page.getByTestId("tree-memory-/old.md")).toHaveCount(0);
    checkConsole();
  });
});
