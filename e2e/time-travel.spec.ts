import { expect, test, type Page } from "@playwright/test";
import { changeMemory, createMemory, createStore, failOnConsoleErrorsExcept, getMemory } from "./console-helpers.ts";
import { apiCall } from "./helpers.ts";

// The store page as of a moment (issue 23): ?as_of= shows the tree as it was, read-only, under a
// banner with "Back to now"; a memory opens as the version it was at then. The changes view
// between two moments, a folder restored with its typed confirmation, a session undone from the
// activity list; each page fits a phone and a laptop without sideways scrolling.
const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

/** Screenshots at both sizes; the document is never wider than the viewport. */
async function shoot(page: Page, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(100);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${name} at ${size.width}px`).toBeLessThanOrEqual(size.width);
    await page.screenshot({ path: `test-results/time-travel-${name}-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize(SIZES[1]!);
}

/** An agent's session writes through the memory tool (the way the held-out checks damage a store). */
async function tool(baseURL: string, storeId: string, session: string, input: Record<string, unknown>) {
  const r = await apiCall<{ is_error: boolean; content: string }>(baseURL, `/v1/memory_stores/${storeId}/memory_tool?session_id=${session}`, {
    method: "POST",
    body: input,
  });
  expect(r.status).toBe(200);
  expect(r.body.is_error, r.body.content).toBe(false);
}

