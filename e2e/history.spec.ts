import { expect, test, type Page } from "@playwright/test";
import { ADMIN, apiCall, failOnConsoleErrors, HISTORY_CONTENTS, seedHistory, signIn } from "./helpers.ts";

// History, read side: per-memory list with actors, diffs in Monaco, the store-wide page and its deep links, viewers.

/** Monaco is a large bundle: the first diff of a fresh browser context can take a while on a busy machine. */
const MONACO_TIMEOUT = 30_000;
const historyUrl = (storeId: string, memoryId: string) => `/stores/${storeId}/versions?memory_id=${memoryId}`;
const row = (page: Page, versionId: string) => page.getByTestId(`version-row-${versionId}`);

/** Requests that leave the app's own host (Monaco must never reach a CDN). */
function trackForeignRequests(page: Page) {
  const foreign: string[] = [];
  page.on("request", (request) => {
    const host = new URL(request.url()).hostname;
    if (host !== "127.0.0.1" && !request.url().startsWith("data:") && !request.url().startsWith("blob:")) foreign.push(request.url());
  });
  return foreign;
}

test.describe("version history", () => {
  test("a memory's history lists every version newest first, with operation, actor and the current one marked", async ({ page, baseURL }) => {
    const checkConsole = failOnConsoleErrors(page);
    const { storeId, memoryId, versions } = await seedHistory(page.request, baseURL!, "history list");
    const [v1, v2, v3, v4] = versions;
    await page.goto(historyUrl(storeId, memoryId));

    const rows = page.getByTestId("memory-history").locator("tbody tr");
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(0)).toHaveAttribute("data-testid", `version-row-${v4!.id}`);
    await expect(rows.nth(3)).toHaveAttribute("data-testid", `version-row-${v1!.id}`);
    await expect(row(page, v1!.id)).toContainText("created");
    await expect(row(page, v1!.id)).toContainText("API key MEMORY_CONSOLE_API_KEY");
    await expect(row(page, v2!.id)).toContainText("API key MEMORY_CONSOLE_API_KEY");
    await expect(row(page, v3!.id)).toContainText(ADMIN.email);
    await expect(row(page, v4!.id)).toContainText("/notes/plan-2026.md");
    await expect(row(page, v4!.id)).toContainText("moved from /notes/plan.md");
    await expect(row(page, v1!.id)).toContainText("/notes/plan.md");
    await expect(row(page, v4!.id).getByText("current", { exact: true })).toBeVisible();
    await expect(row(page, v3!.id).getByText("current", { exact: true })).toHaveCount(0);
    await expect(row(page, v1!.id)).toContainText(`${Buffer.byteLength(HISTORY_CONTENTS[0])} B`);
    checkConsole();
  });

  test("diff two versions in Monaco's diff editor, labelled left and right; screenshot of the diff view", async ({ page, baseURL }) => {
    const checkConsole = failOnConsoleErrors(page);
    const foreign = trackForeignRequests(page);
    const { storeId, memoryId, versions } = await seedHistory(page.request, baseURL!, "history diff");
    const [v1, , v3] = versions;
    await page.goto(historyUrl(storeId, memoryId));

    await page.getByLabel(`Select version ${v3!.id} for diff`).check();
    await page.getByLabel(`Select version ${v1!.id} for diff`).check();
    await page.getByRole("button", { name: "Compare selected" }).click();

    const diff = page.getByTestId("version-diff");
    // Older on the left, whichever was ticked first.
    await expect(diff.getByTestId("diff-left-label")).toContainText(v1!.id);
    await expect(diff.getByTestId("diff-left-label")).toContainText("API key MEMORY_CONSOLE_API_KEY");
    await expect(diff.getByTestId("diff-right-label")).toContainText(v3!.id);
    await expect(diff.getByTestId("diff-right-label")).toContainText(ADMIN.email);
    const editor = diff.locator(".monaco-diff-editor");
    await expect(editor.locator(".line-insert").first()).toBeVisible({ timeout: MONACO_TIMEOUT });
    await expect(editor.locator(".line-delete").first()).toBeVisible();
    await expect(editor.locator(".editor.modified .view-lines")).toContainText(/book\sflights/);
    await expect(editor.locator(".editor.original .view-lines")).toContainText(/buy\smilk/);
    await page.waitForTimeout(300); // let the diff decorations settle before the screenshot
    await diff.screenshot({ path: "e2e/screenshots/history-diff.png" });
    await page.screenshot({ path: "e2e/screenshots/history-page.png", fullPage: true });

    await diff.getByRole("button", { name: "Close diff" }).click();
    await expect(diff).toHaveCount(0);
    expect(foreign, "requests that left 127.0.0.1").toEqual([]);
    checkConsole();
  });

  test("diff a version against the current content; deleted and current rows explain why they cannot", async ({ page, baseURL }) => {
    const checkConsole = failOnConsoleErrors(page);
    const { storeId, memoryId, versions } = await seedHistory(page.request, baseURL!, "history diff current");
    const [v1, , , v4] = versions;
    await page.goto(historyUrl(storeId, memoryId));

    const headDiff = row(page, v4!.id).getByRole("button", { name: "Diff with current" });
    await expect(headDiff).toBeDisabled();
    await expect(headDiff).toHaveAttribute("data-disabled-reason", "This is the current version.");

    await row(page, v1!.id).getByRole("button", { name: "Diff with current" }).click();
    const diff = page.getByTestId("version-diff");
    await expect(diff.getByTestId("diff-left-label")).toContainText(v1!.id);
    await expect(diff.getByTestId("diff-right-label")).toContainText("current content");
    await expect(diff.getByTestId("diff-right-label")).toContainText("/notes/plan-2026.md");
    await expect(diff.locator(".monaco-diff-editor .line-insert").first()).toBeVisible({ timeout: MONACO_TIMEOUT });
    await expect(diff.locator(".monaco-diff-editor .editor.modified .view-lines")).toContainText(/oat\smilk/);

    // A deletion has no content: diffing it gives a message, not an empty diff.
    await apiCall(baseURL!, `/v1/memory_stores/${storeId}/memories/${memoryId}`, { method: "DELETE" });
    await page.reload();
    const deletedRow = page.getByTestId("memory-history").locator("tbody tr").first();
    await expect(deletedRow).toContainText("deleted");
    await expect(page.getByText("This memory is deleted")).toBeVisible();
    await expect(deletedRow.getByRole("button", { name: "Diff with current" })).toBeDisabled();
    await deletedRow.getByRole("checkbox").check();
    await page.getByLabel(`Select version ${v1!.id} for diff`).check();
    await page.getByRole("button", { name: "Compare selected" }).click();
    await expect(page.getByTestId("version-diff")).toContainText("records the deletion of the memory and has no content");
    await expect(page.locator(".monaco-diff-editor")).toHaveCount(0);
    checkConsole();
  });

  test("store-wide history: filters live in the query string, survive a reload, and rows link to their memory", async ({ page, baseURL }) => {
    const checkConsole = failOnConsoleErrors(page);
    const { storeId, memoryId, versions } = await seedHistory(page.request, baseURL!, "history store-wide");
    const other = await apiCall<{ id: string }>(baseURL!, `/v1/memory_stores/${storeId}/memories`, {
      method: "POST",
      body: { path: "/other.txt", content: "other\n" },
    });
    await apiCall(baseURL!, `/v1/memory_stores/${storeId}/memories/${other.body.id}`, { method: "DELETE" });
    const actors = await apiCall<{ api_keys: { id: string; name: string }[] }>(baseURL!, "/v1/actors");
    const keyId = actors.body.api_keys.find((k) => k.name === "MEMORY_CONSOLE_API_KEY")!.id;

    await page.goto(`/stores/${storeId}/versions`);
    const rows = page.locator("tbody tr");
    await expect(rows).toHaveCount(6);
    await expect(rows.first()).toContainText("deleted");
    await expect(row(page, versions[0]!.id).getByRole("link", { name: memoryId })).toHaveAttribute("href", `/stores/${storeId}/memories/${memoryId}`);

    // Filter by operation and actor in the form: the URL carries them.
    await page.getByLabel("Operation").selectOption("modified");
    await page.getByLabel("Actor", { exact: true }).selectOption({ label: "MEMORY_CONSOLE_API_KEY" });
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(new RegExp(`operation=modified&api_key_id=${keyId}`));
    await expect(rows).toHaveCount(2);
    await page.reload();
    await expect(rows).toHaveCount(2);
    await expect(page.getByLabel("Operation")).toHaveValue("modified");
    await expect(page.getByLabel("Actor", { exact: true })).toHaveValue(`api_key_id:${keyId}`);

    // A deep link with a date range and a user actor.
    const users = await apiCall<{ users: { id: string; email: string }[] }>(baseURL!, "/v1/actors");
    const adminId = users.body.users.find((u) => u.email === ADMIN.email)!.id;
    const since = encodeURIComponent(versions[1]!.created_at);
    await page.goto(`/stores/${storeId}/versions?user_id=${adminId}&created_at%5Bgte%5D=${since}`);
    await expect(rows).toHaveCount(1);
    await expect(row(page, versions[2]!.id)).toContainText(ADMIN.email);
    await expect(page.getByLabel("Actor", { exact: true })).toHaveValue(`user_id:${adminId}`);
    const all = await apiCall<{ data: { created_at: string }[] }>(baseURL!, `/v1/memory_stores/${storeId}/memory_versions`);
    const upToV2 = all.body.data.filter((v) => v.created_at <= versions[1]!.created_at).length;
    await page.goto(`/stores/${storeId}/versions?created_at%5Blte%5D=${encodeURIComponent(versions[1]!.created_at)}`);
    await expect(rows).toHaveCount(upToV2);
    await page.goto(`/stores/${storeId}/versions`);
    await page.getByLabel("From").fill("2999-01-01T00:00");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/created_at%5Bgte%5D=(2999|2998)-/);
    await expect(page.getByText("No version matches these filters.")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("From")).toHaveValue("2999-01-01T00:00");

    // A session id typed in, and a memory id: the memory's own history.
    await page.getByLabel("Actor", { exact: true }).selectOption("session_id:");
    await page.getByLabel("Session id").fill("sesn_nobody");
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(new RegExp(`/stores/${storeId}/versions$`));
    await page.getByLabel("Memory id").fill(memoryId);
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(new RegExp(`memory_id=${memoryId}`));
    await expect(page.getByTestId("memory-history").locator("tbody tr")).toHaveCount(4);
    await page.goBack();
    await expect(rows).toHaveCount(6);
    checkConsole();

    // The API's own message for a bad filter in a hand-edited link (the browser logs that 400, so after the check).
    await page.goto(`/stores/${storeId}/versions?created_at%5Bgte%5D=yesterday`);
    await expect(page.getByRole("alert").filter({ hasText: "RFC 3339" })).toBeVisible();
  });

  test("store-wide history pages through next_page with Load more", async ({ page, baseURL }) => {
    const checkConsole = failOnConsoleErrors(page);
    const store = await apiCall<{ id: string }>(baseURL!, "/v1/memory_stores", { method: "POST", body: { name: "history pages" } });
    const memories = `/v1/memory_stores/${store.body.id}/memories`;
    const memory = await apiCall<{ id: string }>(baseURL!, memories, { method: "POST", body: { path: "/counter.txt", content: "0" } });
    for (let i = 1; i <= 54; i++) await apiCall(baseURL!, `${memories}/${memory.body.id}`, { method: "POST", body: { content: String(i) } });

    await page.goto(`/stores/${store.body.id}/versions`);
    const rows = page.locator("tbody tr");
    await expect(rows).toHaveCount(50);
    await page.getByRole("button", { name: "Load more" }).click();
    await expect(rows).toHaveCount(55);
    await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
    await expect(rows.last()).toContainText("created");
    checkConsole();
  });

  test("a viewer reads history and diffs, but sees no restore or redact controls", async ({ page: adminPage, browser, baseURL }) => {
    const { storeId, memoryId, versions } = await seedHistory(adminPage.request, baseURL!, "history viewer");
    const created = await apiCall(baseURL!, "/v1/users", {
      method: "POST",
      body: { email: "history-viewer@example.com", password: "viewer password 123", role: "viewer" },
    });
    expect(created.status).toBe(200);
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    const checkConsole = failOnConsoleErrors(page);
    await signIn(page, "history-viewer@example.com", "viewer password 123");
    await expect(page.getByTestId("signed-in-user")).toHaveText("history-viewer@example.com");
    await page.goto(historyUrl(storeId, memoryId));
    await expect(page.getByTestId("memory-history").locator("tbody tr")).toHaveCount(4);
    await expect(page.getByRole("button", { name: "Restore" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Redact" })).toHaveCount(0);
    await row(page, versions[0]!.id).getByRole("button", { name: "Diff with current" }).click();
    await expect(page.locator(".monaco-diff-editor .line-insert").first()).toBeVisible({ timeout: MONACO_TIMEOUT });
    checkConsole();
    await context.close();
  });
});
