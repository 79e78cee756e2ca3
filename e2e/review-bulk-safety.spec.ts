import { test } from "@playwright/test";
import { createStore, failOnConsoleErrorsExcept } from "./console-helpers.ts";
import { agentCreates, createAgent, expect } from "./review-helpers.ts";

// Bulk review actions are set apart from one-change actions, always say how many they cover,
// and a large batch (a revert from 10 changes) asks for a typed phrase like erase and bulk delete.

test("bulk revert is apart from Revert, and a large one asks for a typed phrase", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const store = await createStore(base, `bulk safety ${Date.now()}`);
  const agent = await createAgent(base, `bulk safety agent ${Date.now()}`);
  for (let i = 0; i < 12; i++) await agentCreates(base, agent, store.id, `/scratch/note-${String(i).padStart(2, "0")}.md`, `note ${i}\n`);
  const checkConsole = failOnConsoleErrorsExcept(page);

  await page.goto(`/stores/${store.id}/review`);
  const bulk = page.getByRole("group", { name: "Bulk actions" });
  const one = page.getByRole("group", { name: "This change" });
  await expect(bulk.getByRole("button", { name: "Revert all in the inbox…" })).toBeEnabled();
  await expect(one.getByRole("button", { name: /^Revert r$/ })).toBeVisible();
  await expect(one.getByRole("button", { name: /all/ })).toHaveCount(0);
  await expect(bulk).toContainText("12");

  // A small selection: the count, and one click (Enter) confirms.
  await page.getByRole("checkbox", { name: "Select /scratch/note-00.md" }).check();
  await page.getByRole("checkbox", { name: "Select /scratch/note-01.md" }).check();
  await bulk.getByRole("button", { name: "Revert 2 selected…" }).click();
  const dialog = page.getByTestId("bulk-dialog");
  await expect(dialog.getByTestId("bulk-count")).toContainText("2 items");
  await expect(dialog.getByTestId("bulk-typed-confirmation")).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Revert 2" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog.getByTestId("bulk-report")).toHaveText("2 of 2 reverted.");
  await dialog.getByRole("button", { name: "Close" }).click();

  // Everything left (10): the confirm button waits for the exact phrase.
  await expect(page.getByTestId("review-list").locator("li")).toHaveCount(10);
  await bulk.getByRole("button", { name: "Revert all in the inbox…" }).click();
  await expect(dialog.getByTestId("bulk-count")).toContainText("10 items");
  const confirm = dialog.getByRole("button", { name: "Revert 10" });
  await expect(confirm).toBeDisabled();
  const phrase = dialog.getByLabel("Type “revert 10 changes” to confirm");
  await expect(phrase).toBeFocused();
  await phrase.fill("revert 10");
  await page.keyboard.press("Enter");
  await expect(confirm).toBeDisabled();
  await expect(dialog.getByTestId("bulk-report")).toHaveCount(0);
  await phrase.fill("revert 10 changes");
  await expect(confirm).toBeEnabled();
  await page.keyboard.press("Enter");
  await expect(dialog.getByTestId("bulk-report")).toHaveText("10 of 10 reverted.");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(page.getByText("Nothing awaits review")).toBeVisible();
  checkConsole();
});