const tick = (page: Page) => page.waitForTimeout(30);
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

  test("the changes view: grouped by folder, a diff inline, filtered by session; restore a folder with its confirmation", async ({ page, baseURL }) => {
    const checkConsole = failOnConsoleErrorsExcept(page, []);
    const store = await createStore(baseURL!, "changes view");
    const plan = await createMemory(baseURL!, store.id, "/notes/plan.md", "step one\nstep two\nstep three\n");
    await createMemory(baseURL!, store.id, "/notes/keep.md", "kept\n");
    await createMemory(baseURL!, store.id, "/todo.md", "- one\n");
    await tick(page);
    const before = new Date().toISOString();
    await tick(page);
    const session = `sess_changes_${Date.now()}`;
    await tool(baseURL!, store.id, session, { command: "str_replace", path: "/memories/notes/plan.md", old_str: "step two", new_str: "step 2, damaged" });
    await tool(baseURL!, store.id, session, { command: "create", path: "/memories/notes/junk.md", file_text: "junk\n" });
    await tool(baseURL!, store.id, session, { command: "delete", path: "/memories/notes/keep.md" });
    await changeMemory(baseURL!, store.id, (await createMemory(baseURL!, store.id, "/other.md", "other\n")).id, "other, by the key\n");

    await page.goto(`/stores/${store.id}/changes?from=${encodeURIComponent(before)}`);
    const notes = page.getByRole("region", { name: "Folder /notes/" });
    await expect(notes.getByTestId("change-/notes/plan.md")).toContainText("modified");
    await expect(notes.getByTestId("change-/notes/plan.md").getByTestId("change-diff")).toContainText("step 2, damaged");
    await expect(notes.getByTestId("change-/notes/junk.md")).toContainText("added");
    await expect(notes.getByTestId("change-/notes/keep.md")).toContainText("deleted");
    await expect(page.getByTestId("change-/other.md")).toBeVisible();
    await shoot(page, "changes");

    // Only the session's changes: the key's write to /other.md is not among them.
    await page.getByLabel("Written by").selectOption(`session_id=${session}`);
    await page.getByRole("button", { name: "Show changes" }).click();
    await expect(page).toHaveURL(new RegExp(`session_id=${session}`));
    await expect(page.getByTestId("change-/other.md")).toHaveCount(0);
    await expect(page.getByTestId("change-/notes/plan.md")).toBeVisible();

    // Restore /notes/ to `from`: the dry run by action, the typed phrase, then the report.
    await notes.getByRole("button", { name: "Restore this folder" }).click();
    const dialog = page.getByRole("dialog", { name: "Restore this folder to this moment" });
    await expect(dialog.getByRole("region", { name: "Changed back" })).toContainText("/notes/plan.md");
    await expect(dialog.getByRole("region", { name: "Created again" })).toContainText("/notes/keep.md");
    await expect(dialog.getByRole("region", { name: "Deleted" })).toContainText("/notes/junk.md");
    const confirm = dialog.getByLabel(/Type “restore 3 memories” to confirm/);
    await expect(dialog.getByRole("button", { name: "Restore", exact: true })).toBeDisabled();
    await shoot(page, "restore-dry-run");
    await confirm.fill("restore 3 memories");
    await dialog.getByRole("button", { name: "Restore", exact: true }).click();
    await expect(dialog.getByText("Every memory the dry run listed is back as it was.")).toBeVisible();
    await dialog.getByRole("link", { name: "Open the report" }).click();
    await expect(page).toHaveURL(/\/restores\/restore_/);
    // Loaded afresh too (server-rendered, then hydrated without a mismatch).
    await page.reload();
    await expect(page.getByRole("link", { name: "Download CSV" })).toBeVisible();
    await shoot(page, "restore-report");

    const now = await getMemory(baseURL!, store.id, plan.id);
    expect(now.body.content).toBe("step one\nstep two\nstep three\n");
    const listed = await apiCall<{ data: { path: string }[] }>(baseURL!, `/v1/memory_stores/${store.id}/memories?path_prefix=/notes/`);
    expect(listed.body.data.map((m) => m.path).sort()).toEqual(["/notes/keep.md", "/notes/plan.md"]);
    checkConsole();
  });

  test("the as-of view restores the store; the activity list undoes a session", async ({ page, baseURL }) => {
    const checkConsole = failOnConsoleErrorsExcept(page, []);
    const store = await createStore(baseURL!, "undo a session");
    const profile = await createMemory(baseURL!, store.id, "/profile.md", "name: Ana\n");
    await tick(page);
    const session = `sess_undo_${Date.now()}`;
    await tool(baseURL!, store.id, session, { command: "create", path: "/memories/wrong.md", file_text: "a wrong guess\n" });
    await tool(baseURL!, store.id, session, { command: "str_replace", path: "/memories/profile.md", old_str: "Ana", new_str: "Bob" });

    await page.goto(`/stores/${store.id}`);
    await expect(page.getByTestId("activity-strip")).toBeVisible();
    await shoot(page, "store-strip");
    await page.getByRole("link", { name: "Activity: who wrote" }).click();
    const row = page.getByTestId("activity-principal").filter({ hasText: `session ${session}` });
    await expect(row).toContainText("2 writes to 2 memories");
    await shoot(page, "activity");
    await row.getByRole("button", { name: "Undo this session" }).click();
    const dialog = page.getByRole("dialog", { name: "Undo this session" });
    await expect(dialog.getByRole("region", { name: "Changed back" })).toContainText("/profile.md");
    await expect(dialog.getByRole("region", { name: "Deleted" })).toContainText("/wrong.md");
    await dialog.getByLabel(/Type “revert 2 memories” to confirm/).fill("revert 2 memories");
    await dialog.getByRole("button", { name: "Undo", exact: true }).click();
    await expect(dialog.getByText("Every memory the dry run listed is back as it was.")).toBeVisible();
    expect((await getMemory(baseURL!, store.id, profile.id)).body.content).toBe("name: Ana\n");
    await dialog.getByRole("link", { name: "Open the report" }).click();
    await expect(page).toHaveURL(/\/reverts\/revert_/);
    await page.reload();
    await expect(page.getByRole("row").filter({ hasText: "/wrong.md" })).toContainText("Deleted");

    // The as-of view offers the store's restore; its dry run finds nothing left to put back now.
    await page.goto(`/stores/${store.id}?as_of=${encodeURIComponent(new Date().toISOString())}`);
    await page.getByRole("button", { name: "Restore the store" }).click();
    await expect(page.getByRole("dialog", { name: "Restore the store to this moment" })).toContainText("Nothing to put back");
    checkConsole();
  });
});
