import AxeBuilder from "@axe-core/playwright";
import { test, type Page } from "@playwright/test";
import { createStore, failOnConsoleErrorsExcept } from "./console-helpers.ts";
import { apiCall } from "./helpers.ts";
import { agentCreates, createAgent, expect } from "./review-helpers.ts";

// A reviewer's reason goes with an approve or a revert, one change or a batch: it is kept with
// the decision and shown in the memory's history.

const shots = process.env.SCREENSHOT_DIR ?? "e2e/screenshots";
type Decision = { memory_id: string; action: string; reason: string | null; batch_id: string | null };

async function decisions(baseURL: string, query: string) {
  return (await apiCall<{ data: Decision[] }>(baseURL, `/v1/review_decisions?${query}`)).body.data;
}

async function expectFits(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test("a reason typed with Approve, and one with a bulk revert, is kept with the decisions and shown in history", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const checkConsole = failOnConsoleErrorsExcept(page);
  const store = await createStore(base, `review reasons ${Date.now()}`);
  const agent = await createAgent(base, `reason agent ${Date.now()}`);
  for (const name of ["a", "b", "c"]) await agentCreates(base, agent, store.id, `/why/${name}.md`, `${name}\n`);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/stores/${store.id}/review`);
  const one = page.getByRole("group", { name: "This change" });
  await expect(one.getByRole("button", { name: /^Approve a$/ })).toBeEnabled();
  const reason = one.getByLabel("Reason (optional, kept with the decision)");
  await reason.fill("checked with Ana");
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: `${shots}/review-reason-1280.png` });
  await one.getByRole("button", { name: /^Approve a$/ }).click();
  await expect(page.getByTestId("review-list").locator("li")).toHaveCount(2);
  await expect(reason).toHaveValue("");
  // The inbox hides the change at once; the decision is recorded when the request returns.
  await expect
    .poll(async () => (await decisions(base, `store_id=${store.id}`))[0])
    .toMatchObject({ action: "approved", reason: "checked with Ana", batch_id: null });
  const [approved] = await decisions(base, `store_id=${store.id}`);

  // The rest in one batch, with its own reason.
  const bulk = page.getByRole("group", { name: "Bulk actions" });
  await bulk.getByRole("button", { name: /^Revert all in the inbox…/ }).click();
  const dialog = page.getByTestId("bulk-dialog");
  await expect(dialog.getByTestId("bulk-count")).toContainText("2 items");
  await dialog.getByLabel("Reason (optional)").fill("agent looped");
  await dialog.getByRole("button", { name: "Revert 2" }).click();
  await expect(dialog.getByTestId("bulk-report")).toHaveText("2 of 2 reverted.");
  await dialog.getByRole("button", { name: "Close" }).click();
  const all = await decisions(base, `store_id=${store.id}`);
  const batch = all.filter((d) => d.batch_id !== null);
  expect(batch.map((d) => [d.action, d.reason])).toEqual([
    ["reverted", "agent looped"],
    ["reverted", "agent looped"],
  ]);

  // The history says who decided, and why.
  await page.goto(`/stores/${store.id}/versions?memory_id=${approved!.memory_id}`);
  await expect(page.getByTestId("review-mark-note")).toContainText("checked with Ana");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/stores/${store.id}/review`);
  await expect(page.getByText("Nothing awaits review")).toBeVisible();
  await expectFits(page);
  checkConsole();
});

test("the reason field fits a phone beside the actions", async ({ page, baseURL }) => {
  const base = baseURL!;
  const store = await createStore(base, `review reasons phone ${Date.now()}`);
  const agent = await createAgent(base, `reason phone agent ${Date.now()}`);
  await agentCreates(base, agent, store.id, "/why/phone.md", "phone\n");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/stores/${store.id}/review`);
  const one = page.getByRole("group", { name: "This change" });
  await expect(one.getByLabel("Reason (optional, kept with the decision)")).toBeVisible();
  await expectFits(page);
  await page.screenshot({ path: `${shots}/review-reason-390.png`, fullPage: true });
});
