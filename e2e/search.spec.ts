import { expect, test, type Page } from "@playwright/test";
import { changeMemory, createMemory, createStore } from "./console-helpers.ts";
import { apiCall, failOnConsoleErrors } from "./helpers.ts";

// Search and erase (issue 11): Ctrl/Cmd+K, results with filters in the URL, a hit opened with the
// match marked and scrolled into view in Monaco, and an erase with its dry run and report.

/** Monaco is a large bundle: on a busy machine a fresh page can take a while to show it. */
const MONACO_TIMEOUT = 90_000;

async function editorReady(page: Page, firstLine: string) {
  const editor = page.getByTestId("memory-editor");
  await expect(editor.locator(".view-lines")).toContainText(firstLine, { timeout: MONACO_TIMEOUT });
  return editor;
}
/** Sixty lines with the text on line 45: below the editor's first screen, so it must be scrolled to. */
const longNote = (line45: string) => Array.from({ length: 60 }, (_, i) => (i === 44 ? line45 : `line ${i + 1}: nothing to see`)).join("\n");

test.describe("search", () => {
  test.describe.configure({ timeout: 240_000 });

  test("find a planted secret across two stores with Ctrl+K, open a history hit, erase it with the dry run and report, then find nothing", async ({
    page,
    baseURL,
  }) => {
    const checkConsole = failOnConsoleErrors(page);
    const secret = `sk-ant-e2e-${Date.now().toString(36)}`;
    const storeA = await createStore(baseURL!, "Search agent A");
    const storeB = await createStore(baseURL!, "Search agent B");
    const keys = await createMemory(baseURL!, storeA.id, "/config/keys.md", longNote(`anthropic = "${secret}"`));
    await changeMemory(baseURL!, storeA.id, keys.id, longNote('anthropic = "(rotated, see vault)"'));
    await createMemory(baseURL!, storeB.id, "/notes/copy.md", `Pasted by mistake: ${secret}\n`);

    await page.goto("/stores");
    const box = page.getByRole("searchbox", { name: "Search memories" });
    // Pressed at once: the shortcut answers before the page has hydrated too (responsive.spec.ts).
    await page.keyboard.press("ControlOrMeta+K");
    await expect(box).toBeFocused();
    await box.fill(`"${secret}"`);
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=sk-ant-e2e-.*&mode=exact/);
    const results = page.getByRole("list", { name: "Search results" });
    await expect(results.getByRole("listitem")).toHaveCount(1);
    await expect(results).toContainText("/notes/copy.md");
    await expect(results.locator("mark")).toHaveText(secret);

    // History: the version of store A that held it before the rotation.
    await page.getByLabel("Look in").selectOption("versions");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/scope=versions/);
    await expect(results.getByRole("listitem")).toHaveCount(2);
    await expect(results).toContainText("Search agent A");
    await expect(results).toContainText("line 45");
    await page.screenshot({ path: "e2e/screenshots/search-results.png", fullPage: true });

    await results.getByRole("link", { name: "/config/keys.md" }).click();
    await expect(page).toHaveURL(new RegExp(`/stores/${storeA.id}/versions/memver_.*line=45`));
    // Scrolled to the hit: line 45 is on screen, line 1 is not.
    await editorReady(page, secret);
    await expect(page.getByTestId("search-marks")).toHaveText(/1 match of .* marked, line 45 shown/, { timeout: MONACO_TIMEOUT });
    const marked = page.getByTestId("memory-editor").locator(".search-hit");
    await expect(marked).toBeInViewport();
    await expect(page.getByTestId("memory-editor").locator(".view-lines")).not.toContainText("line 1: nothing to see");
    await page.screenshot({ path: "e2e/screenshots/search-history-hit.png", fullPage: true });

    // Erase it everywhere, from the search.
    await page.goBack();
    await page.getByRole("button", { name: "Erase this text…" }).click();
    const dialog = page.getByRole("dialog", { name: "Erase text" });
    await dialog.getByRole("button", { name: "Dry run" }).click();
    await expect(dialog.getByTestId("erasure-counts")).toContainText("Current memories found1");
    await expect(dialog.getByTestId("erasure-counts")).toContainText("Versions found2");
    const erase = dialog.getByRole("button", { name: "Erase", exact: true });
    await expect(erase).toBeDisabled();
    await dialog.getByLabel("Type “erase 2 versions” to confirm").fill("erase 2 versions");
    await page.screenshot({ path: "e2e/screenshots/erase-dry-run.png", fullPage: true });
    await erase.click();
    await expect(dialog).toContainText("Searching for this text finds nothing now.");
    await dialog.getByRole("link", { name: "Open the report" }).click();
    await expect(page).toHaveURL(/\/erasures\/erasure_/);
    await expect(page.getByRole("table")).toContainText("text replaced by the marker");
    await expect(page.getByRole("table")).toContainText("redacted");
    await expect(page.getByRole("link", { name: "Download CSV" })).toHaveAttribute("href", /\?format=csv$/);
    await page.screenshot({ path: "e2e/screenshots/erase-report.png", fullPage: true });
    const csv = await page.request.get((await page.getByRole("link", { name: "Download CSV" }).getAttribute("href"))!);
    expect(await csv.text()).toContain("written,replaced");

    // Searching the same text, in history too, finds nothing; the memory holds the marker.
    await page.goto(`/search?q=${encodeURIComponent(secret)}&mode=exact&scope=versions`);
    await expect(page.getByText("Nothing found")).toBeVisible();
    const copy = await apiCall<{ data: { content: string }[] }>(baseURL!, `/v1/memory_stores/${storeB.id}/memories?view=full`);
    expect(copy.body.data[0]!.content).toBe("Pasted by mistake: [erased]\n");
    checkConsole();
  });

  test("Ctrl+K works from inside the editor; a current hit opens the memory with its words marked", async ({ page, baseURL }) => {
    const checkConsole = failOnConsoleErrors(page);
    const store = await createStore(baseURL!, "Search words");
    const memory = await createMemory(baseURL!, store.id, "/customers/acme.md", longNote("Acme renegotiated the quokka pricing in March."));
    await page.goto(`/stores/${store.id}/memories/${memory.id}`);
    const editor = await editorReady(page, "line 1: nothing to see");
    await editor.locator(".view-lines").click();
    await page.keyboard.press("ControlOrMeta+K");
    const box = page.getByRole("searchbox", { name: "Search memories" });
    await expect(box).toBeFocused();
    await expect(page.getByTestId("save-status")).toHaveText("No changes");
    await box.fill("quokka pricing");
    await box.press("Enter");
    const results = page.getByRole("list", { name: "Search results" });
    await expect(results.locator("mark")).toHaveText(["quokka", "pricing"]);
    await results.getByRole("link", { name: "/customers/acme.md" }).click();
    await expect(page).toHaveURL(new RegExp(`/stores/${store.id}/memories/${memory.id}\\?q=quokka`));
    await editorReady(page, "Acme renegotiated the quokka pricing");
    await expect(page.getByTestId("memory-editor").locator(".view-lines")).not.toContainText("line 1: nothing to see");
    await expect(page.getByTestId("search-marks")).toHaveText(/2 matches of .* marked, line 45 shown/, { timeout: MONACO_TIMEOUT });
    await expect(page.getByTestId("memory-editor").locator(".search-hit").first()).toBeInViewport();
    // Marks are decorations: the memory is not changed by them.
    await expect(page.getByTestId("save-status")).toHaveText("No changes");
    checkConsole();
  });

  test("a words search offers the erase too, on the exact text, and Search all versions is a link", async ({ page, baseURL }) => {
    const checkConsole = failOnConsoleErrors(page);
    const tag = Date.now().toString(36);
    const store = await createStore(baseURL!, `Search words erase ${tag}`);
    await createMemory(baseURL!, store.id, "/notes/pricing.md", `The wombat${tag} discount is secret.\n`);
    const moved = await createMemory(baseURL!, store.id, "/notes/old.md", `Call numbat${tag} on Friday.\n`);
    await changeMemory(baseURL!, store.id, moved.id, "Nothing to call about.\n");

    // Words, not exact text: the erase is offered, and its dialog says it acts on the exact text.
    await page.goto(`/search?q=${encodeURIComponent(`wombat${tag} discount`)}&mode=words`);
    const results = page.getByRole("list", { name: "Search results" });
    await expect(results.getByRole("listitem")).toHaveCount(1);
    await page.getByRole("button", { name: "Erase this text…" }).click();
    const dialog = page.getByRole("dialog", { name: "Erase text" });
    await expect(dialog.getByRole("status").filter({ hasText: "Exact text, not words" })).toContainText(`exactly “wombat${tag} discount”`);
    await expect(dialog.getByRole("link", { name: "Search it as exact text" })).toHaveAttribute("href", /mode=exact/);
    await dialog.getByRole("button", { name: "Dry run" }).click();
    await expect(dialog.getByTestId("erasure-counts")).toContainText("Current memories found1");
    await page.screenshot({ path: "test-results/search-words-erase.png", fullPage: true });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();

    // Nothing current holds the old text: "Search all versions" is a real link to the same search in history.
    await page.goto(`/search?q=numbat${tag}&mode=words`);
    await expect(page.getByText("Nothing found")).toBeVisible();
    const all = page.getByRole("link", { name: "Search all versions" });
    await expect(all).toHaveAttribute("href", new RegExp(`^/search\\?q=numbat${tag}&mode=words&scope=versions`));
    await all.click();
    await expect(page).toHaveURL(/scope=versions/);
    await expect(results.getByRole("listitem")).toHaveCount(1);
    await expect(results).toContainText("/notes/old.md");
    checkConsole();
  });
});
