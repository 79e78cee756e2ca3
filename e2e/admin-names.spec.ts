import { expect, test } from "@playwright/test";
import { createStore } from "./console-helpers.ts";
import { apiCall, failOnConsoleErrors } from "./helpers.ts";

// The admin pages name what they list as people read it (issue 42): an API key's stores by name,
// linked, a deleted one said to be deleted.

test("the API keys list names the stores a key is limited to, and says when one was deleted", async ({ page, baseURL }) => {
  const checkConsole = failOnConsoleErrors(page);
  const tag = Date.now().toString(36);
  const kept = await createStore(baseURL!, `Key store kept ${tag}`);
  const gone = await createStore(baseURL!, `Key store gone ${tag}`);
  const name = `limited key ${tag}`;
  const key = await apiCall<{ id: string }>(baseURL!, "/v1/api_keys", { method: "POST", body: { name, role: "viewer", store_ids: [kept.id, gone.id] } });
  expect(key.status).toBe(200);
  expect((await apiCall(baseURL!, `/v1/memory_stores/${gone.id}`, { method: "DELETE" })).status).toBe(200);

  await page.goto("/api-keys");
  const stores = page.getByTestId(`key-row-${name}`).getByRole("list", { name: "Limited to" });
  await expect(stores.getByRole("listitem")).toHaveCount(2);
  await expect(stores.getByRole("link", { name: kept.name })).toHaveAttribute("href", `/stores/${kept.id}`);
  await expect(stores.getByRole("listitem").nth(1)).toHaveText(`deleted store ${gone.id}`);
  await expect(stores.getByRole("link")).toHaveCount(1);
  await page.screenshot({ path: "test-results/api-keys-stores.png", fullPage: true });
  await stores.getByRole("link", { name: kept.name }).click();
  await expect(page).toHaveURL(new RegExp(`/stores/${kept.id}$`));
  checkConsole();
});
