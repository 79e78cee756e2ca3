import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { zipSync } from "fflate";
import { createMemory, createStore, failOnConsoleErrorsExcept } from "./console-helpers.ts";
import { apiCall } from "./helpers.ts";

// Imports that forgive: files with problems can be skipped instead of fixed, the preview stays
// on screen when the conflict mode changes, and the import leaves a report page linked from the
// summary and listed under Imports.

const shots = process.env.SCREENSHOT_DIR ?? "e2e/screenshots";

async function expectFits(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

async function dropZip(page: Page, files: Record<string, Uint8Array>) {
  const zip = zipSync(files);
  const transfer = await page.evaluateHandle(
    (bytes) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(bytes)], "forgive.zip", { type: "application/zip" }));
      return data;
    },
    [...zip],
  );
  await page.dispatchEvent("main", "dragenter", { dataTransfer: transfer });
  await page.dispatchEvent("main", "drop", { dataTransfer: transfer });
}

test("skip the files with problems, keep the preview across conflict modes, read the import report", async ({ page, baseURL }) => {
  const checkConsole = failOnConsoleErrorsExcept(page);
  const store = await createStore(baseURL!, `forgiving import ${Date.now()}`);
  await createMemory(baseURL!, store.id, "/a.md", "mine");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/stores/${store.id}`);
  await expect(page.getByTestId("tree-memory-/a.md")).toBeVisible();
  const text = (s: string) => new TextEncoder().encode(s);
  await dropZip(page, { "a.md": text("theirs"), "docs/b.md": text("b"), "bad.md": new Uint8Array([0xff, 0xfe, 0x00]) });

  const dialog = page.getByRole("dialog", { name: `Import into ${store.name}` });
  await expect(dialog.getByLabel("Preview counts")).toContainText("1to create");
  await expect(dialog.locator('[data-action="refused"]')).toContainText("bad.md");
  await expect(dialog.getByRole("alert").filter({ hasText: "1 file cannot be imported" })).toBeVisible();

  // A new conflict mode previews again by itself; the tree never disappears meanwhile.
  await dialog.getByRole("radio", { name: /Overwrite/ }).check();
  await expect(dialog.getByRole("tree", { name: "Files to import" })).toBeVisible();
  await expect(dialog.locator('[data-action="overwrite"]')).toContainText("a.md");
  await expect(dialog.getByRole("tree", { name: "Files to import" })).toBeVisible();

  await dialog.getByRole("button", { name: "Skip the 1 file with problems" }).click();
  await expect(dialog).toContainText("1 file will be left out");
  await dialog.getByLabel("Type “import 2” to confirm").fill("import 2");
  await page.screenshot({ path: `${shots}/import-skip-1280.png` });
  await dialog.getByRole("button", { name: "Import 2 memories, skip 1" }).click();
  await expect(dialog.getByRole("status").filter({ hasText: "Imported" })).toBeVisible();
  await expect(dialog.getByTestId("import-left-out")).toContainText("/bad.md");
  await expect(dialog.getByTestId("import-left-out")).toContainText("UTF-8");
  const memories = await apiCall<{ data: { path: string }[] }>(baseURL!, `/v1/memory_stores/${store.id}/memories?depth=0&limit=100`);
  expect(memories.body.data.map((m) => m.path).sort()).toEqual(["/a.md", "/docs/b.md"]);

  await dialog.getByRole("link", { name: "The import report" }).click();
  const report = page.getByTestId("import-report");
  await expect(report.getByLabel("Import summary")).toContainText("1overwritten");
  await expect(report.getByLabel("Import summary")).toContainText("1left out (problems)");
  await expect(report.locator('[data-testid^="import-item-"]')).toHaveCount(2);
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: `${shots}/import-report-1280.png`, fullPage: true });

  await page.getByRole("link", { name: "All imports" }).click();
  await expect(page.getByRole("heading", { name: "Imports", level: 1 })).toBeVisible();
  const reportId = page.url();
  expect(reportId).toMatch(/\/imports$/);
  await expect(page.locator('[data-testid^="import-row-"]').first()).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.locator('[data-testid^="import-row-"]').first()).toBeVisible();
  await expectFits(page);
  await page.screenshot({ path: `${shots}/imports-390.png` });
  await page.locator('[data-testid^="import-row-"] a').first().click();
  await expect(page.getByTestId("import-report")).toBeVisible();
  await expect(page.locator('[data-testid^="import-item-"]').first()).toBeVisible();
  await expectFits(page);
  await page.screenshot({ path: `${shots}/import-report-390.png`, fullPage: true });
  checkConsole();
});
