import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { changeMemory, createMemory, createStore } from "./console-helpers.ts";
import { apiCall, failOnConsoleErrors } from "./helpers.ts";

// Pattern erase (issue 26) on the Erasures page: find every e-mail address in two stores, see
// the distinct matches with counts, tick two of three, preview the erase memory by memory
// grouped by store (paths linked, rewrite or delete, older versions redacted), type the
// confirmation, erase, and read the report; at 1280×800 and 390×844, never scrolling sideways.

const SIZES = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

async function expectAccessible(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    `axe violations on ${where}`,
  ).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, width } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scrollWidth, `${where}: the page is wider than the window`).toBeLessThanOrEqual(width);
}

for (const size of SIZES) {
  test(`find e-mail addresses across two stores, erase a picked subset, read the report (${size.name})`, async ({ page, baseURL }) => {
    test.setTimeout(180_000); // seeding, two axe passes and the first compile of the pages on a busy machine
    const checkConsole = failOnConsoleErrors(page);
    await page.setViewportSize(size);
    const run = `${size.name}-${Date.now().toString(36)}`;
    const [crm, notes] = [await createStore(baseURL!, `CRM ${run}`), await createStore(baseURL!, `Notes ${run}`)];
    const [ana, bob, carol] = ["ana", "bob", "carol"].map((name) => `${name}.${run}@example.com`) as [string, string, string];
    const first = await createMemory(baseURL!, crm.id, "/customers/ana-and-bob.md", `Ana <${ana}>, cc ${bob}\n`);
    await changeMemory(baseURL!, crm.id, first.id, `Ana <${ana}>, cc ${bob}\nKeep ${carol}\n`);
    await createMemory(baseURL!, notes.id, `/people/${bob}/profile.md`, "Bob, met in March\n");
    const mail = await createMemory(baseURL!, notes.id, "/projects/a-fairly-long-folder-name/mailing-list.md", `Write to ${ana.toUpperCase()} first\n`);

    await page.goto("/erasures");
    const panel = page.getByRole("region", { name: "Find and erase a pattern" });
    await expect(panel.getByLabel("Look for")).toHaveValue("email");
    await panel.getByRole("checkbox", { name: crm.name }).check();
    await panel.getByRole("checkbox", { name: notes.name }).check();
    await panel.getByRole("button", { name: "Find matches" }).click();

    const matches = panel.getByRole("list", { name: "Matches" });
    await expect(matches.getByRole("listitem")).toHaveCount(3);
    await expect(panel.getByTestId("match-count")).toHaveText("3 distinct matches · 0 picked");
    await expect(matches.getByRole("listitem").filter({ hasText: ana })).toContainText("3 times · 2 memories (2 current) · 2 stores");
    await expectNoSidewaysScroll(page, "matches");
    await panel.getByRole("checkbox", { name: new RegExp(ana.replace(/\./g, "\\.")) }).check();
    await panel.getByRole("checkbox", { name: new RegExp(bob.replace(/\./g, "\\.")) }).check();
    await expect(panel.getByTestId("match-count")).toHaveText("3 distinct matches · 2 picked");
    await page.screenshot({ path: `test-results/pattern-erase-matches-${size.name}.png`, fullPage: true });
    await expectAccessible(page, `matches (${size.name})`);
    await panel.getByRole("button", { name: "Preview the erase of 2 values" }).click();

    // The dry run, memory by memory and grouped by store.
    const crmGroup = panel.getByRole("region", { name: `Store ${crm.name}` });
    const notesGroup = panel.getByRole("region", { name: `Store ${notes.name}` });
    await expect(crmGroup.getByTestId("erasure-memory")).toHaveCount(1);
    await expect(crmGroup.getByTestId("erasure-memory")).toContainText("/customers/ana-and-bob.md");
    await expect(crmGroup.getByTestId("erasure-memory")).toContainText("rewrite (the text becomes [erased]), redact 1 older version");
    await expect(notesGroup.getByTestId("erasure-memory")).toHaveCount(2);
    await expect(notesGroup.getByTestId("erasure-memory").filter({ hasText: "profile.md" })).toContainText("delete the memory");
    await expect(notesGroup.getByRole("link", { name: /mailing-list\.md/ })).toHaveAttribute("href", `/stores/${notes.id}/memories/${mail.id}`);
    await expectNoSidewaysScroll(page, "dry run");
    const confirm = panel.getByLabel("Type “erase 4 versions of 2 values” to confirm");
    const erase = panel.getByRole("button", { name: "Erase 2 values" });
    await expect(erase).toBeDisabled();
    await confirm.fill("erase 4 versions of 2 values");
    await page.screenshot({ path: `test-results/pattern-erase-dry-run-${size.name}.png`, fullPage: true });
    await expectAccessible(page, `dry run (${size.name})`);
    await erase.click();

    // The report, with the same list and what happened.
    await expect(panel.getByText("Searching for the erased values finds nothing now.")).toBeVisible();
    await expect(crmGroup.getByTestId("erasure-memory")).toContainText("rewritten · 2 versions redacted");
    await expect(notesGroup.getByTestId("erasure-memory").filter({ hasText: "mailing-list.md" })).toContainText("rewritten");
    await expect(notesGroup.getByTestId("erasure-memory").filter({ hasText: "(its path was erased)" })).toContainText("deleted");
    await expectNoSidewaysScroll(page, "result");
    await page.screenshot({ path: `test-results/pattern-erase-result-${size.name}.png`, fullPage: true });
    await panel.getByRole("link", { name: "Open the report" }).click();
    await expect(page).toHaveURL(/\/erasures\/erasure_/);
    await expect(page.getByText("2 values found as e-mail addresses", { exact: false })).toBeVisible();
    await expect(page.getByRole("region", { name: `Store ${crm.name}` }).getByRole("link", { name: /ana-and-bob\.md/ })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectNoSidewaysScroll(page, "report");
    await page.screenshot({ path: `test-results/pattern-erase-report-${size.name}.png`, fullPage: true });

    // What was picked is gone; what was not stays.
    const now = await apiCall<{ content: string }>(baseURL!, `/v1/memory_stores/${crm.id}/memories/${first.id}`);
    expect(now.body.content).toBe(`Ana <[erased]>, cc [erased]\nKeep ${carol}\n`);
    checkConsole();
  });
}
