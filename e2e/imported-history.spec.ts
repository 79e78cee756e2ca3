import { expect, test } from "@playwright/test";
import { createHash } from "node:crypto";
import { API_KEY, apiCall, failOnConsoleErrors } from "./helpers.ts";

// Issue 21: the console's history shows an imported version as imported: who imported it, from
// what, when, and who the file says wrote it; an admin's import that keeps the file's authors says so.

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** A JSON Lines export of one memory written twice, by authors of the file's own. */
function exportFile(): string {
  const store = { type: "memory_store", id: "memstore_file", name: "from a file", description: "", metadata: {}, created_at: "2021-03-04T05:06:07.000Z" };
  const version = (id: string, operation: string, content: string, created_at: string, created_by: object) => ({
    type: "memory_version",
    id,
    memory_id: "mem_file",
    operation,
    path: "/notes/imported.md",
    content,
    created_at,
    created_by,
    redacted_at: null,
    redacted_by: null,
  });
  return [
    store,
    { type: "memory", path: "/notes/imported.md", content_sha256: sha256("second") },
    version("memver_f1", "created", "first", "2021-03-04T05:06:07.000Z", { type: "session_actor", session_id: "sess_from_the_file" }),
    version("memver_f2", "modified", "second", "2021-03-05T05:06:07.000Z", { type: "api_actor", api_key_id: "apikey_from_the_file" }),
  ]
    .map((line) => JSON.stringify(line))
    .join("\n");
}

async function importHistory(baseURL: string, name: string, key: string) {
  const response = await fetch(`${baseURL}/v1/imports?format=jsonl&name=${encodeURIComponent(name)}`, {
    method: "POST",
    headers: { "x-api-key": key, "anthropic-beta": "agent-memory-2026-07-22", "content-type": "application/x-ndjson" },
    body: exportFile(),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { store_id: string; import_id: string };
}

test.describe("imported history", () => {
  test("a reviewer's import reads as imported by them, with what the file says beside it", async ({ page, baseURL }) => {
    const checkConsole = failOnConsoleErrors(page);
    const key = await apiCall<{ secret: string }>(baseURL!, "/v1/api_keys", { method: "POST", body: { name: "e2e importer", role: "reviewer" } });
    const { store_id: storeId, import_id: importId } = await importHistory(baseURL!, "imported by a reviewer", key.body.secret);

    await page.goto(`/stores/${storeId}/versions`);
    const notes = page.getByTestId("imported-note");
    await expect(notes).toHaveCount(2);
    const newest = notes.nth(0);
    await expect(newest).toContainText("Imported by API key e2e importer from a JSON Lines export");
    await expect(newest).toContainText(importId);
    await expect(newest).toContainText("file says written by API key apikey_from_the_file");
    await expect(newest).toContainText("2021");
    await expect(notes.nth(1)).toContainText("file says written by session sess_from_the_file");
    await expect(newest).not.toContainText("admin");
    // The Actor column is the importer, not the file's author.
    const rows = page.locator("tbody tr");
    await expect(rows.nth(0)).toContainText("imported");
    await expect(rows.nth(0).locator("td").nth(3)).toHaveText("API key e2e importer");

    // One version's own page says it too.
    const versions = await apiCall<{ data: { id: string }[] }>(baseURL!, `/v1/memory_stores/${storeId}/memory_versions`);
    await page.goto(`/stores/${storeId}/versions/${versions.body.data[0]!.id}`);
    await expect(page.getByTestId("imported-note")).toContainText("Imported by API key e2e importer");
    checkConsole();
  });

  test("an admin's import shows the file's authors, and says it is an import that kept them", async ({ page, baseURL }) => {
    const checkConsole = failOnConsoleErrors(page);
    const { store_id: storeId } = await importHistory(baseURL!, "imported by an admin", API_KEY);
    await page.goto(`/stores/${storeId}/versions`);
    const rows = page.locator("tbody tr");
    await expect(rows.nth(1).locator("td").nth(3)).toHaveText("session sess_from_the_file");
    await expect(page.getByTestId("imported-note").nth(1)).toContainText("Imported by API key MEMORY_CONSOLE_API_KEY from a JSON Lines export");
    await expect(page.getByTestId("imported-note").nth(1)).toContainText("an admin's import: shown as its author");
    checkConsole();
  });

  test("the confirmation of an import with history says how many versions it replays, not one per memory", async ({ page }) => {
    const checkConsole = failOnConsoleErrors(page);
    await page.goto("/stores");
    await page.getByRole("button", { name: "New store from files" }).click();
    const dialog = page.getByRole("dialog", { name: "New store from files" });
    await dialog
      .getByLabel("Archive to import")
      .setInputFiles({ name: "moved-store.jsonl", mimeType: "application/x-ndjson", buffer: Buffer.from(exportFile()) });
    await expect(dialog.getByLabel("Preview counts")).toContainText("2versions");
    await dialog.getByLabel("Store name").fill(`history confirmed ${Date.now()}`);
    const hint = dialog.getByTestId("import-history-hint");
    await expect(hint).toHaveText(
      "Every version the export holds, replayed in order: 2 versions, ending with 1 memory, in one transaction. Each keeps the author and time the file names, marked as imported by you.",
    );
    await expect(dialog).not.toContainText("One version per memory");
    await page.screenshot({ path: "test-results/import-history-confirm.png", fullPage: true });
    const importButton = dialog.getByRole("button", { name: "Import 1 memory with 2 versions" });
    await expect(importButton).toBeDisabled();
    await dialog.getByLabel("Type “import 1” to confirm").fill("import 1");
    await importButton.click();
    await expect(dialog.getByRole("status").filter({ hasText: "Imported" })).toContainText("1 memory with 2 versions replayed from the export.");
    checkConsole();
  });
});
