import AxeBuilder from "@axe-core/playwright";
import { test, type Page } from "@playwright/test";
import { createStore, failOnConsoleErrorsExcept, seedMemories } from "./console-helpers.ts";
import { apiCall } from "./helpers.ts";
import { agentCreates, agentUpdates, createAgent, expect } from "./review-helpers.ts";

// Undo a recorded review batch (issue 26, item 4): from the batches list under the inbox, a dry
// run that says what goes back and what is left (changed after the batch), a typed phrase from
// 50 memories on and always the count, then the report. The undo opens no review items.

const shots = process.env.SCREENSHOT_DIR ?? "e2e/screenshots";
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function expectFits(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

async function bulkApprove(base: string, storeId: string): Promise<string> {
  const preview = await apiCall<Json>(base, "/v1/reviews/bulk", { method: "POST", body: { action: "approve", dry_run: true, filter: { store_id: storeId } } });
  expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  const report = await apiCall<Json>(base, "/v1/reviews/bulk", { method: "POST", body: { action: "approve", items: preview.body.items } });
  expect(report.status, JSON.stringify(report.body)).toBe(200);
  return report.body.batch_id;
}

const paths = async (base: string, storeId: string) =>
  (await apiCall<{ data: { path: string }[] }>(base, `/v1/memory_stores/${storeId}/memories?limit=100`)).body.data.map((m) => m.path).sort();

test("undo a bulk approve from the batches list: what changed after the batch is left alone and reported", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const checkConsole = failOnConsoleErrorsExcept(page);
  const store = await createStore(base, `batch undo ${Date.now()}`);
  const agentName = `undo agent ${Date.now()}`;
  const agent = await createAgent(base, agentName);
  for (const name of ["a", "b", "c"]) await agentCreates(base, agent, store.id, `/undo/${name}.md`, `${name}\n`);
  const late = await agentCreates(base, agent, store.id, "/undo/late.md", "late\n");

  // The bulk approve, from the inbox, as a reviewer does it.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/stores/${store.id}/review`);
  await page
    .getByRole("group", { name: "Bulk actions" })
    .getByRole("button", { name: /^Approve all in the inbox…/ })
    .click();
  const bulk = page.getByTestId("bulk-dialog");
  await bulk.getByRole("button", { name: "Approve 4" }).click();
  await expect(bulk.getByTestId("bulk-report")).toHaveText("4 of 4 approved.");
  await bulk.getByRole("link", { name: "undo it from the batches list" }).click();
  await agentUpdates(base, agent, store.id, late.id, { content: "late, changed after the batch\n" });

  await expect(page).toHaveTitle("Review batches · Memory Console");
  const batches = (await apiCall<{ data: Json[] }>(base, "/v1/review_batches")).body.data;
  const batch = batches.find((b) => b.memory_store_ids.includes(store.id))!;
  const row = page.getByTestId(`review-batch-${batch.id}`);
  await expect(row).toContainText("Bulk approve");
  await expect(row).toContainText("4");
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
  await expectFits(page);
  await page.screenshot({ path: `${shots}/batch-undo-list-1280.png` });

  await row.getByRole("button", { name: "Undo this batch…" }).click();
  const dialog = page.getByTestId("batch-undo-dialog");
  await expect(dialog.getByTestId("batch-undo-count")).toHaveText("3 memories go back; 1 is left alone.");
  await expect(dialog.getByRole("list", { name: "Left alone" })).toContainText("/undo/late.md");
  await expect(dialog.getByRole("list", { name: "Left alone" })).toContainText("changed after the batch");
  // Who changed it is named as everywhere in the console (the key's name), not by its id.
  await expect(dialog.getByRole("list", { name: "Left alone" })).toContainText(`by API key ${agentName} (version memver_`);
  await expect(dialog.getByRole("list", { name: "Left alone" })).not.toContainText("api_actor");
  // Below 50 memories a click confirms; the count is on the button.
  await expect(dialog.getByLabel(/^Type “undo/)).toHaveCount(0);
  await page.screenshot({ path: `${shots}/batch-undo-dry-run-1280.png` });
  await dialog.getByRole("button", { name: "Undo 3 memories" }).click();
  await expect(dialog.getByTestId("batch-undo-report")).toHaveText("3 memories put back; 1 left alone (changed after the batch).");
  await page.screenshot({ path: `${shots}/batch-undo-report-1280.png` });

  // The approved creations are gone again; the memory changed after the batch is as the agent left it, and only it awaits review.
  expect(await paths(base, store.id)).toEqual(["/undo/late.md"]);
  const inbox = (await apiCall<{ data: Json[] }>(base, `/v1/reviews?store_id=${store.id}`)).body.data;
  expect(inbox.map((i) => i.memory_id)).toEqual([late.id]);

  await dialog.getByRole("link", { name: "Open the report" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("revundo_");
  await expect(page.getByRole("region", { name: "Items" })).toContainText("/undo/late.md");
  await expect(page.getByRole("region", { name: "Items" })).toContainText("left as it is — conflict: changed after the batch");
  await expect(page.getByRole("region", { name: "Items" })).toContainText(`by API key ${agentName}`);
  await expect(page.getByRole("link", { name: "Download CSV" })).toBeVisible();
  checkConsole();
});

test("on a phone, a large batch asks for the typed phrase and always shows the count", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const base = baseURL!;
  const checkConsole = failOnConsoleErrorsExcept(page);
  const store = await createStore(base, `batch undo phone ${Date.now()}`);
  await seedMemories(
    base,
    store.id,
    Array.from({ length: 55 }, (_, i) => `/many/note-${String(i).padStart(2, "0")}.md`),
  );
  const batchId = await bulkApprove(base, store.id);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/review/batches");
  const row = page.getByTestId(`review-batch-${batchId}`);
  await expect(row).toContainText("55");
  await expectFits(page);
  await page.screenshot({ path: `${shots}/batch-undo-list-390.png`, fullPage: true });
  await row.getByRole("button", { name: "Undo this batch…" }).click();
  const dialog = page.getByTestId("batch-undo-dialog");
  await expect(dialog.getByTestId("batch-undo-count")).toHaveText("55 memories go back.");
  const confirm = dialog.getByRole("button", { name: "Undo 55 memories" });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel("Type “undo 55 memories” to confirm").fill("undo 55 memorie");
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel("Type “undo 55 memories” to confirm").fill("undo 55 memories");
  await expectFits(page);
  await page.screenshot({ path: `${shots}/batch-undo-typed-390.png` });
  await confirm.click();
  await expect(dialog.getByTestId("batch-undo-report")).toHaveText("55 memories put back.");
  expect(await paths(base, store.id)).toEqual([]);
  await page.screenshot({ path: `${shots}/batch-undo-report-390.png` });
  checkConsole();
});
