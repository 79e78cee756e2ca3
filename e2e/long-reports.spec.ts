import { expect, test } from "@playwright/test";
import { zipSync, strToU8 } from "fflate";
import { API_KEY, failOnConsoleErrors } from "./helpers.ts";

const shots = process.env.SCREENSHOT_DIR ?? "e2e/screenshots";

// A report of thousands of items (an import into a full store, a restore of one) draws its first
// 200 rows and a button for more (components/ui/shown-rows.tsx), so it shows in the time of 200.

test("an import report of 450 memories draws 200 rows, then 200 more per click", async ({ page, baseURL }) => {
  const checkConsole = failOnConsoleErrors(page);
  const files: Record<string, Uint8Array> = {};
  for (let i = 0; i < 450; i++) files[`notes/n${String(i).padStart(3, "0")}.md`] = strToU8(`note ${i}\n`);
  const response = await fetch(`${baseURL}/v1/imports?format=zip&name=${encodeURIComponent(`Long report ${Date.now().toString(36)}`)}`, {
    method: "POST",
    headers: { "x-api-key": API_KEY, "anthropic-beta": "agent-memory-2026-07-22", "content-type": "application/zip" },
    body: zipSync(files),
  });
  expect(response.status).toBe(200);
  const { import_id: importId } = (await response.json()) as { import_id: string };

  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.goto(`/imports/${importId}`);
    const rows = page.locator('[data-testid^="import-item-"]');
    await expect(rows).toHaveCount(200);
    const more = page.getByTestId("rows-not-shown");
    await expect(more).toContainText("200 of 450 shown.");
    await more.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${shots}/long-report-${size.width}.png` });
    await more.getByRole("button", { name: "Show 200 more" }).click();
    await expect(rows).toHaveCount(400);
    await more.getByRole("button", { name: "Show 50 more" }).click();
    await expect(rows).toHaveCount(450);
    await expect(more).toHaveCount(0);
  }
  checkConsole();
});
