import { expect, test } from "@playwright/test";
import { strFromU8, unzipSync, zipSync } from "fflate";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createMemory, createStore, failOnConsoleErrorsExcept, type WireMemory, type WireStore } from "./console-helpers.ts";
import { apiCall } from "./helpers.ts";

// Import and export in the console (issue 12): a folder of 200 files into a new store, an
// archive dropped onto a store page with a conflict, and a download compared with the API.

/** A folder of 200 notes in nested folders, as a person would pick it. */
function notesFolder(): { dir: string; files: Record<string, string> } {
  const dir = join(mkdtempSync(join(tmpdir(), "memc-notes-")), "team-notes");
  const files: Record<string, string> = {};
  for (let i = 0; i < 200; i++) {
    const folder = ["clients", "clients/acme", "projects/alpha", "projects/beta", "journal"][i % 5]!;
    const path = `${folder}/note-${String(i).padStart(3, "0")}.md`;
    files[`/${path}`] = `# Note ${i}\n\nWritten for the import test — ü ${i}.\n`;
    mkdirSync(join(dir, folder), { recursive: true });
    writeFileSync(join(dir, path), files[`/${path}`]!);
  }
  return { dir, files };
}

async function allMemories(baseURL: string, storeId: string): Promise<Map<string, WireMemory>> {
  const out = new Map<string, WireMemory>();
  let page: string | null = null;
  do {
    const res: { body: { data: WireMemory[]; next_page: string | null } } = await apiCall(
      baseURL,
      `/v1/memory_stores/${storeId}/memories?view=full&limit=20${page ? `&page=${encodeURIComponent(page)}` : ""}`,
    );
    for (const m of res.body.data) out.set(m.path, m);
    page = res.body.next_page;
  } while (page);
  return out;
}

