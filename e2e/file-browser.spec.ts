import { expect, test } from "@playwright/test";
import { createMemory, createStore, editorReady, failOnConsoleErrorsExcept } from "./console-helpers.ts";

// The store page as a file browser: a memory opens beside the tree (on a phone, instead of it),
// the URL carries it; Markdown renders beside the source, safely; quick open finds a path.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

test.describe("file browser", () => {
  test("a memory opens beside the tree, the tree stays as it was, and the URL round-trips", async ({ page, baseURL }) => {
    await page.setViewportSize(DESKTOP);
    const store = await createStore(baseURL!, `browse-${Date.now()}`);
    const notes = [];
    for (const letter of "abcdefghij") notes.push(await createMemory(baseURL!, store.id, `/notes/${letter}.md`, `# Note ${letter}\n\nabout ${letter}\n`));
    await createMemory(baseURL!, store.id, "/README.md", "read me\n");
    const checkConsole = failOnConsoleErrorsExcept(page);

    await page.goto(`/stores/${store.id}`);
    await page.getByTestId("tree-folder-/notes/").getByRole("button").click();
    // Ten notes of a folder: ten clicks, each shown beside the tree, which keeps the folder open.
    for (const [i, note] of notes.entries()) {
      await page.getByTestId(`tree-memory-${note.path}`).getByRole("link").click();
      await expect(page).toHaveURL(new RegExp(`/stores/${store.id}\\?memory=${note.id}$`));
      const pane = page.getByTestId("memory-pane");
      await expect(pane.getByTestId("memory-path")).toHaveText(note.path);
      await expect(pane.getByTestId("memory-editor")).toContainText(`Note ${"abcdefghij"[i]}`);
      await expect(page.getByTestId(`tree-memory-${note.path}`)).toHaveAttribute("data-selected", "true");
      await expect(page.getByTestId("tree-memory-/notes/j.md")).toBeVisible();
    }
    // Back goes to the note before; a reload keeps the note that is open.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`memory=${notes[8]!.id}$`));
    await expect(page.getByTestId("memory-pane").getByTestId("memory-path")).toHaveText("/notes/i.md");
    await page.reload();
    await expect(page.getByTestId("memory-pane").getByTestId("memory-path")).toHaveText("/notes/i.md");
    await expect(page.getByTestId("tree-pane")).toBeVisible();
    await page.getByTestId("memory-pane").getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(new RegExp(`/stores/${store.id}$`));
    await expect(page.getByTestId("memory-pane")).toBeHidden();
    // By keyboard: Up/Down move along the tree's rows, Enter opens.
    await page.getByTestId("tree-memory-/notes/a.md").getByRole("link").focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowUp");
    await expect(page.getByTestId("tree-memory-/notes/b.md").getByRole("link")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("memory-pane").getByTestId("memory-path")).toHaveText("/notes/b.md");

    // On a phone the memory takes the page, with a way back to the tree.
    await page.setViewportSize(PHONE);
    await page.goto(`/stores/${store.id}?memory=${notes[0]!.id}`);
    await expect(page.getByTestId("memory-pane").getByTestId("memory-path")).toHaveText("/notes/a.md");
    await expect(page.getByTestId("tree-pane")).toBeHidden();
    await page.getByTestId("memory-pane-back").click();
    await expect(page).toHaveURL(new RegExp(`/stores/${store.id}$`));
    await expect(page.getByTestId("tree-memory-/README.md")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    checkConsole();
  });

  test("the Markdown preview renders the text and never its HTML, scripts or remote images", async ({ page, baseURL }) => {
    await page.setViewportSize(DESKTOP);
    const store = await createStore(baseURL!, `markdown-${Date.now()}`);
    const hostile = [
      "# Release notes",
      "",
      "Some **bold** text and a [link](https://example.org/docs).",
      "",
      "<script>window.__pwned = 1</script>",
      '<img src="/favicon.ico" onerror="window.__pwned = 2">',
      "",
      "![remote pixel](https://tracker.example.com/pixel.png)",
      "",
      "[bad](javascript:window.__pwned=3)",
      "",
      "- [x] shipped",
      "- [ ] announced",
      "",
      "| col | value |",
      "| --- | ----- |",
      "| a   | 1     |",
      "",
    ].join("\n");
    const memory = await createMemory(baseURL!, store.id, "/notes/release.md", hostile);
    const other = await createMemory(baseURL!, store.id, "/notes/other.md", "# Other\n");
    const outside: string[] = [];
    page.on("request", (request) => {
      if (!new URL(request.url()).hostname.startsWith("127.0.0.1")) outside.push(request.url());
    });

    await page.goto(`/stores/${store.id}/memories/${memory.id}`);
    await editorReady(page, "Release notes");
    const view = page.getByRole("group", { name: "View" });
    await view.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByTestId("markdown-preview");
    await expect(preview.getByRole("heading", { level: 1 })).toHaveText("Release notes");
    await expect(preview.locator("strong")).toHaveText("bold");
    await expect(preview.locator("table td").first()).toHaveText("a");
    await expect(preview.getByRole("checkbox")).toHaveCount(2);
    // Raw HTML is shown as text; nothing of it runs or loads.
    await expect(preview).toContainText("<script>window.__pwned = 1</script>");
    await expect(preview).toContainText('<img src="/favicon.ico"');
    await expect(preview.locator("script, img, iframe")).toHaveCount(0);
    await expect(preview.getByTestId("markdown-image")).toContainText("remote pixel");
    expect(await preview.getByRole("link", { name: "bad" }).getAttribute("href")).not.toContain("javascript");
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(outside).toEqual([]);
    // The source is still there (hidden); side by side shows both.
    await view.getByRole("button", { name: "Side by side" }).click();
    await expect(preview).toBeVisible();
    await expect(page.getByTestId("memory-editor")).toBeVisible();
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/markdown-side-by-side-1280.png` });

    // The choice holds for the next memory opened.
    await page.goto(`/stores/${store.id}/memories/${other.id}`);
    await expect(page.getByTestId("markdown-preview").getByRole("heading", { level: 1 })).toHaveText("Other");
    await page.getByRole("group", { name: "View" }).getByRole("button", { name: "Source" }).click();
    await expect(page.getByTestId("markdown-preview")).toBeHidden();
    await editorReady(page, "Other");
  });

  test("quick open finds a memory by a few letters of its path (Ctrl+P)", async ({ page, baseURL }) => {
    await page.setViewportSize(DESKTOP);
    const store = await createStore(baseURL!, `quick-open-${Date.now()}`);
    await createMemory(baseURL!, store.id, "/projects/alpine/plan.md", "alpine plan\n");
    const target = await createMemory(baseURL!, store.id, "/people/ada-lovelace.md", "# Ada\n");
    await createMemory(baseURL!, store.id, "/people/alan.md", "# Alan\n");
    const checkConsole = failOnConsoleErrorsExcept(page);

    await page.goto(`/stores/${store.id}`);
    await expect(page.getByTestId("tree-folder-/people/")).toBeVisible();
    await page.keyboard.press("Control+p");
    const dialog = page.getByRole("dialog", { name: "Go to memory" });
    await expect(dialog.getByRole("option")).toHaveCount(3);
    await dialog.getByRole("combobox", { name: "Path" }).fill("pelove");
    await expect(dialog.getByRole("option")).toHaveCount(1);
    await expect(dialog.getByRole("option").first()).toHaveText("/people/ada-lovelace.md");
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/quick-open-1280.png` });
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`memory=${target.id}`));
    await expect(page.getByTestId("memory-pane").getByTestId("memory-path")).toHaveText("/people/ada-lovelace.md");

    // From the editor too (the key is taken before Monaco sees it), with arrows to choose.
    await editorReady(page, "Ada");
    await page.getByTestId("memory-editor").locator(".view-lines").click();
    await page.keyboard.press("Control+p");
    await dialog.getByRole("combobox", { name: "Path" }).fill("plan");
    await expect(dialog.getByRole("option").first()).toHaveText("/projects/alpine/plan.md");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("memory-pane").getByTestId("memory-path")).toHaveText("/projects/alpine/plan.md");

    // Nothing matches: said so.
    await page.getByTestId("quick-open-button").click();
    await dialog.getByRole("combobox", { name: "Path" }).fill("zzzz");
    await expect(dialog.getByRole("status")).toContainText("No path of the 3 in this store matches");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    checkConsole();
  });
});
