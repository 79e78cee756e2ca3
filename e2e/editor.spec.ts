import { expect, test } from "@playwright/test";
import { changeMemory, createMemory, createStore, editorReady, failOnConsoleErrorsExcept, getMemory, replaceEditorText } from "./console-helpers.ts";
import { apiCall } from "./helpers.ts";

test.describe("memory editor", () => {
  test("Monaco loads from the app itself, edits, and Ctrl+S saves with the API seeing the new content", async ({ page, baseURL }) => {
    const store = await createStore(baseURL!, "editor basics");
    const memory = await createMemory(baseURL!, store.id, "/notes/plan.md", "# Plan\n\n- first step\n");
    const checkConsole = failOnConsoleErrorsExcept(page);
    const offsite: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (!["data:", "blob:"].includes(url.protocol) && url.hostname !== "127.0.0.1") offsite.push(request.url());
    });

    await page.goto(`/stores/${store.id}/memories/${memory.id}`);
    const editor = await editorReady(page, "# Plan");
    await expect(editor).toHaveAttribute("data-language", "markdown");
    await expect(page.getByTestId("memory-path")).toHaveText("/notes/plan.md");
    await expect(page.getByTestId("size-counter")).toContainText("21 / 102,400 bytes");
    expect(offsite, "requests that left 127.0.0.1").toEqual([]);

    await replaceEditorText(page, "# Plan\n\n- first step\n- second step, café\n");
    await expect(page.getByTestId("save-status")).toHaveText("Unsaved changes");
    await expect(page.getByTestId("size-counter")).toContainText("42 / 102,400 bytes");
    await page.screenshot({ path: "e2e/screenshots/editor.png", fullPage: true });
    await page.keyboard.press("ControlOrMeta+S");
    await expect(page.getByTestId("save-status")).toHaveText("Saved");

    const saved = await getMemory(baseURL!, store.id, memory.id);
    expect(saved.body.content).toBe("# Plan\n\n- first step\n- second step, café\n");

    // The deep link works after a reload, with the saved content.
    await page.reload();
    await editorReady(page, "second step, café");
    expect(offsite).toEqual([]);
    checkConsole();
  });

  test("language follows the extension, and the size counter stops a save past 100 kB", async ({ page, baseURL }) => {
    const store = await createStore(baseURL!, "editor limits");
    const json = await createMemory(baseURL!, store.id, "/settings.json", '{ "tone": "friendly" }\n');
    const yaml = await createMemory(baseURL!, store.id, "/agent.yaml", "name: agent\n");
    // 1,279 lines of 80 bytes and one of 79: one byte under the limit.
    const big = ("x".repeat(79) + "\n").repeat(1279) + "x".repeat(79);
    const text = await createMemory(baseURL!, store.id, "/log", big);
    const checkConsole = failOnConsoleErrorsExcept(page);
    for (const [memory, language, first] of [
      [json, "json", "tone"],
      [yaml, "yaml", "name: agent"],
      [text, "plaintext", "xxxx"],
    ] as const) {
      await page.goto(`/stores/${store.id}/memories/${memory.id}`);
      await expect(await editorReady(page, first)).toHaveAttribute("data-language", language);
    }
    await expect(page.getByTestId("size-counter")).toContainText("102,399 / 102,400 bytes");
    await page.getByTestId("memory-editor").locator(".view-lines").click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.type("ab");
    await expect(page.getByTestId("size-counter")).toContainText("102,401 / 102,400 bytes — 1 over the limit");
    await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
    await page.keyboard.press("Backspace");
    await expect(page.getByTestId("size-counter")).toContainText("102,400 / 102,400 bytes");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("save-status")).toHaveText("Saved");
    expect((await getMemory(baseURL!, store.id, text.id)).body.content).toBe(big + "a");
    checkConsole();
  });

  test("unsaved changes are guarded on in-app links and on reload", async ({ page, baseURL }) => {
    const store = await createStore(baseURL!, "editor guard");
    const memory = await createMemory(baseURL!, store.id, "/draft.md", "draft\n");
    const checkConsole = failOnConsoleErrorsExcept(page);
    await page.goto(`/stores/${store.id}/memories/${memory.id}`);
    await editorReady(page, "draft");
    await replaceEditorText(page, "draft, edited\n");

    const crumbs = page.getByRole("navigation", { name: "Breadcrumbs" });
    await crumbs.getByRole("link", { name: "editor guard" }).click();
    const dialog = page.getByRole("dialog", { name: "Leave without saving?" });
    await dialog.getByRole("button", { name: "Stay" }).click();
    await expect(page).toHaveURL(new RegExp(`/memories/${memory.id}$`));
    await expect(page.getByTestId("save-status")).toHaveText("Unsaved changes");

    let asked = "";
    page.once("dialog", (d) => {
      asked = d.type();
      void d.dismiss();
    });
    await page.reload({ timeout: 3_000 }).catch(() => undefined);
    expect(asked).toBe("beforeunload");
    await expect(page.getByTestId("save-status")).toHaveText("Unsaved changes");

    await crumbs.getByRole("link", { name: "editor guard" }).click();
    await dialog.getByRole("button", { name: "Leave without saving" }).click();
    await expect(page).toHaveURL(new RegExp(`/stores/${store.id}$`));
    expect((await getMemory(baseURL!, store.id, memory.id)).body.content).toBe("draft\n");
    checkConsole();
  });

  test("rename into a conflict shows the conflicting memory as a link; a free path renames", async ({ page, baseURL }) => {
    const store = await createStore(baseURL!, "rename");
    const a = await createMemory(baseURL!, store.id, "/a.md", "a\n");
    const b = await createMemory(baseURL!, store.id, "/b.md", "b\n");
    const checkConsole = failOnConsoleErrorsExcept(page, [409]);
    await page.goto(`/stores/${store.id}/memories/${a.id}`);
    await editorReady(page, "a");
    await page.getByRole("button", { name: "Rename / move" }).click();
    const dialog = page.getByRole("dialog", { name: "Rename or move memory" });
    await dialog.getByLabel("New path").fill("/b.md/inside.md");
    await dialog.getByRole("button", { name: "Rename" }).click();
    const link = dialog.getByTestId("conflicting-path").getByRole("link", { name: "/b.md" });
    await expect(link).toHaveAttribute("href", `/stores/${store.id}/memories/${b.id}`);

    await dialog.getByLabel("New path").fill("/archive/a.md");
    await dialog.getByRole("button", { name: "Rename" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("memory-path")).toHaveText("/archive/a.md");
    expect((await getMemory(baseURL!, store.id, a.id)).body.path).toBe("/archive/a.md");

    await page.getByRole("button", { name: "Rename / move" }).click();
    await dialog.getByLabel("New path").fill("/b.md");
    await dialog.getByRole("button", { name: "Rename" }).click();
    await dialog.getByTestId("conflicting-path").getByRole("link", { name: "/b.md" }).click();
    await expect(page.getByTestId("memory-path")).toHaveText("/b.md");
    checkConsole();
  });

  test("delete sends the loaded content's hash: refused after a change, done otherwise; the deleted page explains", async ({ page, baseURL }) => {
    const store = await createStore(baseURL!, "delete");
    const memory = await createMemory(baseURL!, store.id, "/notes/old.md", "old\n");
    const checkConsole = failOnConsoleErrorsExcept(page, [404, 409]);
    await page.goto(`/stores/${store.id}/memories/${memory.id}`);
    await editorReady(page, "old");

    await changeMemory(baseURL!, store.id, memory.id, "changed by an agent\n");
    await page.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete memory?" });
    await dialog.getByRole("button", { name: "Delete memory" }).click();
    await expect(dialog).toContainText("Not deleted: someone changed this memory");
    expect((await getMemory(baseURL!, store.id, memory.id)).status).toBe(200);

    await page.reload();
    await editorReady(page, "changed by an agent");
    await page.getByRole("button", { name: "Delete" }).click();
    await dialog.getByRole("button", { name: "Delete memory" }).click();
    await expect(page).toHaveURL(new RegExp(`/stores/${store.id}\\?prefix=%2Fnotes%2F$`));
    expect((await getMemory(baseURL!, store.id, memory.id)).status).toBe(404);

    await page.goto(`/stores/${store.id}/memories/${memory.id}`);
    await expect(page.getByText("This memory does not exist any more")).toBeVisible();
    await expect(page.getByRole("region", { name: "Version history" }).getByText("This memory is deleted")).toBeVisible();
    const versions = await apiCall<{ data: unknown[] }>(baseURL!, `/v1/memory_stores/${store.id}/memory_versions?memory_id=${memory.id}`);
    expect(versions.body.data).toHaveLength(3);
    checkConsole();
  });
});
