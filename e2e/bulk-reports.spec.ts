import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import type { WireStore } from "./console-helpers.ts";
import { createMemory } from "./console-helpers.ts";
import { apiCall, failOnConsoleErrors } from "./helpers.ts";

// The one report view (components/bulk/bulk-report.tsx) for erasures and bulk deletions, and the
// typed confirmation: both pages show the same header, counts, late warning, table and
// downloads, on a laptop and on a phone, free of axe-core's WCAG 2.1 A/AA violations.

const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const SIZES = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

type Plan = { id: string; digest?: string; confirmation: string };

async function expectAccessible(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `axe violations on ${name}`,
  ).toEqual([]);
}

test("erasure and bulk-delete reports share one view: counts, late items, downloads; accessible at two sizes", async ({ page, baseURL }) => {
  test.setTimeout(120_000); // four axe passes; the erasure report also lists its memories by store
  const checkConsole = failOnConsoleErrors(page);
  const run = Date.now().toString(36);
  const { body: store } = await apiCall<WireStore>(baseURL!, "/v1/memory_stores", { method: "POST", body: { name: `Reports ${run}` } });
  const secret = `report-secret-${run}`;
  await createMemory(baseURL!, store.id, "/notes/a.md", `holds ${secret}`);
  await createMemory(baseURL!, store.id, "/old/one.md", "one");
  await createMemory(baseURL!, store.id, "/old/two.md", "two");

  const erasure = (await apiCall<Plan>(baseURL!, "/v1/erasures", { method: "POST", body: { query: secret, action: "replace" } })).body;
  await createMemory(baseURL!, store.id, "/notes/late.md", `late ${secret}`); // after the dry run: reported late
  const erased = await apiCall(baseURL!, `/v1/erasures/${erasure.id}/execute`, { method: "POST", body: { query: secret, confirmation: erasure.confirmation } });
  expect(erased.status).toBe(200);
  const bulk = (
    await apiCall<Plan>(baseURL!, "/v1/bulk_deletions", { method: "POST", body: { target: "memories", memory_store_id: store.id, path_prefix: "/old/" } })
  ).body;
  const deleted = await apiCall(baseURL!, `/v1/bulk_deletions/${bulk.id}/execute`, {
    method: "POST",
    body: { digest: bulk.digest, confirmation: bulk.confirmation },
  });
  expect(deleted.status).toBe(200);

  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto(`/erasures/${erasure.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(erasure.id);
    await expect(page.getByText("completed")).toBeVisible();
    await expect(page.getByTestId("erasure-counts")).toContainText("Versions holding it after1");
    await expect(page.getByText("Written after the dry run", { exact: true })).toBeVisible();
    await expect(page.getByRole("table")).toContainText("text replaced by the marker");
    await expect(page.getByRole("link", { name: "Download CSV" })).toHaveAttribute("href", `/v1/erasures/${erasure.id}?format=csv`);
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `test-results/erasure-report-${size.name}.png`, fullPage: true });
    await expectAccessible(page, `erasure report (${size.name})`);

    await page.goto(`/bulk-deletions/${bulk.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(bulk.id);
    await expect(page.getByText("completed")).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: "2 memories" })).toBeVisible();
    await expect(page.getByRole("table").getByText("deleted", { exact: true })).toHaveCount(2);
    await expect(page.getByRole("link", { name: "Download JSON" })).toHaveAttribute("href", `/v1/bulk_deletions/${bulk.id}?format=json`);
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `test-results/bulk-report-${size.name}.png`, fullPage: true });
    await expectAccessible(page, `bulk delete report (${size.name})`);
  }
  checkConsole();
});

test("the bulk delete page with a dry run waiting for its typed confirmation is accessible at two sizes", async ({ page, baseURL }) => {
  const run = Date.now().toString(36);
  const { body: store } = await apiCall<WireStore>(baseURL!, "/v1/memory_stores", { method: "POST", body: { name: `Confirm ${run}` } });
  await createMemory(baseURL!, store.id, "/x/a.md", "a");
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto("/bulk-deletions");
    const form = page.getByRole("form", { name: "Bulk delete" });
    await form.getByLabel("every memory under a folder of one store").check();
    await form.getByLabel("Store", { exact: true }).selectOption(store.id);
    await form.getByLabel("Folder", { exact: true }).fill("/x/");
    await form.getByRole("button", { name: "Dry run" }).click();
    const dryRun = page.getByRole("region", { name: "Dry run" });
    const confirm = dryRun.getByLabel("Type “delete 1 memory” to confirm");
    await expect(confirm).toHaveAttribute("autocomplete", "off");
    await expect(confirm).toHaveAttribute("spellcheck", "false");
    await confirm.fill("delete 1 memory");
    await expect(dryRun.getByRole("button", { name: "Delete" })).toBeEnabled();
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `test-results/bulk-dry-run-${size.name}.png`, fullPage: true });
    await expectAccessible(page, `bulk delete dry run (${size.name})`);
  }
});
