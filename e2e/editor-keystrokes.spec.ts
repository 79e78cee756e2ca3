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
import { apiCall, listVersions } from "./helpers.ts";

// The editor owns its text while a person types: fast bursts, pastes, undo/redo and unicode save
// exactly what was typed, and a change on the server never writes over a draft.

/** 90 characters of words, digits and punctuation, no brackets or quotes (Monaco would auto-close them). */
const BURST = "The quick brown fox jumps over the lazy dog; 0123456789 - sphinx of black quartz, judge my vow.";

/** Clicks into the editor and puts the cursor at the very end of the text. */
async function cursorAtEnd(page: Page) {
  await page.getByTestId("memory-editor").locator(".view-lines").click();
  await page.keyboard.press("ControlOrMeta+End");
}

async function saved(page: Page) {
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
}

async function content(baseURL: string, storeId: string, memoryId: string) {
  return (await getMemory(baseURL, storeId, memoryId)).body.content;
}

/**
 * React Query refetches a stale query when the window becomes visible again, as when a person
 * comes back to the tab. The page's Date.now, which React Query measures staleness with, moves
 * past the 10 s staleTime instead of the test waiting it out (10.5 s a call, twice a test); timers
 * are left alone: Playwright's fake clock breaks the page (timers fired out of order, errors in its
 * own clock controller).
 */
async function comeBackToTab(page: Page) {
  await page.evaluate((ms) => {
    const now = Date.now;
    Date.now = () => now() + ms;
  }, 10_500);
  await page.evaluate(() => window.dispatchEvent(new Event("visibilitychange")));
}

