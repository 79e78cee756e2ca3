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
});
