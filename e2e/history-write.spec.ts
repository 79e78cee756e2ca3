import { expect, test, type Page } from "@playwright/test";
import { ADMIN, apiCall, failOnConsoleErrors, HISTORY_CONTENTS, listVersions, seedHistory } from "./helpers.ts";

// History, write side: restore (live and deleted memories, path conflict, concurrent change), redact (and the refused head case), archived stores.

const historyUrl = (storeId: string, memoryId: string) => `/stores/${storeId}/versions?memory_id=${memoryId}`;
const row = (page: Page, versionId: string) => page.getByTestId(`version-row-${versionId}`);

/** Like failOnConsoleErrors, but the browser's own log line for an expected refusal (409) is allowed. */
function failOnConsoleErrorsExcept409(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !/status of 409/.test(message.text())) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return () => expect(errors, "browser console errors").toEqual([]);
}

test.describe("restore and redact", () => {
  test("restore an old version: a new modified version with the old content, by the signed-in user", async ({ page, baseURL }) => {
    const checkConsole = failOnConsoleErrors(page);
    const { storeId, memoryId, versions } = await seedHistory(page.request, baseURL!, "restore live");
    const [v1, , , v4] = versions;
    await page.goto(historyUrl(storeId, memoryId));

    await expect(row(page, v4!.id).getByRole("button", { name: "Restore" })).toBeDisabled();
    await row(page, v1!.id).getByRole("button", { name: "Restore" }).click();
    const dialog = page.getByRole("dialog", { name: "Restore version" });
    await expect(dialog).toContainText("as a new modified version");
    await expect(dialog.getByText("Also move it back to")).toBeVisible(); // v1 was at /notes/plan.md
    await dialog.getByRole("button", { name: "Restore version" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Version restored" })).toBeVisible();

    const after = await listVersions(baseURL!, storeId, memoryId);
    expect(after).toHaveLength(5);
    expect(after[0]!.operation).toBe("modified");
    expect(after[0]!.content).toBe(HISTORY_CONTENTS[0]);
    expect(after[0]!.path).toBe("/notes/plan-2026.md"); // content only: the path stays
    expect(after[0]!.created_by?.type).toBe("user_actor");
    await expect(row(page, after[0]!.id).getByText("current", { exact: true })).toBeVisible();
    await expect(row(page, after[0]!.id)).toContainText(ADMIN.email);

    // v1's content is the memory's content now: restoring v1 again can only move the memory back to v1's path.
    await row(page, v1!.id).getByRole("button", { name: "Restore" }).click();
    await expect(dialog).toContainText("The memory already has this content");
    await expect(dialog.getByLabel("Also move it back to")).toBeChecked();
    await dialog.getByRole("button", { name: "Restore version" }).click();
    await expect(row(page, v1!.id).getByRole("button", { name: "Restore" })).toHaveAttribute("data-disabled-reason", "The memory already has this content.");
    const moved = await listVersions(baseURL!, storeId, memoryId);
    expect(moved).toHaveLength(6);
    expect(moved[0]).toMatchObject({ operation: "modified", path: "/notes/plan.md", content: HISTORY_CONTENTS[0] });
    checkConsole();
  });

  test("a change made after the history was loaded is not overwritten: the 409 is explained", async ({ page, baseURL }) => {
    const checkConsole = failOnConsoleErrorsExcept409(page);
    const { storeId, memoryId, versions } = await seedHistory(page.request, baseURL!, "restore conflict");
    await page.goto(historyUrl(storeId, memoryId));
    await expect(row(page, versions[3]!.id).getByText("current", { exact: true })).toBeVisible();
    await apiCall(baseURL!, `/v1/memory_stores/${storeId}/memories/${memoryId}`, { method: "POST", body: { content: "changed by an agent meanwhile\n" } });

    await row(page, versions[0]!.id).getByRole("button", { name: "Restore" }).click();
    const dialog = page.getByRole("dialog", { name: "Restore version" });
    await dialog.getByRole("button", { name: "Restore version" }).click();
    await expect(dialog.getByRole("alert")).toContainText("The memory changed since this history was loaded");
    await expect(dialog.getByRole("alert")).toContainText("Precondition failed");
    const memory = await apiCall<{ content: string }>(baseURL!, `/v1/memory_stores/${storeId}/memories/${memoryId}`);
    expect(memory.body.content).toBe("changed by an agent meanwhile\n");
    checkConsole();
  });

  test("restore a deleted memory: re-created with a new id; a taken path gives a conflict with a link", async ({ page, baseURL }) => {
    const checkConsole = failOnConsoleErrorsExcept409(page);
    const { storeId, memoryId, versions } = await seedHistory(page.request, baseURL!, "restore deleted");
    await apiCall(baseURL!, `/v1/memory_stores/${storeId}/memories/${memoryId}`, { method: "DELETE" });
    const squatter = await apiCall<{ id: string }>(baseURL!, `/v1/memory_stores/${storeId}/memories`, {
      method: "POST",
      body: { path: "/notes/plan-2026.md", content: "someone else\n" },
    });
    await page.goto(historyUrl(storeId, memoryId));
    await expect(page.getByText("This memory is deleted")).toBeVisible();

    const deletedRow = page.getByTestId("memory-history").locator("tbody tr").first();
    await expect(deletedRow).toContainText("deleted");
    await expect(deletedRow.getByRole("button", { name: "Restore" })).toHaveAttribute("data-disabled-reason", /records a deletion.*version before it/);

    await row(page, versions[3]!.id).getByRole("button", { name: "Restore" }).click();
    const dialog = page.getByRole("dialog", { name: "Restore version" });
    await expect(dialog).toContainText("new memory with a new id");
    await expect(dialog.getByLabel("Re-create at path")).toHaveValue("/notes/plan-2026.md");
    await dialog.getByRole("button", { name: "Re-create memory" }).click();
    const conflict = dialog.getByRole("alert");
    await expect(conflict).toContainText("That path is taken");
    await expect(conflict.getByRole("link", { name: "/notes/plan-2026.md" })).toHaveAttribute("href", `/stores/${storeId}/memories/${squatter.body.id}`);

    await dialog.getByLabel("Re-create at path").fill("/notes/plan-restored.md");
    await dialog.getByRole("button", { name: "Re-create memory" }).click();
    const done = page.getByRole("status").filter({ hasText: "Memory re-created" });
    await expect(done).toBeVisible();
    const href = await done.getByRole("link", { name: "Open the re-created memory" }).getAttribute("href");
    const newId = href!.split("/").pop()!;
    expect(newId).not.toBe(memoryId);
    const recreated = await apiCall<{ path: string; content: string }>(baseURL!, `/v1/memory_stores/${storeId}/memories/${newId}`);
    expect(recreated.body).toMatchObject({ path: "/notes/plan-restored.md", content: HISTORY_CONTENTS[2] });
    const newHistory = await listVersions(baseURL!, storeId, newId);
    expect(newHistory.map((v) => v.operation)).toEqual(["created"]);

    await done.getByRole("link", { name: "its history" }).click();
    await expect(page).toHaveURL(new RegExp(`memory_id=${newId}`));
    await expect(page.getByTestId("memory-history").locator("tbody tr")).toHaveCount(1);
    checkConsole();
  });

  test("redact an old version after confirming: shown as redacted, with who and when", async ({ page, baseURL }) => {
    const checkConsole = failOnConsoleErrors(page);
    const { storeId, memoryId, versions } = await seedHistory(page.request, baseURL!, "redact");
    const v2 = versions[1]!;
    await page.goto(historyUrl(storeId, memoryId));

    await row(page, v2.id).getByRole("button", { name: "Redact" }).click();
    const dialog = page.getByRole("dialog", { name: "Redact version" });
    await expect(dialog).toContainText("This cannot be undone.");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await row(page, v2.id).getByRole("button", { name: "Redact" }).click();
    await dialog.getByRole("button", { name: "Redact version" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Version ${v2.id} was redacted` })).toBeVisible();

    const redacted = await apiCall<{
      content: string | null;
      path: string | null;
      content_sha256: string | null;
      redacted_at: string | null;
      redacted_by: { type: string } | null;
      created_by: { type: string };
    }>(baseURL!, `/v1/memory_stores/${storeId}/memory_versions/${v2.id}`);
    expect(redacted.body).toMatchObject({
      content: null,
      path: null,
      content_sha256: null,
      redacted_by: { type: "user_actor" },
      created_by: { type: "api_actor" },
    });
    expect(redacted.body.redacted_at).not.toBeNull();

    await expect(row(page, v2.id)).toContainText("redacted");
    await expect(row(page, v2.id).getByTestId("redaction-note")).toContainText(`Redacted by ${ADMIN.email}`);
    await expect(row(page, v2.id)).toContainText("path redacted");
    await expect(row(page, v2.id).getByRole("button", { name: "Redact" })).toHaveCount(0);
    await expect(row(page, v2.id).getByRole("button", { name: "Restore" })).toBeDisabled();
    // A redacted side of a diff is a message, not an empty diff.
    await row(page, v2.id).getByRole("checkbox").check();
    await page.getByLabel(`Select version ${versions[0]!.id} for diff`).check();
    await page.getByRole("button", { name: "Compare selected" }).click();
    await expect(page.getByTestId("version-diff")).toContainText(`was redacted by ${ADMIN.email}`);
    checkConsole();
  });

  test("the head of a live memory cannot be redacted: disabled with the reason; forced, the API's refusal is shown", async ({ page, baseURL }) => {
    const checkConsole = failOnConsoleErrorsExcept409(page);
    const { storeId, memoryId, versions } = await seedHistory(page.request, baseURL!, "redact head");
    const head = versions[3]!;
    await page.goto(historyUrl(storeId, memoryId));
    const button = row(page, head.id).getByRole("button", { name: "Redact" });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute("data-disabled-reason", /current version of a live memory cannot be redacted/);
    await expect(row(page, head.id).getByText(/current version of a live memory cannot be redacted/)).toBeVisible();

    // Force it: the page is told an older version is the head, so the real head's button is enabled.
    await page.route(
      (url) => url.pathname === `/v1/memory_stores/${storeId}/memories/${memoryId}`,
      async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, json: { ...(await response.json()), memory_version_id: versions[2]!.id } });
      },
    );
    await page.reload();
    await expect(row(page, versions[2]!.id).getByText("current", { exact: true })).toBeVisible();
    await row(page, head.id).getByRole("button", { name: "Redact" }).click();
    const dialog = page.getByRole("dialog", { name: "Redact version" });
    await dialog.getByRole("button", { name: "Redact version" }).click();
    await expect(dialog.getByRole("alert")).toContainText("Refused by the server");
    await expect(dialog.getByRole("alert")).toContainText("cannot be redacted");
    const still = await apiCall<{ redacted_at: string | null; content: string | null }>(baseURL!, `/v1/memory_stores/${storeId}/memory_versions/${head.id}`);
    expect(still.body.redacted_at).toBeNull();
    expect(still.body.content).toBe(HISTORY_CONTENTS[2]);
    checkConsole();
  });

  test("in an archived store restore is disabled with the reason, redaction still works", async ({ page, baseURL }) => {
    const checkConsole = failOnConsoleErrors(page);
    const { storeId, memoryId, versions } = await seedHistory(page.request, baseURL!, "history archived");
    await apiCall(baseURL!, `/v1/memory_stores/${storeId}/archive`, { method: "POST" });
    await page.goto(historyUrl(storeId, memoryId));
    await expect(page.getByText("Archived store", { exact: true })).toBeVisible();
    await expect(row(page, versions[0]!.id).getByRole("button", { name: "Restore" })).toHaveAttribute("data-disabled-reason", /archived/);
    await row(page, versions[0]!.id).getByRole("button", { name: "Redact" }).click();
    await page.getByRole("dialog", { name: "Redact version" }).getByRole("button", { name: "Redact version" }).click();
    await expect(row(page, versions[0]!.id)).toContainText("redacted");
    checkConsole();
  });
});