test.describe("import and export", () => {
  test("a folder of 200 files becomes a new store: preview tree, typed confirmation, progress, summary, then browse it", async ({ page, baseURL }) => {
    const checkConsole = failOnConsoleErrorsExcept(page);
    const { dir, files } = notesFolder();
    // Every progress bar label the page shows, however briefly (packing, upload, writing).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { progressLabels: string[] }).progressLabels = seen;
      new MutationObserver(() => {
        for (const bar of document.querySelectorAll('[role="progressbar"]')) {
          const label = bar.getAttribute("aria-label") ?? "";
          if (seen[seen.length - 1] !== label) seen.push(label);
        }
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await page.goto("/stores");
    await page.getByRole("button", { name: "New store from files" }).click();
    const dialog = page.getByRole("dialog", { name: "New store from files" });
    await expect(dialog.getByTestId("import-drop-zone")).toBeVisible();
    await dialog.getByLabel("Folder to import").setInputFiles(dir);

    // The browser zips the 200 files before the preview: seconds of CPU, more on a loaded machine.
    await expect(dialog.getByLabel("Preview counts")).toContainText("200", { timeout: 30_000 });
    await expect(dialog.getByText("From team-notes (200 files")).toBeVisible();
    await expect(dialog.getByLabel("Store name")).toHaveValue("team-notes");
    const tree = dialog.getByRole("tree", { name: "Files to import" });
    await expect(tree.getByRole("button", { name: /^clients\/ 80/ })).toBeVisible();
    await expect(tree.locator('[data-action="create"]')).not.toHaveCount(0);
    // Top-level folders start open, deeper ones closed.
    await expect(tree.getByRole("treeitem", { name: /^projects\/ 80/ })).toHaveAttribute("aria-expanded", "true");
    await tree.getByRole("button", { name: /^alpha\/ 40/ }).click();
    await expect(tree.getByRole("treeitem", { name: /^note-002\.md new/ })).toBeVisible();
    await dialog.getByLabel("Store name").fill("Team notes (imported)");
    await page.screenshot({ path: "e2e/screenshots/import-preview.png", fullPage: true });

    const importButton = dialog.getByRole("button", { name: "Import 200 memories" });
    await expect(importButton).toBeDisabled();
    await dialog.getByLabel("Type “import 200” to confirm").fill("import 200");
    await importButton.click();
    await expect(dialog.getByRole("status").filter({ hasText: "Imported" })).toBeVisible();
    await expect(dialog.getByLabel("Import summary")).toContainText("200");
    const labels = await page.evaluate(() => (window as unknown as { progressLabels: string[] }).progressLabels);
    expect(labels.some((l) => l.startsWith("Packing 200 files"))).toBe(true);
    expect(labels.some((l) => l.startsWith("Uploading"))).toBe(true);
    expect(labels.some((l) => l.startsWith("Writing memories"))).toBe(true);
    await page.screenshot({ path: "e2e/screenshots/import-summary.png", fullPage: true });

    const stores = await apiCall<{ data: WireStore[] }>(baseURL!, "/v1/memory_stores?limit=100");
    const store = stores.body.data.find((s) => s.name === "Team notes (imported)")!;
    const imported = await allMemories(baseURL!, store.id);
    expect(Object.fromEntries([...imported].map(([path, m]) => [path, m.content]))).toEqual(files);
    const reports = await apiCall<{ data: { source: string; source_name: string; memories_written: number }[] }>(baseURL!, `/v1/imports?store_id=${store.id}`);
    expect(reports.body.data).toEqual([expect.objectContaining({ source: "zip", source_name: "team-notes", memories_written: 200 })]);

    await dialog.getByRole("link", { name: "Open the store" }).click();
    await expect(page.getByRole("heading", { name: "Team notes (imported)" })).toBeVisible();
    await page.getByRole("button", { name: "projects/" }).click();
    await page.getByRole("button", { name: "alpha/" }).click();
    await expect(page.getByTestId("tree-memory-/projects/alpha/note-002.md")).toBeVisible();
    await page.getByRole("link", { name: "note-002.md" }).click();
    await expect(page.getByTestId("memory-path")).toHaveText("/projects/alpha/note-002.md");
    checkConsole();
  });

  test("an archive dropped on a store page: the conflict is marked, skip or overwrite is chosen, and the import lands", async ({ page, baseURL }) => {
    const checkConsole = failOnConsoleErrorsExcept(page);
    const store = await createStore(baseURL!, "drop target");
    await createMemory(baseURL!, store.id, "/a.md", "mine");
    await page.goto(`/stores/${store.id}`);
    await expect(page.getByTestId("tree-memory-/a.md")).toBeVisible();

    const zip = zipSync({ "a.md": new TextEncoder().encode("theirs"), "docs/b.md": new TextEncoder().encode("b") });
    const transfer = await page.evaluateHandle(
      (bytes) => {
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array(bytes)], "drop.zip", { type: "application/zip" }));
        return data;
      },
      [...zip],
    );
    await page.dispatchEvent("main", "dragenter", { dataTransfer: transfer });
    await expect(page.getByText("Drop to import into drop target")).toBeVisible();
    await page.dispatchEvent("main", "drop", { dataTransfer: transfer });

    const dialog = page.getByRole("dialog", { name: "Import into drop target" });
    await expect(dialog.getByLabel("Preview counts")).toContainText("1to create");
    await expect(dialog.locator('[data-action="skip"]')).toContainText("a.md");
    await dialog.getByRole("radio", { name: /Fail/ }).check();
    await dialog.getByRole("button", { name: "Preview again" }).click();
    await expect(dialog.locator('[data-action="refused"]')).toContainText("already exists in the store with other content");
    await expect(dialog.getByRole("alert").filter({ hasText: "1 file cannot be imported" })).toBeVisible();
    await page.screenshot({ path: "e2e/screenshots/import-conflict.png", fullPage: true });
    await dialog.getByRole("radio", { name: /Overwrite/ }).check();
    await dialog.getByRole("button", { name: "Preview again" }).click();
    await expect(dialog.locator('[data-action="overwrite"]')).toContainText("a.md");
    await dialog.getByLabel("Type “import 2” to confirm").fill("import 2");
    await dialog.getByRole("button", { name: "Import 2 memories" }).click();
    await expect(dialog.getByRole("status").filter({ hasText: "Imported" })).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(page.getByTestId("tree-folder-/docs/")).toBeVisible();
    const after = await allMemories(baseURL!, store.id);
    expect(after.get("/a.md")?.content).toBe("theirs");
    expect(after.get("/docs/b.md")?.content).toBe("b");
    checkConsole();
  });

  test("Download saves the store's archive; its files are the API's memories", async ({ page, baseURL }) => {
    const checkConsole = failOnConsoleErrorsExcept(page);
    const store = await createStore(baseURL!, "download me");
    for (const [path, content] of [
      ["/readme.md", "# Readme\n"],
      ["/notes/todo.md", "- call Ana\n"],
      ["/notes/ideas/ünïcode.md", "🎉\r\n"],
    ]) {
      await createMemory(baseURL!, store.id, path!, content!);
    }
    await page.goto(`/stores/${store.id}`);
    await page.getByRole("button", { name: "Download" }).click();
    const menu = page.getByRole("menu", { name: "Download as" });
    await expect(menu.getByRole("menuitem")).toHaveCount(3);
    await page.screenshot({ path: "e2e/screenshots/download-menu.png" });
    const downloading = page.waitForEvent("download");
    await menu.getByRole("menuitem", { name: /Zip archive/ }).click();
    const download = await downloading;
    // Named by the store's name and the day (issue 26), not by its id.
    expect(download.suggestedFilename()).toMatch(/^download-me-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(readFileSync(await download.path())));
    const manifest = JSON.parse(strFromU8(files["manifest.json"]!)) as { files: { path: string; content_sha256: string }[] };
    const api = await allMemories(baseURL!, store.id);
    const inArchive = Object.fromEntries(
      Object.entries(files)
        .filter(([name]) => name.startsWith("memories/"))
        .map(([name, bytes]) => [name.slice("memories".length), strFromU8(bytes)]),
    );
    expect(inArchive).toEqual(Object.fromEntries([...api].map(([path, m]) => [path, m.content])));
    expect(Object.fromEntries(manifest.files.map((f) => [f.path, f.content_sha256]))).toEqual(
      Object.fromEntries([...api].map(([p, m]) => [p, m.content_sha256])),
    );
    checkConsole();
  });
});
