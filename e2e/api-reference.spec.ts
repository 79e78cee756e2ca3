import { expect, test } from "@playwright/test";
import { failOnConsoleErrors, headerLink } from "./helpers.ts";

// The console's API reference: rendered from GET /v1/openapi.json with local assets only.
test("the API reference lists every endpoint, marks extensions, and loads nothing from elsewhere", async ({ page, baseURL }) => {
  const checkConsole = failOnConsoleErrors(page);
  const elsewhere: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(baseURL!) && !request.url().startsWith("data:")) elsewhere.push(request.url());
  });
  await page.goto("/api-reference");
  await expect(page.getByRole("heading", { name: "API reference" })).toBeVisible();
  await (await headerLink(page, "Settings", "API reference")).waitFor();

  const tool = page.getByRole("region", { name: "POST /v1/memory_stores/{store}/memory_tool" });
  await expect(tool).toBeVisible();
  // The first line of a card: method, path and, for this server's own endpoints, the extension badge.
  const heading = (region: typeof tool) => region.locator(":scope > div").first();
  await expect(heading(tool).getByText("extension", { exact: true })).toBeVisible();
  const create = page.getByRole("region", { name: "POST /v1/memory_stores", exact: true });
  await expect(heading(create).getByText("extension", { exact: true })).toHaveCount(0);
  await expect(create.getByText("anthropic-beta")).toBeVisible();

  // A response component opens in place and shows its fields, extensions marked.
  const retrieve = page.getByRole("region", { name: "GET /v1/memory_stores/{store}", exact: true });
  await retrieve.getByText("MemoryStore", { exact: true }).last().click();
  await expect(retrieve.getByText("memory_count")).toBeVisible();
  await expect(retrieve.locator("li", { hasText: "memory_count" }).getByText("extension")).toBeVisible();

  await page.screenshot({ path: "e2e/screenshots/api-reference.png", fullPage: false });
  expect(elsewhere).toEqual([]);
  checkConsole();
});
