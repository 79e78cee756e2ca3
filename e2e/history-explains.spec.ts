import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { changeMemory, createMemory, createStore, editorReady, failOnConsoleErrorsExcept, getMemory, replaceEditorText } from "./console-helpers.ts";
import { apiCall, failOnConsoleErrors } from "./helpers.ts";

// History that explains itself: a path filter and "diff with previous" on the store's history,
// a warning before comparing two memories, diff and restore on a version's own page, and a
// conflict that says who changed the memory while the history below shows that change.

const MONACO_TIMEOUT = 30_000;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const shots = process.env.SCREENSHOT_DIR ?? "e2e/screenshots";
const row = (page: Page, versionId: string) => page.getByTestId(`version-row-${versionId}`);
type Version = { id: string; path: string; operation: string };

async function versionsOf(baseURL: string, storeId: string, query = "") {
  return (await apiCall<{ data: Version[] }>(baseURL, `/v1/memory_stores/${storeId}/memory_versions?limit=50${query}`)).body.data;
}

async function expectNoOverflow(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

async function expectAccessible(page: Page) {
  // Monaco names a diff's input areas once its editors are set up.
  for (const area of await page.locator(".monaco-diff-editor .native-edit-context").all()) await expect(area).toHaveAttribute("aria-label", /side of the diff/);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("store history: filter by path, diff a row with the version before it, warn before comparing two memories", async ({ page, baseURL }) => {
  const checkConsole = failOnConsoleErrors(page);
  const store = await createStore(baseURL!, `history explains ${Date.now()}`);
  const plan = await createMemory(baseURL!, store.id, "/notes/plan.md", "# Plan\n\n- buy milk\n");
  await changeMemory(baseURL!, store.id, plan.id, "# Plan\n\n- buy oat milk\n");
  const todo = await createMemory(baseURL!, store.id, "/todo.md", "call Ana\n");
  const [, modified] = await versionsOf(baseURL!, store.id);
  expect(modified!.operation).toBe("modified");

  await page.goto(`/stores/${store.id}/versions`);
  await page.getByLabel("Path starts with").fill("/notes/");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/path_prefix=%2Fnotes%2F/);
  await expect(page.locator('[data-testid^="version-row-"]')).toHaveCount(2);
  await expect(page.getByText("/todo.md")).toHaveCount(0);

  // The row's own change: against the version of the same memory before it.
  await row(page, modified!.id).getByRole("button", { name: "Diff with previous" }).click();
  const diff = page.getByTestId("version-diff");
  await expect(diff.getByTestId("diff-right-label")).toContainText(modified!.id);
  await expect(diff.getByTestId("diff-left-label")).toContainText("created");
  await expect(diff.locator(".monaco-diff-editor .editor.modified .view-lines")).toContainText(/oat\smilk/, { timeout: MONACO_TIMEOUT });
  const created = page.locator('[data-testid^="version-row-"]').last();
  await expect(created.getByRole("button", { name: "Diff with previous" })).toBeDisabled();
  await expect(created.getByRole("button", { name: "Diff with previous" })).toHaveAttribute("data-disabled-reason", /created the memory/);
  await expectAccessible(page);
  await page.screenshot({ path: `${shots}/store-history-1280.png` });
  await diff.getByRole("button", { name: "Close diff" }).click();

  // Two memories ticked: said so, and comparing them is a separate, deliberate button.
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page.locator('[data-testid^="version-row-"]')).toHaveCount(3);
  const [todoVersion] = await versionsOf(baseURL!, store.id, `&memory_id=${todo.id}`);
  await page.getByLabel(`Select version ${todoVersion!.id} for diff`).check();
  await page.getByLabel(`Select version ${modified!.id} for diff`).check();
  const toolbar = page.getByTestId("diff-toolbar");
  await expect(toolbar).toContainText("belong to different memories");
  await expect(toolbar.getByRole("button", { name: "Compare selected" })).toHaveCount(0);
  await toolbar.getByRole("button", { name: "Compare two memories anyway" }).click();
  await expect(page.getByTestId("version-diff").getByTestId("diff-left-label")).toContainText("/notes/plan.md");
  await expect(page.getByTestId("version-diff").getByTestId("diff-right-label")).toContainText("/todo.md");

  await page.setViewportSize(PHONE);
  await page.goto(`/stores/${store.id}/versions?path_prefix=%2Fnotes%2F`);
  await expect(page.locator('[data-testid^="version-row-"]')).toHaveCount(2);
  await expectNoOverflow(page);
  await page.screenshot({ path: `${shots}/store-history-390.png`, fullPage: true });
  checkConsole();
});

