import { expect, test, type Page } from "@playwright/test";
import { createMemory, createStore, failOnConsoleErrorsExcept, importMemories } from "./console-helpers.ts";

/** The path_prefix of every folder listing (depth=1) the page asks the API for. */
function recordListings(page: Page): string[] {
  const prefixes: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (/\/v1\/memory_stores\/[^/]+\/memories$/.test(url.pathname) && request.method() === "GET") {
      expect(url.searchParams.get("depth")).toBe("1");
      prefixes.push(url.searchParams.get("path_prefix") ?? "");
    }
  });
  return prefixes;
}

async function newMemory(page: Page, path: string, content: string) {
  await page.getByRole("button", { name: "New memory" }).click();
  const dialog = page.getByRole("dialog", { name: "New memory" });
  await dialog.getByLabel("Path").fill(path);
  await dialog.getByLabel("Content").fill(content);
  await dialog.getByRole("button", { name: "Create memory" }).click();
  return dialog;
}

test.describe("memory tree", () => {
  test("memories seeded by hand appear in a nested tree whose folders load only when opened", async ({ page, baseURL }) => {
    const store = await createStore(baseURL!, "hand seeded");
    const checkConsole = failOnConsoleErrorsExcept(page, [400, 409]);
    await page.goto(`/stores/${store.id}`);
    await expect(page.getByText("This store has no memories yet")).toBeVisible();

    for (const [path, content] of [
      ["/readme.md", "# Readme\n"],
      ["/notes/todo.md", "- call Ana\n"],
      ["/notes/ideas/tree.md", "lazy folders\n"],
      ["/notes/ideas/merge.md", "diff3\n"],
      ["/config.json", '{"a": 1}\n'],
    ]) {
      const dialog = await newMemory(page, path!, content!);
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("status").filter({ hasText: `Created ${path}` })).toBeVisible();
    }

    // The API's path rules are explained in the form, and its refusals shown there.
    const dialog = await newMemory(page, "/notes/../secret.md", "x");
    await expect(dialog).toContainText("1 to 20 segments");
    await expect(dialog.getByRole("alert").filter({ hasText: "must not contain '.' or '..' segments" })).toBeVisible();
    await dialog.getByLabel("Path").fill("/notes");
    await dialog.getByRole("button", { name: "Create memory" }).click();
    await expect(dialog.getByTestId("conflicting-path")).toContainText("/notes/ideas/merge.md");
    await dialog.getByRole("button", { name: "Cancel" }).click();

    const listed = recordListings(page);
    await page.reload();
    await expect(page.getByTestId("tree-memory-/readme.md")).toContainText("9 B");
    await expect(page.getByTestId("tree-folder-/notes/")).toBeVisible();
    await expect(page.getByTestId("tree-memory-/config.json")).toBeVisible();
    // The first level came with the page's HTML (the server lists it while rendering): the browser asked for nothing.
    expect(listed).toEqual([]);

    await page.getByRole("button", { name: "notes/" }).click();
    await expect(page.getByTestId("tree-memory-/notes/todo.md")).toBeVisible();
    await expect(page.getByTestId("tree-folder-/notes/ideas/")).toBeVisible();
    expect(listed).toEqual(["/notes/"]);

    await page.getByRole("button", { name: "ideas/" }).click();
    await expect(page.getByTestId("tree-memory-/notes/ideas/merge.md")).toBeVisible();
    expect(listed).toEqual(["/notes/", "/notes/ideas/"]);
    await page.screenshot({ path: "e2e/screenshots/store-page.png", fullPage: true });

    // Collapsing hides the children; a memory row links to its page.
    await page.getByRole("button", { name: "notes/" }).click();
    await expect(page.getByTestId("tree-memory-/notes/todo.md")).toBeHidden();
    await page.getByRole("link", { name: "readme.md" }).click();
    await expect(page.getByTestId("memory-path")).toHaveText("/readme.md");
    checkConsole();
  });

  test("breadcrumbs and the path filter open a folder by its URL", async ({ page, baseURL }) => {
    const store = await createStore(baseURL!, "filter me");
    for (const path of ["/projects/alpha/spec.md", "/projects/alpine.md", "/projects/beta/spec.md", "/top.md"]) {
      await createMemory(baseURL!, store.id, path, `${path}\n`);
    }
    const checkConsole = failOnConsoleErrorsExcept(page);
    const listed = recordListings(page);
    await page.goto(`/stores/${store.id}`);
    await page.getByLabel("Go to path").fill("/projects/al");
    await page.getByRole("button", { name: "Go" }).click();
    await expect(page).toHaveURL(/prefix=%2Fprojects%2F&name=al/);
    await expect(page.getByTestId("tree-folder-/projects/alpha/")).toBeVisible();
    await expect(page.getByTestId("tree-memory-/projects/alpine.md")).toBeVisible();
    await expect(page.getByTestId("tree-folder-/projects/beta/")).toBeHidden();
    await expect(page.getByTestId("tree-memory-/top.md")).toBeHidden();
    // The folder's listing comes with the page (server-rendered); the browser never lists anything outside it.
    expect(listed.filter((prefix) => !prefix.startsWith("/projects/"))).toEqual([]);

    // Deep link after a reload, then up through the breadcrumbs.
    await page.reload();
    await expect(page.getByTestId("tree-memory-/projects/alpine.md")).toBeVisible();
    const crumbs = page.getByRole("navigation", { name: "Breadcrumbs" });
    await expect(crumbs.getByRole("link", { name: "projects" })).toBeVisible();
    await crumbs.getByRole("link", { name: "filter me" }).click();
    await expect(page.getByTestId("tree-memory-/top.md")).toBeVisible();

    await page.getByLabel("Go to path").fill("/projects/zzz");
    await page.getByRole("button", { name: "Go" }).click();
    await expect(page.getByText("No entry of /projects/ starts with “zzz”.")).toBeVisible();
    checkConsole();
  });

  test("a 10,000-memory store opens and expands a folder at once; long folders scroll in pages", async ({ page, baseURL }) => {
    test.setTimeout(600_000);
    const store = await createStore(baseURL!, "ten thousand");
    const paths: string[] = [];
    for (let f = 0; f < 50; f++) for (let i = 0; i < 100; i++) paths.push(`/teams/team-${String(f).padStart(2, "0")}/note-${String(i).padStart(3, "0")}.md`);
    for (let i = 0; i < 4999; i++) paths.push(`/inbox/item-${String(i).padStart(4, "0")}.md`);
    paths.push("/readme.md");
    const seedStart = Date.now();
    await importMemories(baseURL!, store.id, paths);
    console.log(`imported ${paths.length} memories in ${Date.now() - seedStart} ms`);

    const checkConsole = failOnConsoleErrorsExcept(page);
    const listed = recordListings(page);
    const openStart = Date.now();
    await page.goto(`/stores/${store.id}`);
    await expect(page.getByRole("heading", { name: "ten thousand" })).toBeVisible();
    const shell = Date.now() - openStart;
    await expect(page.getByTestId("tree-folder-/teams/")).toBeVisible();
    const opened = Date.now() - openStart;
    const expandStart = Date.now();
    await page.getByRole("button", { name: "teams/" }).click();
    await expect(page.getByTestId("tree-folder-/teams/team-00/")).toBeVisible();
    const expanded = Date.now() - expandStart;
    console.log(
      `10,000-memory store: page open to store header ${shell} ms, to tree ${opened} ms; folder expand ${expanded} ms; open + expand ${opened + expanded} ms`,
    );
    await expect(page.getByText("10,000 memories")).toBeVisible();

    // A 4,999-entry folder: the first page of 100 loads, only visible rows are in the DOM, and
    // scrolling to the end of what is loaded asks for the next page.
    await page.getByRole("button", { name: "teams/" }).click();
    const inboxStart = Date.now();
    await page.getByRole("button", { name: "inbox/" }).click();
    await expect(page.getByTestId("tree-memory-/inbox/item-0000.md")).toBeVisible();
    console.log(`10,000-memory store: 4,999-entry folder first page shown in ${Date.now() - inboxStart} ms`);
    expect(listed.filter((p) => p === "/inbox/")).toHaveLength(1);
    expect(await page.locator('[data-testid^="tree-memory-/inbox/"]').count()).toBeLessThan(60);
    const scroller = page.getByTestId("memory-tree-scroll");
    // Scrolled to the end again on each poll until the page is asked for: a scroll made while the
    // last page was still being laid out can land short of the end, and then nothing is asked for.
    // The tree may ask for one page ahead of the scroll (its "more" row can be in view again as a
    // page lands), never more.
    const asked = () => listed.filter((p) => p === "/inbox/").length;
    const lastShown = () =>
      page
        .locator('[data-testid^="tree-memory-/inbox/"]')
        .evaluateAll((rows) => Math.max(...rows.map((row) => Number(/item-(\d+)/.exec(row.getAttribute("data-testid") ?? "")?.[1] ?? -1))));
    for (let pageNo = 2; pageNo <= 3; pageNo++) {
      await expect
        .poll(async () => {
          if (asked() < pageNo) await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
          return asked();
        })
        .toBeGreaterThanOrEqual(pageNo);
      expect(asked()).toBeLessThanOrEqual(pageNo + 1);
    }
    // Scrolled to the end of what is loaded, the rows there are the third page's or later ones.
    await expect
      .poll(async () => {
        await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
        return lastShown();
      })
      .toBeGreaterThanOrEqual(299);
    expect(await page.locator('[data-testid^="tree-memory-/inbox/"]').count()).toBeLessThan(60);
    expect(listed.some((p) => p.startsWith("/teams/team-"))).toBe(false);
    checkConsole();
  });
});
