import { expect, test } from "@playwright/test";
import type { WireStore } from "./console-helpers.ts";
import { createMemory } from "./console-helpers.ts";
import { apiCall, failOnConsoleErrors, headerLink } from "./helpers.ts";

// Bulk delete by filter (issue 11): a deletion request for one end user — every store whose
// metadata names them — with the dry run, the typed confirmation and the report.

test("delete every store of one end user: dry run, typed confirmation, report with downloads", async ({ page, baseURL }) => {
  const checkConsole = failOnConsoleErrors(page);
  const user = `enduser-${Date.now().toString(36)}`;
  const make = async (name: string, metadata: Record<string, string>) => {
    const { status, body } = await apiCall<WireStore>(baseURL!, "/v1/memory_stores", { method: "POST", body: { name, metadata } });
    expect(status).toBe(200);
    return body;
  };
  const a = await make(`Chat memory ${user}`, { end_user: user });
  const b = await make(`Support memory ${user}`, { end_user: user, product: "support" });
  const other = await make(`Someone else ${user}`, { end_user: `${user}-x` });
  await createMemory(baseURL!, a.id, "/prefs.md", "likes tea");
  await createMemory(baseURL!, b.id, "/tickets/1.md", "printer on fire");

  await page.goto("/bulk-deletions");
  const form = page.getByRole("form", { name: "Bulk delete" });
  await form.getByRole("textbox", { name: "Metadata" }).fill(`end_user:${user}`);
  await form.getByRole("button", { name: "Dry run" }).click();
  const dryRun = page.getByRole("region", { name: "Dry run" });
  await expect(dryRun).toContainText("found 2 stores holding 2 memories");
  const listed = dryRun.getByRole("list", { name: "To delete" });
  await expect(listed.getByRole("listitem")).toHaveCount(2);
  await expect(listed).toContainText(`Chat memory ${user}`);
  await expect(listed).not.toContainText(`Someone else ${user}`);

  const remove = dryRun.getByRole("button", { name: "Delete" });
  await expect(remove).toBeDisabled();
  await dryRun.getByLabel(/Type “delete 2 stores” to confirm/).fill("delete 2 store");
  await expect(remove).toBeDisabled();
  await dryRun.getByLabel(/Type “delete 2 stores” to confirm/).fill("delete 2 stores");
  await page.screenshot({ path: "test-results/bulk-delete-dry-run.png", fullPage: true });
  await remove.click();

  await expect(page).toHaveURL(/\/bulk-deletions\/bulkdel_/);
  await expect(page.getByText("completed")).toBeVisible();
  await expect(page.getByRole("table")).toContainText(`Chat memory ${user}`);
  await expect(page.getByRole("table").getByText("deleted", { exact: true })).toHaveCount(2);
  await expect(page.getByRole("link", { name: "Download CSV" })).toBeVisible();
  await page.screenshot({ path: "test-results/bulk-delete-report.png", fullPage: true });

  expect((await apiCall(baseURL!, `/v1/memory_stores/${a.id}`)).status).toBe(404);
  expect((await apiCall(baseURL!, `/v1/memory_stores/${b.id}`)).status).toBe(404);
  expect((await apiCall(baseURL!, `/v1/memory_stores/${other.id}`)).status).toBe(200);
  const csv = await page.request.get(
    await page
      .getByRole("link", { name: "Download CSV" })
      .getAttribute("href")
      .then((h) => h!),
  );
  expect(await csv.text()).toContain(`Support memory ${user}`);

  await (await headerLink(page, "Activity", "Bulk deletes")).click();
  await expect(page.getByRole("table")).toContainText(`stores where end_user:${user}`);
  checkConsole();
});

test("a reviewer deletes every memory under a folder of one store; stores are not offered", async ({ browser, baseURL }) => {
  const run = Date.now().toString(36);
  const email = `bulk-reviewer-${run}@example.com`;
  const user = await apiCall(baseURL!, "/v1/users", { method: "POST", body: { email, password: "reviewer password 789", role: "reviewer" } });
  expect(user.status).toBe(200);
  const { body: store } = await apiCall<WireStore>(baseURL!, "/v1/memory_stores", { method: "POST", body: { name: `Bulk folder ${run}` } });
  await createMemory(baseURL!, store.id, "/users/ana/a.md", "a");
  await createMemory(baseURL!, store.id, "/users/ana/b.md", "b");
  await createMemory(baseURL!, store.id, "/users/bob/a.md", "c");

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("reviewer password 789");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("signed-in-user")).toHaveText(email);

  await (await headerLink(page, "Activity", "Bulk deletes")).click();
  const form = page.getByRole("form", { name: "Bulk delete" });
  await expect(form.getByRole("radio")).toHaveCount(0);
  await form.getByLabel("Store", { exact: true }).selectOption(store.id);
  await form.getByLabel("Folder", { exact: true }).fill("/users/ana/");
  await form.getByRole("button", { name: "Dry run" }).click();
  const dryRun = page.getByRole("region", { name: "Dry run" });
  await expect(dryRun.getByRole("list", { name: "To delete" }).getByRole("listitem")).toHaveCount(2);
  await dryRun.getByLabel(/Type “delete 2 memories” to confirm/).fill("delete 2 memories");
  await dryRun.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/bulk-deletions\/bulkdel_/);
  await expect(page.getByRole("table").getByText("deleted", { exact: true })).toHaveCount(2);
  const left = await apiCall<{ data: { path: string }[] }>(baseURL!, `/v1/memory_stores/${store.id}/memories?depth=0&limit=100`);
  expect(left.body.data.map((m) => m.path)).toEqual(["/users/bob/a.md"]);
  await context.close();
});