test("a version's page diffs it with the previous and the current content, and restores it", async ({ page, baseURL }) => {
  const checkConsole = failOnConsoleErrors(page);
  const store = await createStore(baseURL!, `version page ${Date.now()}`);
  const memory = await createMemory(baseURL!, store.id, "/notes/plan.md", "one\n");
  await changeMemory(baseURL!, store.id, memory.id, "two\n");
  await changeMemory(baseURL!, store.id, memory.id, "three\n");
  const [head, second, first] = await versionsOf(baseURL!, store.id);

  await page.setViewportSize(DESKTOP);
  await page.goto(`/stores/${store.id}/versions/${head!.id}`);
  const actions = page.getByTestId("version-page-actions");
  await expect(actions.getByRole("button", { name: "Diff with current" })).toBeDisabled();
  await expect(actions.getByRole("button", { name: "Restore this version" })).toBeDisabled();

  await page.goto(`/stores/${store.id}/versions/${second!.id}`);
  await actions.getByRole("button", { name: "Diff with previous" }).click();
  const diff = page.getByTestId("version-diff");
  await expect(diff.getByTestId("diff-left-label")).toContainText(first!.id);
  await expect(diff.locator(".monaco-diff-editor .editor.modified .view-lines")).toContainText("two", { timeout: MONACO_TIMEOUT });
  await diff.getByRole("button", { name: "Close diff" }).click();
  await actions.getByRole("button", { name: "Diff with current" }).click();
  await expect(diff.getByTestId("diff-right-label")).toContainText("current content");
  await expect(diff.locator(".monaco-diff-editor .editor.modified .view-lines")).toContainText("three", { timeout: MONACO_TIMEOUT });
  await expectAccessible(page);
  await page.screenshot({ path: `${shots}/version-page-1280.png` });

  await actions.getByRole("button", { name: "Restore this version" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Restore version" }).click();
  await expect(actions).toContainText("Version restored");
  expect((await getMemory(baseURL!, store.id, memory.id)).body.content).toBe("two\n");

  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(actions.getByRole("button", { name: "Diff with previous" })).toBeVisible();
  await expectNoOverflow(page);
  await page.screenshot({ path: `${shots}/version-page-390.png`, fullPage: true });
  checkConsole();
});

test("a conflict names who changed the memory, and the history below already lists that change", async ({ page, baseURL }) => {
  const checkConsole = failOnConsoleErrorsExcept(page, [409]);
  const store = await createStore(baseURL!, `conflict who ${Date.now()}`);
  const memory = await createMemory(baseURL!, store.id, "/who.md", "first line\nsecond line\n");
  await page.goto(`/stores/${store.id}/memories/${memory.id}`);
  await editorReady(page, "first line");
  await changeMemory(baseURL!, store.id, memory.id, "first line, theirs\nsecond line\n");
  const theirs = (await getMemory(baseURL!, store.id, memory.id)).body.memory_version_id;
  await replaceEditorText(page, "first line\nsecond line, mine\n");
  await page.getByRole("button", { name: "Save" }).click();
  const view = page.getByTestId("conflict-view");
  await expect(view).toContainText("changed by API key MEMORY_CONSOLE_API_KEY");
  await expect(view).toContainText(theirs);
  const history = page.getByTestId("memory-history");
  await expect(history.getByTestId(`version-row-${theirs}`)).toBeVisible();
  await expect(history.getByTestId(`version-row-${theirs}`).getByText("current", { exact: true })).toBeVisible();
  await page.screenshot({ path: `${shots}/conflict-who-1280.png` });
  checkConsole();
});
