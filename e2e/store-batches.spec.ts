import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createMemory, type WireStore } from "./console-helpers.ts";
import { apiCall, failOnConsoleErrors } from "./helpers.ts";

// Seeding stores (issue 43, part 4): "Create stores from CSV" with a template and unique_by (dry
// run naming the bad rows, typed confirmation, progress, report), and "New store from template"
// on the New store dialog; at a desk's width and a phone's.

const run = Date.now().toString(36);

/** axe-core's WCAG 2.1 A and AA rules, as e2e/accessibility.spec.ts runs them, on the page as it is. */
async function expectAccessible(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `axe violations on ${name}`,
  ).toEqual([]);
}

async function makeTemplate(baseURL: string, name: string) {
  const { body: store } = await apiCall<WireStore>(baseURL, "/v1/memory_stores", { method: "POST", body: { name } });
  await createMemory(baseURL, store.id, "/onboarding/welcome.md", "Welcome aboard.");
  await createMemory(baseURL, store.id, "/onboarding/rules.md", "Be kind.");
  await createMemory(baseURL, store.id, "/internal/notes.md", "not for users");
  return store;
}

function csvFor(prefix: string) {
  return [
    "name,description,metadata.user_id,metadata.plan",
    `Ana ${prefix},Onboarding memory for Ana,${prefix}-1,pro`,
    `,missing name,${prefix}-2,free`,
    `Cy ${prefix},duplicate,${prefix}-3,free`,
    `Di ${prefix},duplicate,${prefix}-3,free`,
    `"=HYPERLINK(""http://x"")",formula,${prefix}-4,free`,
    `Ed ${prefix},A much longer description that wraps on a phone's narrow screen,${prefix}-5,pro`,
  ].join("\n");
}

async function dryRun(page: Page, templateName: string, prefix: string, toCreate: number) {
  await page.goto("/stores");
  await page.getByRole("link", { name: "Create stores from CSV" }).click();
  await expect(page).toHaveURL(/\/store-batches/);
  const form = page.getByRole("form", { name: "Create stores from CSV" });
  await form.getByLabel("CSV file").setInputFiles({ name: `users-${prefix}.csv`, mimeType: "text/csv", buffer: Buffer.from(csvFor(prefix)) });
  await expect(form.getByLabel("Or paste the CSV")).toHaveValue(/metadata\.user_id/);
  await form.getByLabel("Template store").selectOption({ label: templateName });
  await form.getByLabel("Unique by (optional)").fill("user_id");
  await form.getByRole("button", { name: "Dry run" }).click();
  const dry = page.getByRole("region", { name: "Dry run" });
  await expect(dry.getByTestId("batch-counts")).toContainText(`To create${toCreate}`);
  return dry;
}

test("create stores from a CSV with a template: the dry run names bad rows, then progress and the report", async ({ page, baseURL }) => {
  const checkConsole = failOnConsoleErrors(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  const template = await makeTemplate(baseURL!, `Onboarding template ${run}`);
  // A store that already has user_id -1: that row is skipped.
  await apiCall(baseURL!, "/v1/memory_stores", { method: "POST", body: { name: `Existing ${run}`, metadata: { user_id: `${run}-1` } } });
  const dry = await dryRun(page, template.name, run, 1);
  await expect(dry.getByTestId("batch-counts")).toContainText("Skipped1");
  await expect(dry.getByTestId("batch-counts")).toContainText("With problems4");
  const problems = dry.getByRole("list", { name: "Problems" });
  await expect(problems).toContainText("Row 3, name: is required.");
  await expect(problems).toContainText("Row 4, metadata.user_id: is also on row 5");
  await expect(problems).toContainText('Row 6, name: starts with "="');
  await page.screenshot({ path: "test-results/store-batches-dry-run-1280.png", fullPage: true });
  await expectAccessible(page, "the dry run");

  const create = dry.getByRole("button", { name: "Create 1 store" });
  await expect(create).toBeDisabled();
  await dry.getByLabel("Type “create 1 store” to confirm").fill("create 1 store");
  await create.click();
  await expect(page).toHaveURL(/\/store-batches\/stbatch_/);
  await expect(page.getByText("completed")).toBeVisible();
  const items = page.getByRole("region", { name: "Items" });
  await expect(items.getByRole("link", { name: `Ed ${run}` })).toBeVisible();
  await expect(items).toContainText("skipped: a store already has this value");
  await page.screenshot({ path: "test-results/store-batches-report-1280.png", fullPage: true });
  await expectAccessible(page, "the report");

  // The new store holds the template's memories, marked as copied.
  await items.getByRole("link", { name: `Ed ${run}` }).click();
  await expect(page).toHaveURL(/\/stores\/memstore_/);
  const storeId = new URL(page.url()).pathname.split("/")[2]!;
  const listed = await apiCall<{ data: { path: string }[] }>(baseURL!, `/v1/memory_stores/${storeId}/memories?path_prefix=/onboarding/&depth=0`);
  expect(listed.body.data.map((m) => m.path).sort()).toEqual(["/onboarding/rules.md", "/onboarding/welcome.md"]);
  checkConsole();
});

test("the CSV page and its preview at a phone's width", async ({ page, baseURL }) => {
  const checkConsole = failOnConsoleErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const template = await makeTemplate(baseURL!, `Phone template ${run}`);
  const dry = await dryRun(page, template.name, `${run}p`, 2);
  await expect(dry.getByTestId("batch-row-3")).toContainText("is required");
  // Nothing wider than the screen: the rows are cards, the page does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: "test-results/store-batches-dry-run-390.png", fullPage: true });
  await dry.getByRole("region", { name: "Rows" }).screenshot({ path: "test-results/store-batches-rows-390.png" });
  await dry.getByLabel("Type “create 2 stores” to confirm").fill("create 2 stores");
  await dry.getByRole("button", { name: "Create 2 stores" }).click();
  await expect(page).toHaveURL(/\/store-batches\/stbatch_/);
  await expect(page.getByText("completed")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: "test-results/store-batches-report-390.png", fullPage: true });
  checkConsole();
});

test("New store from template: a copy of one folder of another store", async ({ page, baseURL }) => {
  const checkConsole = failOnConsoleErrors(page);
  const template = await makeTemplate(baseURL!, `Dialog template ${run}`);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/stores");
    await page.getByRole("button", { name: "New store", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Create memory store" });
    await dialog.getByLabel("Start from").selectOption({ label: template.name });
    await dialog.getByLabel("Only the folder (optional)").fill("/onboarding/");
    await dialog.getByLabel("Name").fill(`From template ${run} ${width}`);
    await page.screenshot({ path: `test-results/store-from-template-${width}.png` });
    await dialog.getByRole("button", { name: "Create from template" }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole("row").filter({ hasText: `From template ${run} ${width}` });
    await expect(row).toBeVisible();
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: "test-results/stores-page-actions-1280.png" });
  const stores = await apiCall<{ data: WireStore[] }>(baseURL!, "/v1/memory_stores?limit=100");
  const made = stores.body.data.find((s) => s.name === `From template ${run} 1280`)!;
  expect(made.memory_count).toBe(2);
  // Its history says where each memory came from; the template's own history stays there.
  await page.goto(`/stores/${made.id}/versions`);
  await expect(page.getByTestId("imported-note").first()).toContainText(`Copied from ${template.id}`);
  await expect(page.locator('[data-testid^="version-row-"]')).toHaveCount(2);
  checkConsole();
});
