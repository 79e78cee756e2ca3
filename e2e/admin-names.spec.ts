import { expect, test } from "@playwright/test";
import { createStore } from "./console-helpers.ts";
import { ADMIN, apiCall, failOnConsoleErrors, sessionCall } from "./helpers.ts";

// The admin pages name what they list as people read it (issue 42): an API key's stores by name,
// linked, a deleted one said to be deleted; the audit log's people by email, keys by name.

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

test("the audit log names people by email and keys by name, as who acted and as what was acted on", async ({ page, baseURL }) => {
  const checkConsole = failOnConsoleErrors(page);
  const email = `audited-${Date.now().toString(36)}@example.com`;
  // The signed-in admin makes a user (a user_actor acting on a user), the e2e key makes a key.
  const user = await sessionCall<{ id: string }>(page.request, baseURL!, "/v1/users", {
    method: "POST",
    body: { email, password: "correct horse battery staple", role: "viewer" },
  });
  expect(user.status).toBe(200);
  const keyName = `audited key ${Date.now().toString(36)}`;
  expect((await apiCall(baseURL!, "/v1/api_keys", { method: "POST", body: { name: keyName, role: "viewer" } })).status).toBe(200);

  await page.goto("/audit");
  await page.getByLabel("Action").selectOption("user.created");
  const userRow = page.getByTestId("audit-row").filter({ hasText: email }).first();
  await expect(userRow.getByTestId("audit-actor")).toHaveText(ADMIN.email);
  await expect(userRow.getByTestId("audit-target")).toHaveText(email);
  await expect(userRow.getByTestId("audit-target")).toHaveAttribute("title", user.body.id);
  await expect(userRow.getByTestId("audit-actor")).not.toContainText("user_");
  await page.screenshot({ path: "test-results/audit-names.png", fullPage: true });

  await page.getByLabel("Action").selectOption("api_key.created");
  const keyRow = page.getByTestId("audit-row").filter({ hasText: keyName }).first();
  await expect(keyRow.getByTestId("audit-actor")).toHaveText("API key MEMORY_CONSOLE_API_KEY");
  await expect(keyRow.getByTestId("audit-target")).toHaveText(`API key ${keyName}`);
  checkConsole();
});
