import { expect, test, type Page } from "@playwright/test";
import {
  changeMemory,
  createMemory,
  createStore,
  editorReady,
  failOnConsoleErrorsExcept,
  getMemory,
  replaceEditorText,
  type WireStore,
} from "./console-helpers.ts";

// Lines far enough apart that changes to different ones do not touch (diff3 joins adjacent changes).
const BASE = "# Customer: Ana\nprefers email\nplan: basic\ntimezone: CET\nlanguage: Spanish\nregion: EU\nstatus: active\nnotes: none\n";

/** Opens the memory, lets "an agent" change it through the API, then saves an edit made on the stale copy. */
async function conflictingSave(page: Page, baseURL: string, store: WireStore, path: string, theirs: string, mine: string) {
  const memory = await createMemory(baseURL, store.id, path, BASE);
  await page.goto(`/stores/${store.id}/memories/${memory.id}`);
  await editorReady(page, "# Customer: Ana");
  await changeMemory(baseURL, store.id, memory.id, theirs);
  await replaceEditorText(page, mine);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("conflict-view")).toBeVisible();
  // The diff is computed in Monaco's worker: wait until it marks the merge's changed lines.
  await expect(page.getByTestId("merge-diff-editor").locator(".editor.modified .line-insert").first()).toBeVisible({ timeout: 45_000 });
  return memory;
}

const overlapping = {
  theirs: BASE.replace("plan: basic", "plan: premium"),
  mine: BASE.replace("plan: basic", "plan: enterprise"),
};

test.describe("saving over someone else's change", () => {
  let store: WireStore;
  test.beforeEach(async ({ baseURL }) => {
    store ??= await createStore(baseURL!, "conflicts");
  });

  test("take theirs: the editor continues from the server's version", async ({ page, baseURL }) => {
    const checkConsole = failOnConsoleErrorsExcept(page, [409]);
    const memory = await conflictingSave(page, baseURL!, store, "/take-theirs.md", overlapping.theirs, overlapping.mine);
    await expect(page.getByTestId("conflict-view")).toContainText("1 of your changes overlap theirs");
    await expect(page.getByTestId("conflict-1")).toBeVisible();
    await expect(page.getByRole("button", { name: "Save the merge" })).toBeDisabled();
    await page.screenshot({ path: "e2e/screenshots/conflict-view.png", fullPage: true });

    await page.getByRole("button", { name: "Take theirs" }).click();
    await editorReady(page, "plan: premium");
    await expect(page.getByTestId("save-status")).toHaveText("No changes");
    expect((await getMemory(baseURL!, store.id, memory.id)).body.content).toBe(overlapping.theirs);

    // Editing continues against their version: the next save goes through.
    await replaceEditorText(page, overlapping.theirs + "notes: renewed\n");
    await page.keyboard.press("ControlOrMeta+S");
    await expect(page.getByTestId("save-status")).toHaveText("Saved");
    expect((await getMemory(baseURL!, store.id, memory.id)).body.content).toBe(overlapping.theirs + "notes: renewed\n");
    checkConsole();
  });

  test("keep mine: re-saved with the new precondition", async ({ page, baseURL }) => {
    const checkConsole = failOnConsoleErrorsExcept(page, [409]);
    const memory = await conflictingSave(page, baseURL!, store, "/keep-mine.md", overlapping.theirs, overlapping.mine);
    await page.getByRole("button", { name: "Keep mine" }).click();
    await expect(page.getByTestId("conflict-view")).toBeHidden();
    await expect(page.getByTestId("save-status")).toHaveText("Saved");
    expect((await getMemory(baseURL!, store.id, memory.id)).body.content).toBe(overlapping.mine);
    checkConsole();
  });

  test("save the merge: overlapping lines resolved per conflict", async ({ page, baseURL }) => {
    const checkConsole = failOnConsoleErrorsExcept(page, [409]);
    const theirs = overlapping.theirs.replace("language: Spanish", "language: Spanish, English");
    const mine = overlapping.mine.replace("notes: none", "notes: call on Mondays");
    const memory = await conflictingSave(page, baseURL!, store, "/merge.md", theirs, mine);
    await page.getByTestId("conflict-1").getByRole("button", { name: "Use both" }).click();
    await expect(page.getByTestId("conflict-1")).toBeHidden();
    await page.getByRole("button", { name: "Save the merge" }).click();
    await expect(page.getByTestId("conflict-view")).toBeHidden();
    await expect(page.getByTestId("save-status")).toHaveText("Saved");
    expect((await getMemory(baseURL!, store.id, memory.id)).body.content).toBe(
      "# Customer: Ana\nprefers email\nplan: enterprise\nplan: premium\ntimezone: CET\nlanguage: Spanish, English\nregion: EU\nstatus: active\nnotes: call on Mondays\n",
    );
    checkConsole();
  });

  test("changes on different lines merge automatically", async ({ page, baseURL }) => {
    const checkConsole = failOnConsoleErrorsExcept(page, [409]);
    const theirs = BASE.replace("prefers email", "prefers phone");
    const mine = BASE.replace("language: Spanish", "language: Catalan");
    const memory = await conflictingSave(page, baseURL!, store, "/auto.md", theirs, mine);
    await expect(page.getByTestId("conflict-view")).toContainText("merged automatically");
    await expect(page.getByTestId("conflict-1")).toHaveCount(0);
    await page.screenshot({ path: "e2e/screenshots/conflict-auto-merge.png", fullPage: true });
    await page.getByRole("button", { name: "Save the merge" }).click();
    await expect(page.getByTestId("save-status")).toHaveText("Saved");
    expect((await getMemory(baseURL!, store.id, memory.id)).body.content).toBe(
      BASE.replace("prefers email", "prefers phone").replace("language: Spanish", "language: Catalan"),
    );
    checkConsole();
  });

  test("a merge refused again (another change meanwhile) opens a new merge against the newest version", async ({ page, baseURL }) => {
    const checkConsole = failOnConsoleErrorsExcept(page, [409]);
    const memory = await conflictingSave(page, baseURL!, store, "/twice.md", overlapping.theirs, overlapping.mine);
    const newest = overlapping.theirs.replace("language: Spanish", "language: English");
    await changeMemory(baseURL!, store.id, memory.id, newest);
    await page.getByRole("button", { name: "Keep mine" }).click();
    await expect(page.getByTestId("conflict-view")).toContainText("merged automatically");
    await page.getByRole("button", { name: "Save the merge" }).click();
    await expect(page.getByTestId("save-status")).toHaveText("Saved");
    expect((await getMemory(baseURL!, store.id, memory.id)).body.content).toBe(overlapping.mine.replace("language: Spanish", "language: English"));
    checkConsole();
  });
});
