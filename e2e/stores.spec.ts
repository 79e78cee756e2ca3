import { expect, test } from "@playwright/test";
import { createMemory, createStore, failOnConsoleErrorsExcept, type WireStore } from "./console-helpers.ts";
import { apiCall } from "./helpers.ts";

test.describe("stores page", () => {
  test("creates a store, showing the API's validation error under the field first", async ({ page, baseURL }) => {
    const checkConsole = failOnConsoleErrorsExcept(page, [400]);
    await page.goto("/stores");
    await page.getByRole("button", { name: "New store", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Create memory store" });
    await dialog.getByLabel("Name").fill("x".repeat(256));
    await dialog.getByRole("button", { name: "Create store" }).click();
    await expect(dialog.getByRole("alert").filter({ hasText: "name: must be 1 to 255 characters long." })).toBeVisible();
    await expect(dialog.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");

    await dialog.getByLabel("Name").fill("Support agent memory");
    await dialog.getByLabel("Description").fill("What the support agent learned about customers.");
    await dialog.getByRole("button", { name: "Add key" }).click();
    await dialog.getByLabel("Metadata key 1").fill("team");
    await dialog.getByLabel("Metadata value 1").fill("support");
    await dialog.getByRole("button", { name: "Create store" }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId("store-row-Support agent memory");
    await expect(row).toContainText("What the support agent learned about customers.");
    await expect(row.getByRole("cell").nth(1)).toHaveText("0");

    const stores = await apiCall<{ data: WireStore[] }>(baseURL!, "/v1/memory_stores?limit=100");
    const created = stores.body.data.find((s) => s.name === "Support agent memory")!;
    expect(created.metadata).toEqual({ team: "support" });

    // Edit: rename, drop the metadata key (sent as null), add another.
    await row.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Support agent memory" });
    await edit.getByLabel("Name").fill("Support agent");
    await edit.getByRole("button", { name: "Remove metadata 1" }).click();
    await edit.getByRole("button", { name: "Add key" }).click();
    await edit.getByLabel("Metadata key 1").fill("owner");
    await edit.getByLabel("Metadata value 1").fill("ana");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByTestId("store-row-Support agent")).toBeVisible();
    const after = await apiCall<WireStore>(baseURL!, `/v1/memory_stores/${created.id}`);
    expect(after.body.metadata).toEqual({ owner: "ana" });
    checkConsole();
  });

  test('"Updated" follows memory writes (last_memory_write_at), not only store edits', async ({ page, baseURL }) => {
    const store = await createStore(baseURL!, "updated by writes");
    const checkConsole = failOnConsoleErrorsExcept(page);
    await page.goto("/stores");
    const updated = page.getByTestId("store-row-updated by writes").getByTestId("store-updated").locator("time");
    await expect(updated).toHaveAttribute("datetime", store.updated_at);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const memory = await createMemory(baseURL!, store.id, "/later.md", "written after the store\n");
    await page.reload();
    const { body } = await apiCall<{ created_at: string }>(baseURL!, `/v1/memory_stores/${store.id}/memories/${memory.id}`);
    await expect(updated).toHaveAttribute("datetime", body.created_at);
    expect(body.created_at).not.toBe(store.updated_at);
    checkConsole();
  });

  test("lists more than 100 stores page by page", async ({ page, baseURL }) => {
    for (let i = 0; i < 105; i++) await createStore(baseURL!, `bulk store ${String(i).padStart(3, "0")}`);
    const checkConsole = failOnConsoleErrorsExcept(page);
    await page.goto("/stores");
    await expect(page.locator("tbody tr")).toHaveCount(100);
    const more = page.getByRole("button", { name: /Load more/ });
    await more.click();
    await expect(page.locator("tbody tr")).not.toHaveCount(100);
    expect(await page.locator("tbody tr").count()).toBeGreaterThan(105);
    // Newest first: the first bulk store sits on the second page.
    await expect(page.getByTestId("store-row-bulk store 000")).toBeVisible();
    checkConsole();
  });

  test("archiving asks for a typed confirmation, says it is irreversible, and leaves the store read-only", async ({ page, baseURL }) => {
    const store = await createStore(baseURL!, "to archive");
    const memory = await createMemory(baseURL!, store.id, "/facts.md", "# Facts\n");
    const checkConsole = failOnConsoleErrorsExcept(page);
    await page.goto("/stores");
    await page.getByTestId("store-row-to archive").getByRole("button", { name: "Archive" }).click();
    const dialog = page.getByRole("dialog", { name: "Archive to archive?" });
    await expect(dialog).toContainText("irreversible");
    // Irreversible, so typed like the other irreversible acts (deleting a store, erasing, bulk deleting).
    const archive = dialog.getByRole("button", { name: "Archive for good" });
    await expect(archive).toBeDisabled();
    const phrase = dialog.getByLabel("Type “archive to archive” to confirm");
    await phrase.fill("to archive");
    await expect(archive).toBeDisabled();
    await phrase.fill("archive to archive");
    await page.screenshot({ path: "test-results/archive-typed-confirmation.png" });
    await archive.click();
    await expect(page.getByTestId("store-row-to archive")).toBeHidden();

    await page.getByLabel("Status").selectOption("include");
    const row = page.getByTestId("store-row-to archive");
    await expect(row).toContainText("archived");
    await expect(row.getByRole("button", { name: "Edit" })).toHaveCount(0);
    await expect(row.getByRole("button", { name: "Archive" })).toHaveCount(0);

    await row.getByRole("link", { name: "to archive" }).click();
    await expect(page.getByTestId("archived-banner")).toContainText("read-only");
    await expect(page.getByTestId("tree-memory-/facts.md")).toBeVisible();
    await expect(page.getByRole("button", { name: "New memory" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Edit store" })).toHaveCount(0);
    await page.screenshot({ path: "e2e/screenshots/store-archived.png", fullPage: true });

    await page.getByRole("link", { name: "facts.md" }).click();
    await expect(page.getByTestId("memory-editor")).toHaveAttribute("data-readonly", "true", { timeout: 45_000 });
    await expect(page.getByTestId("archived-banner")).toBeVisible();
    await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Rename / move" })).toHaveCount(0);
    const api = await apiCall<{ archived_at: string | null }>(baseURL!, `/v1/memory_stores/${store.id}`);
    expect(api.body.archived_at).not.toBeNull();
    expect(memory.id).toBeTruthy();
    checkConsole();
  });

  test("deleting a store needs its name typed exactly", async ({ page, baseURL }) => {
    const store = await createStore(baseURL!, "doomed store");
    await createMemory(baseURL!, store.id, "/a.md", "a\n");
    const checkConsole = failOnConsoleErrorsExcept(page);
    await page.goto(`/stores/${store.id}`);
    await page.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete doomed store?" });
    await expect(dialog).toContainText("1 memory");
    const confirm = dialog.getByRole("button", { name: "Delete store" });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(/Type the store's name/).fill("doomed");
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(/Type the store's name/).fill("doomed store");
    await confirm.click();
    await expect(page).toHaveURL(/\/stores$/);
    await expect(page.getByTestId("store-row-doomed store")).toHaveCount(0);
    expect((await apiCall(baseURL!, `/v1/memory_stores/${store.id}`)).status).toBe(404);
    checkConsole();
  });

  test("a viewer sees stores, trees and memories but no edit controls anywhere", async ({ browser, baseURL }) => {
    const user = await apiCall(baseURL!, "/v1/users", {
      method: "POST",
      body: { email: "console-viewer@example.com", password: "viewer password 456", role: "viewer" },
    });
    expect(user.status).toBe(200);
    const store = await createStore(baseURL!, "viewer can read");
    const memory = await createMemory(baseURL!, store.id, "/docs/guide.md", "# Guide\n");

    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    const checkConsole = failOnConsoleErrorsExcept(page);
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill("console-viewer@example.com");
    await page.getByLabel("Password").fill("viewer password 456");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByTestId("signed-in-user")).toHaveText("console-viewer@example.com");

    await page.goto("/stores");
    await expect(page.getByTestId("store-row-viewer can read")).toBeVisible();
    await expect(page.getByRole("button", { name: "New store", exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^(Edit|Archive|Delete)$/ })).toHaveCount(0);

    await page.goto(`/stores/${store.id}`);
    await page.getByRole("button", { name: "docs/" }).click();
    await expect(page.getByTestId("tree-memory-/docs/guide.md")).toBeVisible();
    await expect(page.getByRole("button", { name: /New memory|Edit store|Archive|Delete/ })).toHaveCount(0);

    await page.goto(`/stores/${store.id}/memories/${memory.id}`);
    await expect(page.getByTestId("memory-editor")).toHaveAttribute("data-readonly", "true", { timeout: 45_000 });
    await expect(page.getByText("your role does not allow editing")).toBeVisible();
    await expect(page.getByRole("button", { name: /Save|Rename|Delete/ })).toHaveCount(0);
    checkConsole();
    await context.close();
  });
});
