import { expect, test } from "@playwright/test";
import type { WireStore } from "./console-helpers.ts";
import { apiCall, failOnConsoleErrors } from "./helpers.ts";

// Find stores (issue 11): the stores page filters by name and metadata, with the filter in its URL.

async function storeWith(baseURL: string, name: string, metadata: Record<string, string>) {
  const { status, body } = await apiCall<WireStore>(baseURL, "/v1/memory_stores", { method: "POST", body: { name, metadata } });
  expect(status).toBe(200);
  return body;
}

test("filter stores by name and metadata; the filter is in the URL and survives a reload", async ({ page, baseURL }) => {
  const checkConsole = failOnConsoleErrors(page);
  const run = Date.now().toString(36);
  await storeWith(baseURL!, `Customer Acme ${run}`, { end_user: `acme-${run}`, tier: "gold" });
  await storeWith(baseURL!, `Customer ACME archive ${run}`, { end_user: `acme-${run}`, tier: "silver" });
  await storeWith(baseURL!, `Customer Globex ${run}`, { end_user: `globex-${run}`, tier: "gold" });

  await page.goto("/stores");
  const form = page.getByRole("form", { name: "Find stores" });
  await form.getByLabel("Name contains").fill(`acme ${run}`.toUpperCase());
  await form.getByRole("button", { name: "Find" }).click();
  await expect(page).toHaveURL(new RegExp(`/stores\\?q=ACME`));
  await expect(page.getByRole("link", { name: `Customer Acme ${run}` })).toBeVisible();
  await expect(page.getByRole("link", { name: `Customer Globex ${run}` })).toHaveCount(0);

  await form.getByLabel("Metadata").fill(`tier:gold`);
  await form.getByLabel("Metadata").press("Enter");
  await expect(page).toHaveURL(/meta=tier%3Agold/);
  await expect(page.getByRole("list", { name: "Metadata filters" })).toContainText("tier:gold");
  await expect(page.getByRole("link", { name: `Customer Acme ${run}` })).toBeVisible();
  await expect(page.getByRole("link", { name: `Customer ACME archive ${run}` })).toHaveCount(0);
  await page.screenshot({ path: "test-results/store-filter.png", fullPage: true });

  await page.reload();
  await expect(page.getByRole("form", { name: "Find stores" }).getByLabel("Name contains")).toHaveValue(`ACME ${run}`.toUpperCase());
  await expect(page.getByRole("link", { name: `Customer Acme ${run}` })).toBeVisible();
  await expect(page.getByRole("link", { name: `Customer ACME archive ${run}` })).toHaveCount(0);

  await page.goto(`/stores?meta=end_user:globex-${run}`);
  await expect(page.getByRole("link", { name: `Customer Globex ${run}` })).toBeVisible();
  await expect(page.getByRole("link", { name: `Customer Acme ${run}` })).toHaveCount(0);
  await page.getByRole("button", { name: "Remove end_user:globex-" + run }).click();
  await expect(page).toHaveURL(/\/stores$/);
  checkConsole();
});
