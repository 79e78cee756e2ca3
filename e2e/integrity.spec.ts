import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { databaseFile, failOnConsoleErrors, seedHistory } from "./helpers.ts";

// The store page's integrity badge (admins): "History verified · <time>", and after a version row
// is edited straight in the server's SQLite file, the break with a link to that version.

test("the store page shows the history verified, then where an edit behind the app's back broke it", async ({ page, baseURL }) => {
  const checkConsole = failOnConsoleErrors(page);
  const { storeId, versions } = await seedHistory(page.request, baseURL!, "integrity badge");
  await page.goto(`/stores/${storeId}`);
  const badge = page.getByTestId("integrity-badge");
  await expect(badge).toContainText("History verified ·");
  // The badge is a link to what was verified: which versions, and when.
  await expect(badge).toHaveAttribute("href", `/stores/${storeId}/integrity`);
  await badge.click();
  await expect(page).toHaveURL(new RegExp(`/stores/${storeId}/integrity$`));
  const report = page.getByTestId("integrity-report");
  await expect(report.getByRole("heading", { level: 1 })).toHaveText("History verification · integrity badge");
  await expect(report.getByRole("status").filter({ hasText: "History verified" })).toBeVisible();
  await expect(page.getByTestId("integrity-versions-checked")).toHaveText(`${versions.length} versions`);
  await expect(page.getByTestId("integrity-range")).toContainText(`chain positions 1–${versions.length}, written`);
  const facts = report.getByRole("definition");
  await expect(report.getByRole("link", { name: versions.at(-1)!.id })).toHaveAttribute("href", `/stores/${storeId}/versions/${versions.at(-1)!.id}`);
  await expect(report.getByRole("link", { name: versions[0]!.id })).toBeVisible();
  await expect(facts.filter({ hasText: "Nothing pruned" })).toHaveCount(1);
  await page.screenshot({ path: "test-results/integrity-report.png", fullPage: true });
  await page.goto(`/stores/${storeId}`);

  const db = new Database(databaseFile(), { timeout: 30_000 });
  try {
    db.prepare("UPDATE memory_versions SET path = ? WHERE id = ?").run("/planted.md", versions[1]!.id);
  } finally {
    db.close();
  }
  await page.reload();
  await expect(badge).toContainText("History broken");
  const link = badge.getByRole("link", { name: `at ${versions[1]!.id}` });
  await expect(link).toHaveAttribute("href", `/stores/${storeId}/versions/${versions[1]!.id}`);
  await badge.getByRole("link", { name: "History broken" }).click();
  await expect(report.getByRole("alert").filter({ hasText: "History broken" })).toContainText(versions[1]!.id);
  await expect(report.getByRole("definition").filter({ hasText: versions[1]!.id })).toHaveCount(1);
  checkConsole();
});

test("the audit log page lists an admin action and offers both downloads", async ({ page, baseURL }) => {
  const checkConsole = failOnConsoleErrors(page);
  const { storeId } = await seedHistory(page.request, baseURL!, "audited in the console");
  await page.request.get(`${baseURL}/v1/exports/${storeId}?format=zip`);
  await page.goto("/audit");
  await expect(page.getByRole("heading", { name: "Audit log" })).toBeVisible();
  await page.getByLabel("Action").selectOption("export.downloaded");
  await expect(page.getByTestId("audit-row").first()).toContainText("export.downloaded");
  await expect(page.getByRole("link", { name: "Download CSV" })).toHaveAttribute("href", "/v1/audit_events?format=csv&action=export.downloaded");
  const csv = await page.request.get(`${baseURL}/v1/audit_events?format=csv&action=export.downloaded`);
  expect(await csv.text()).toContain(storeId);
  checkConsole();
});