test.describe("the editor never loses a keystroke", () => {
  let store: WireStore;
  test.beforeEach(async ({ baseURL }) => {
    store ??= await createStore(baseURL!, "keystrokes");
  });

  test("a burst typed with no delay, saved at once with Ctrl+S, reaches the API exactly", async ({ page, baseURL }) => {
    const memory = await createMemory(baseURL!, store.id, "/burst.txt", "start\n");
    const checkConsole = failOnConsoleErrorsExcept(page);
    await page.goto(`/stores/${store.id}/memories/${memory.id}`);
    await editorReady(page, "start");
    await cursorAtEnd(page);
    await page.keyboard.type(BURST);
    await page.keyboard.press("ControlOrMeta+S");
    await saved(page);
    expect(await content(baseURL!, store.id, memory.id)).toBe("start\n" + BURST);

    // A second, longer burst on top of the saved text, saved with the button.
    await page.keyboard.type(" " + BURST + " " + BURST);
    await expect(page.getByTestId("save-status")).toHaveText("Unsaved changes");
    await page.screenshot({ path: "e2e/screenshots/editor-keystrokes.png", fullPage: true });
    await page.getByRole("button", { name: "Save" }).click();
    await saved(page);
    const expected = "start\n" + BURST + " " + BURST + " " + BURST;
    expect(await content(baseURL!, store.id, memory.id)).toBe(expected);
    await expect(page.getByTestId("size-counter")).toContainText(`${expected.length} / 102,400 bytes`);
    checkConsole();
  });

  test("the editor's box shows where the keyboard focus is", async ({ page, baseURL }) => {
    const memory = await createMemory(baseURL!, store.id, "/focus.md", "focus\n");
    await page.goto(`/stores/${store.id}/memories/${memory.id}`);
    await editorReady(page, "focus");
    const box = page.getByTestId("memory-editor");
    const ring = () => box.evaluate((element) => getComputedStyle(element).boxShadow);
    const unfocused = await ring();
    await cursorAtEnd(page);
    await expect.poll(ring).not.toBe(unfocused);
    await page.getByRole("heading", { level: 1 }).first().click();
    await expect.poll(ring).toBe(unfocused);
  });

  test("a multi-line paste, by the clipboard and by inserted text, saves exactly", async ({ page, baseURL, context }) => {
    const memory = await createMemory(baseURL!, store.id, "/paste.md", "# Pasted\n");
    const checkConsole = failOnConsoleErrorsExcept(page);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto(`/stores/${store.id}/memories/${memory.id}`);
    await editorReady(page, "# Pasted");
    const block = "- one\n- two, with trailing spaces   \n\n  indented line\n\ttabbed line\nlast line without newline";
    await page.evaluate((text) => navigator.clipboard.writeText(text), block);
    await cursorAtEnd(page);
    await page.keyboard.press("ControlOrMeta+V");
    // Saved once the paste is in, as a person sees it land before pressing Ctrl+S: on a loaded
    // machine a Ctrl+S pressed at once left "Unsaved changes" (once in a whole run, 4 Dec 2026).
    await expect(page.getByTestId("memory-editor").locator(".view-lines")).toContainText("last line without newline");
    await page.keyboard.press("ControlOrMeta+S");
    await saved(page);
    expect(await content(baseURL!, store.id, memory.id)).toBe("# Pasted\n" + block);

    // Inserted text goes through Monaco's typing path, which auto-indents after a newline: no indented lines here.
    const flat = "\nalpha: 1\nbeta: two words\n\ngamma — ü 🙂\n";
    await page.keyboard.insertText(flat);
    await page.keyboard.press("ControlOrMeta+S");
    await saved(page);
    expect(await content(baseURL!, store.id, memory.id)).toBe("# Pasted\n" + block + flat);
    checkConsole();
  });

  test("undo and redo across a save, then save again", async ({ page, baseURL }) => {
    const memory = await createMemory(baseURL!, store.id, "/undo.txt", "base\n");
    const checkConsole = failOnConsoleErrorsExcept(page);
    await page.goto(`/stores/${store.id}/memories/${memory.id}`);
    await editorReady(page, "base");
    await cursorAtEnd(page);
    // One word each side of the save: Monaco would make them one undo step if saving did not end it.
    await page.keyboard.type("first");
    await page.keyboard.press("ControlOrMeta+S");
    await saved(page);
    await page.keyboard.type("second");
    await expect(page.getByTestId("save-status")).toHaveText("Unsaved changes");

    await page.keyboard.press("ControlOrMeta+Z");
    await saved(page); // back to exactly the saved text
    await page.keyboard.press("ControlOrMeta+Z");
    await expect(page.getByTestId("save-status")).toHaveText("Unsaved changes");
    await page.keyboard.press("ControlOrMeta+S");
    await saved(page);
    expect(await content(baseURL!, store.id, memory.id)).toBe("base\n");

    await page.keyboard.press("ControlOrMeta+Shift+Z");
    await page.keyboard.press("ControlOrMeta+Shift+Z");
    await page.keyboard.press("ControlOrMeta+S");
    await saved(page);
    expect(await content(baseURL!, store.id, memory.id)).toBe("base\nfirstsecond");
    checkConsole();
  });

  test("unicode typed without an IME saves exactly, and the counter counts its UTF-8 bytes", async ({ page, baseURL }) => {
    const memory = await createMemory(baseURL!, store.id, "/unicode.txt", "");
    const checkConsole = failOnConsoleErrorsExcept(page);
    await page.goto(`/stores/${store.id}/memories/${memory.id}`);
    await expect(page.getByTestId("memory-editor").locator(".view-lines")).toBeVisible({ timeout: 30_000 });
    await cursorAtEnd(page);
    const text = "ñandú — 東京 🙂 ü, ñandú — 東京 🙂 ü, ñandú — 東京 🙂 ü, ñandú — 東京 🙂 ü";
    await page.keyboard.type(text);
    await page.keyboard.press("ControlOrMeta+S");
    await saved(page);
    expect(await content(baseURL!, store.id, memory.id)).toBe(text);
    await expect(page.getByTestId("size-counter")).toContainText(`${Buffer.byteLength(text)} / 102,400 bytes`);
    checkConsole();
  });

  test("a server change is adopted while the draft is clean, and never written over a draft", async ({ page, baseURL }) => {
    const memory = await createMemory(baseURL!, store.id, "/background.txt", "v1\n");
    const checkConsole = failOnConsoleErrorsExcept(page, [409]);
    await page.goto(`/stores/${store.id}/memories/${memory.id}`);
    await editorReady(page, "v1");

    // Clean: the agent's content replaces the editor's, and typing continues from it.
    await changeMemory(baseURL!, store.id, memory.id, "v2 by an agent\n");
    await comeBackToTab(page);
    await editorReady(page, "v2 by an agent");
    await expect(page.getByTestId("save-status")).toHaveText("No changes");
    await cursorAtEnd(page);
    await page.keyboard.type(BURST);
    await page.keyboard.press("ControlOrMeta+S");
    await saved(page);
    expect(await content(baseURL!, store.id, memory.id)).toBe("v2 by an agent\n" + BURST);

    // Dirty: the agent's change is announced, not applied; typing goes on undisturbed.
    await page.keyboard.type(" mine");
    await changeMemory(baseURL!, store.id, memory.id, "v3 by an agent\n");
    await comeBackToTab(page);
    await expect(page.getByText("Someone changed this memory since you started editing")).toBeVisible();
    await page.keyboard.type(" and more of mine, typed fast after the change arrived");
    const mine = "v2 by an agent\n" + BURST + " mine and more of mine, typed fast after the change arrived";
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("conflict-view")).toBeVisible();
    await page.getByRole("button", { name: "Keep mine" }).click();
    await saved(page);
    expect(await content(baseURL!, store.id, memory.id)).toBe(mine);
    checkConsole();
  });

  test("restoring a version replaces the text of a clean editor, and typing continues from it", async ({ page, baseURL }) => {
    const memory = await createMemory(baseURL!, store.id, "/restore.txt", "old text\n");
    await changeMemory(baseURL!, store.id, memory.id, "new text\n");
    const checkConsole = failOnConsoleErrorsExcept(page);
    await page.goto(`/stores/${store.id}/memories/${memory.id}`);
    await editorReady(page, "new text");
    const created = (await listVersions(baseURL!, store.id, memory.id)).at(-1)!;
    await page.getByTestId(`version-row-${created.id}`).getByRole("button", { name: "Restore" }).click();
    await page.getByRole("dialog", { name: "Restore version" }).getByRole("button", { name: "Restore version" }).click();
    await editorReady(page, "old text");
    await expect(page.getByTestId("save-status")).toHaveText("No changes");

    await cursorAtEnd(page);
    await page.keyboard.type(BURST);
    await page.keyboard.press("ControlOrMeta+S");
    await saved(page);
    expect(await content(baseURL!, store.id, memory.id)).toBe("old text\n" + BURST);
    checkConsole();
  });

  test("a burst typed into the conflict merge saves exactly; undo then steps back to the edit from before", async ({ page, baseURL }) => {
    const memory = await createMemory(baseURL!, store.id, "/merge.txt", "line one\nline two\nline three\nline four\n");
    const checkConsole = failOnConsoleErrorsExcept(page, [409]);
    await page.goto(`/stores/${store.id}/memories/${memory.id}`);
    await editorReady(page, "line one");
    await changeMemory(baseURL!, store.id, memory.id, "line one, theirs\nline two\nline three\nline four\n");
    await replaceEditorText(page, "line one\nline two\nline three\nline four, mine\n");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("conflict-view")).toContainText("merged automatically");
    const merge = page.getByTestId("merge-diff-editor").locator(".editor.modified");
    await expect(merge.locator(".line-insert").first()).toBeVisible({ timeout: 45_000 });

    await merge.locator(".view-lines").click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type(BURST);
    await page.getByRole("button", { name: "Save the merge" }).click();
    await saved(page);
    expect(await content(baseURL!, store.id, memory.id)).toBe("line one, theirs\nline two\nline three\nline four, mine\n" + BURST);

    // The editor holds the merge that was saved; undo steps back to the edit from before the conflict.
    await editorReady(page, "line one, theirs");
    await page.getByTestId("memory-editor").locator(".view-lines").click();
    await page.keyboard.press("ControlOrMeta+Z");
    await expect(page.getByTestId("save-status")).toHaveText("Unsaved changes");
    await expect(page.getByTestId("memory-editor").locator(".view-lines")).not.toContainText("theirs");
    checkConsole();
  });

  test("an archived store's memory stays read-only: typing changes nothing", async ({ page, baseURL }) => {
    const archived = await createStore(baseURL!, "keystrokes archived");
    const memory = await createMemory(baseURL!, archived.id, "/frozen.txt", "frozen\n");
    expect((await apiCall(baseURL!, `/v1/memory_stores/${archived.id}/archive`, { method: "POST" })).status).toBe(200);
    const checkConsole = failOnConsoleErrorsExcept(page);
    await page.goto(`/stores/${archived.id}/memories/${memory.id}`);
    const editor = await editorReady(page, "frozen");
    await expect(editor).toHaveAttribute("data-readonly", "true");
    await cursorAtEnd(page);
    await page.keyboard.type(BURST);
    await page.keyboard.insertText("pasted");
    await expect(editor.locator(".view-lines")).toHaveText("frozen");
    await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
    checkConsole();
  });
});
