import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import type { WireStore } from "./console-helpers.ts";
import { createMemory } from "./console-helpers.ts";
import { apiCall, failOnConsoleErrors } from "./helpers.ts";

// Admins at fleet scale (issue 43): the stores page sorts on the server by size, memories and
// last write, filters by size, status and idleness, and keeps all of it in its URL; at 1280 and
// 390 px.

async function storeWith(baseURL: string, name: string, metadata: Record<string, string>) {
  const { status, body } = await apiCall<WireStore>(baseURL, "/v1/memory_stores", { method: "POST", body: { name, metadata } });
  expect(status).toBe(200);
  return body;
}

const rowNames = (page: Page) => page.locator("tbody tr td:first-child a").allTextContents();

for (const size of [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`sort by size and memories, filter by size and status, all in the URL (${size.name})`, async ({ page, baseURL }) => {
    await page.setViewportSize(size);
    const checkConsole = failOnConsoleErrors(page);
    const run = `${size.name}-${Date.now().toString(36)}`;
    const small = await storeWith(baseURL!, `Fleet small ${run}`, { fleet: run });
    const big = await storeWith(baseURL!, `Fleet big ${run}`, { fleet: run });
    const empty = await storeWith(baseURL!, `Fleet empty ${run}`, { fleet: run });
    await createMemory(baseURL!, small.id, "/a.md", "a little\n");
    for (let i = 0; i < 3; i++) await createMemory(baseURL!, big.id, `/big-${i}.md`, `${"x".repeat(1500)}\n`);

    await page.goto(`/stores?meta=fleet:${run}`);
    const form = page.getByRole("form", { name: "Find stores" });
    await form.getByLabel("Sort by").selectOption({ label: "Largest" });
    await expect(page).toHaveURL(/sort=content_bytes&order=desc/);
    await expect.poll(() => rowNames(page)).toEqual([big.name, small.name, empty.name]);
    await expect(page.getByTestId(`store-row-${big.name}`).getByTestId("store-size")).toHaveText("4.4 kB");

    if (size.name === "desktop") {
      // The column headers sort too, and say how (aria-sort).
      await page.getByRole("button", { name: "Sort by memories, descending" }).click();
      await expect(page).toHaveURL(/sort=memory_count&order=desc/);
      await expect(page.getByRole("columnheader", { name: /memories/i })).toHaveAttribute("aria-sort", "descending");
      await page.getByRole("button", { name: "Sort by memories, ascending" }).click();
      await expect.poll(() => rowNames(page)).toEqual([empty.name, small.name, big.name]);
    }

    // The fleet's filters wait behind a disclosure (a phone shows the stores first).
    await expect(form.getByLabel("Size at least (kB)")).toBeHidden();
    await form.getByText("Idle, full and size filters").click();
    await form.getByLabel("Size at least (kB)").fill("1");
    await form.getByRole("button", { name: "Find" }).click();
    await expect(page).toHaveURL(/min_bytes=1024/);
    await expect.poll(() => rowNames(page)).toEqual([big.name]);
    await page.screenshot({ path: `test-results/fleet-stores-${size.name}.png`, fullPage: true });

    // A reload keeps the listing; an idle filter of a day finds none of these new stores.
    await page.reload();
    await expect.poll(() => rowNames(page)).toEqual([big.name]);
    await page.getByRole("form", { name: "Find stores" }).getByLabel("Idle for at least (days)").fill("1");
    await page.getByRole("form", { name: "Find stores" }).getByRole("button", { name: "Find" }).click();
    await expect(page.getByText("No store matches")).toBeVisible();
    await page.getByRole("form", { name: "Find stores" }).getByLabel("Idle for at least (days)").fill("x");
    await expect(page.getByText("A whole number of days.")).toBeVisible();

    // An admin archives what the filter selects: a dry run with each store's size, the typed phrase, the outcome.
    await page.goto(`/stores?meta=fleet:${run}&min_bytes=1024`);
    await page.getByRole("button", { name: "Archive these…" }).click();
    const dialog = page.getByRole("dialog", { name: "Archive the stores this filter selects?" });
    await expect(dialog.getByTestId("store-action-summary")).toContainText("1 store, 3 memories, 4.4 kB");
    await expect(dialog.getByRole("list", { name: "Stores in the dry run" })).toContainText(big.name);
    const archive = dialog.getByRole("button", { name: "Archive 1 store" });
    await expect(archive).toBeDisabled();
    await dialog.getByLabel("Type “archive 1 store” to confirm").fill("archive 1 store");
    await page.screenshot({ path: `test-results/fleet-archive-${size.name}.png` });
    await archive.click();
    await expect(dialog.getByTestId("store-action-report")).toContainText("1 store archived");
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(page.getByText("No store matches")).toBeVisible();

    // Archived ones appear only when asked for.
    await apiCall(baseURL!, `/v1/memory_stores/${empty.id}/archive`, { method: "POST" });
    await page.goto(`/stores?meta=fleet:${run}&archived=only`);
    await expect.poll(() => rowNames(page)).toEqual([empty.name, big.name]);
    await expect(page.getByRole("form", { name: "Find stores" }).getByLabel("Status")).toHaveValue("only");
    checkConsole();
  });
}

test("the lifecycle rule: off by default, turned on with a preview, its reports listed; axe-clean at 1280 and 390 px", async ({ page, baseURL }) => {
  const checkConsole = failOnConsoleErrors(page);
  const store = await storeWith(baseURL!, `Fleet report ${Date.now().toString(36)}`, {});
  const plan = await apiCall<{ id: string }>(baseURL!, "/v1/store_archivals", { method: "POST", body: { memory_store_ids: [store.id] } });
  await page.goto("/store-actions");
  await expect(page.getByTestId("lifecycle-state")).toContainText("Off");
  await expect(page.getByTestId(`store-action-row-${plan.body.id}`)).toContainText("1 store");
  const form = page.getByRole("form", { name: "Lifecycle rule" });
  await form.getByLabel("Archive stores idle for (days)").fill("ninety");
  await expect(form.getByText("A whole number of days")).toBeVisible();
  await form.getByLabel("Archive stores idle for (days)").fill("365");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("lifecycle-state")).toContainText("365 days");
  await expect(page.getByTestId("lifecycle-preview")).toContainText("The next sweep would archive 0 stores");
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await page.screenshot({ path: `test-results/store-actions-${size.width}.png`, fullPage: true });
  }
  await page.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByTestId("lifecycle-state")).toContainText("Off");
  checkConsole();
});
