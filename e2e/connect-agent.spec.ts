import { expect, test } from "@playwright/test";
import { apiCall } from "./helpers.ts";

// "Connect an agent" on a store page: the MCP URL, snippets per client, and a key limited to the store filled in; fits a phone.
test.use({ viewport: { width: 390, height: 844 } });

test("connect an agent: a store-limited key is made and filled into every snippet, on a phone screen", async ({ page, baseURL }) => {
  const store = await apiCall<{ id: string }>(baseURL!, "/v1/memory_stores", { method: "POST", body: { name: "Connect agent store" } });
  await page.goto(`/stores/${store.body.id}`);
  // On a phone the store's less frequent actions wait behind "More", so that the tree comes first.
  await page.getByTestId("store-more").click();
  await page.getByTestId("connect-agent").click();
  const dialog = page.getByRole("dialog", { name: "Connect an agent" });
  await expect(dialog.getByTestId("connect-url")).toHaveText(`${baseURL}/mcp/${store.body.id}`);
  await expect(dialog.getByTestId("connect-claude-code")).toContainText("<your API key>");
  await dialog.getByLabel("Read-only").check();
  await dialog.getByTestId("connect-create-key").click();
  await expect(dialog.getByTestId("connect-claude-code")).toContainText(
    `claude mcp add --transport http memory-connect-agent-store ${baseURL}/mcp/${store.body.id} --header "Authorization: Bearer mcsk_`,
  );
  for (const id of ["connect-cursor", "connect-messages-api", "connect-agent-sdk"]) await expect(dialog.getByTestId(id)).toContainText("mcsk_");
  const keys = await apiCall<{ data: { name: string; store_ids: string[] | null; read_only: boolean }[] }>(baseURL!, "/v1/api_keys");
  expect(keys.body.data.find((k) => k.name === "memory-connect-agent-store agent (read-only)")).toMatchObject({ store_ids: [store.body.id], read_only: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
