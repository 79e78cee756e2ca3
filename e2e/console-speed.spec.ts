import { expect, test, type Route } from "@playwright/test";
import { createMemory, createStore, failOnConsoleErrorsExcept, getMemory } from "./console-helpers.ts";

// Content first (issue 13): a memory is readable, and editable as plain text, before Monaco has
// loaded; Monaco then takes over without losing a key. And pages arrive with their data: the
// server renders a page's primary content into the HTML, so it shows without a single API call.

/** Monaco's own chunk is far larger than any other script of the console. */
const MONACO_CHUNK_BYTES = 1_000_000;

test("a memory is readable and editable before Monaco is ready, and Monaco keeps what was typed", async ({ page, baseURL }) => {
  const checkConsole = failOnConsoleErrorsExcept(page);
  const store = await createStore(baseURL!, `speed-${Date.now()}`);
  const memory = await createMemory(baseURL!, store.id, "/notes/plan.md", "# Plan\n\nfirst line\n");

  // Hold Monaco's chunk back until the test lets it go.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  await page.route("**/_next/static/**/*.js", async (route: Route) => {
    const response = await route.fetch();
    const body = await response.body();
    if (body.byteLength > MONACO_CHUNK_BYTES) {
      held = true;
      await released;
    }
    await route.fulfill({ response, body });
  });

  await page.goto(`/stores/${store.id}/memories/${memory.id}`);
  const plain = page.getByTestId("memory-text");
  await expect(plain).toHaveValue("# Plan\n\nfirst line\n");
  await expect.poll(() => held, { message: "Monaco's chunk was requested and is being held" }).toBe(true);
  await expect(page.getByTestId("memory-editor")).toHaveAttribute("data-editor-ready", "false");

  // Typed into the plain text while Monaco is away: the caret stays at the end of what was typed.
  await plain.click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type("typed before Monaco");
  await expect(page.getByTestId("save-status")).toHaveText("Unsaved changes");

  release();
  const editor = page.getByTestId("memory-editor");
  await expect(editor).toHaveAttribute("data-editor-ready", "true", { timeout: 30_000 });
  await expect(plain).toHaveCount(0);
  await expect(editor.locator(".view-lines")).toContainText("typed before Monaco");
  // Monaco has the focus and the caret where the textarea had it: typing goes on at once.
  await page.keyboard.type(" and after");
  await page.keyboard.press("ControlOrMeta+S");
  await expect(page.getByTestId("save-status")).toHaveText("Saved");
  expect((await getMemory(baseURL!, store.id, memory.id)).body.content).toBe("# Plan\n\nfirst line\ntyped before Monaco and after");
  await page.unrouteAll({ behavior: "ignoreErrors" });
  checkConsole();
});

test("Monaco loads when a link to a memory is pointed at, never on a page without an editor", async ({ page, baseURL }) => {
  const store = await createStore(baseURL!, `intent-${Date.now()}`);
  await createMemory(baseURL!, store.id, "/plan.md", "# Plan\n");
  const monacoRequests: string[] = [];
  await page.route("**/_next/static/**/*.js", async (route: Route) => {
    const response = await route.fetch();
    const body = await response.body();
    if (body.byteLength > MONACO_CHUNK_BYTES) monacoRequests.push(route.request().url());
    await route.fulfill({ response, body });
  });

  // The users page and the store's tree, each given time to go idle: no Monaco.
  await page.goto("/users");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.goto(`/stores/${store.id}`);
  const link = page.getByTestId("tree-memory-/plan.md").getByRole("link");
  await expect(link).toBeVisible();
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 1_000))));
  expect(monacoRequests, "Monaco was requested by a page that shows no editor").toEqual([]);

  // Pointing at the memory's link starts loading it, before the click.
  await link.hover();
  await expect.poll(() => monacoRequests.length, { message: "Monaco is requested on hover" }).toBeGreaterThan(0);
  await page.unrouteAll({ behavior: "ignoreErrors" });
});

test("stores, store, memory and history pages arrive with their content in the HTML", async ({ browser, baseURL }) => {
  const store = await createStore(baseURL!, `ssr-${Date.now()}`);
  const memory = await createMemory(baseURL!, store.id, "/people/ada.md", "Ada wrote the first program.\n");
  await createMemory(baseURL!, store.id, "/README.md", "read me\n");

  // No JavaScript at all: whatever shows came from the server's HTML.
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: test.info().project.use.storageState });
  const page = await context.newPage();

  await page.goto("/stores");
  await expect(page.getByTestId(`store-row-${store.name}`)).toBeVisible();
  await page.goto(`/stores?q=${encodeURIComponent(store.name)}`);
  await expect(page.getByTestId(`store-row-${store.name}`)).toBeVisible();

  await page.goto(`/stores/${store.id}`);
  await expect(page.getByTestId("tree-folder-/people/")).toBeVisible();
  await expect(page.getByTestId("tree-memory-/README.md")).toBeVisible();

  await page.goto(`/stores/${store.id}/memories/${memory.id}`);
  await expect(page.getByTestId("memory-text")).toHaveValue("Ada wrote the first program.\n");

  await page.goto(`/stores/${store.id}/versions`);
  await expect(page.locator(`[data-testid^="version-row-"]`)).toHaveCount(2);

  // A store the API would not show is not shown by the server either: it leaves the page to say so.
  await page.goto(`/stores/memstore_doesnotexist0000000000/memories/${memory.id}`);
  await expect(page.getByTestId("memory-text")).toHaveCount(0);
  await context.close();
});

// The first click after a page load is served as fast as a later one (issue 42, item 7): nothing
// the page does in the background is started before the reader acts, and what a click opens is
// on screen before Monaco's evaluation holds the main thread.

test("links are prefetched when pointed at, never because they are on screen", async ({ page, baseURL }) => {
  const store = await createStore(baseURL!, `prefetch-${Date.now()}`);
  for (const path of ["/notes/a.md", "/notes/b.md", "/README.md"]) await createMemory(baseURL!, store.id, path, `${path}\n`);
  const prefetched: string[] = [];
  page.on("request", (request) => {
    if (request.headers()["next-router-prefetch"]) prefetched.push(new URL(request.url()).pathname);
  });

  // The header's sections, the store's own links, its activity strip and its tree are all on screen.
  await page.goto(`/stores/${store.id}`);
  await expect(page.getByTestId("tree-memory-/README.md")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 1_000))));
  expect(prefetched, "pages prefetched before the reader pointed at anything").toEqual([]);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Review" }).hover();
  await expect.poll(() => prefetched, { message: "the section pointed at is prefetched" }).toContain("/review");
});

test("a memory clicked as soon as its folder opens shows its text before Monaco loads, with no request for the page", async ({ page, baseURL }) => {
  const checkConsole = failOnConsoleErrorsExcept(page);
  const store = await createStore(baseURL!, `first-click-${Date.now()}`);
  await createMemory(baseURL!, store.id, "/notes/plan.md", "# Plan\n\nfirst line\n");
  await createMemory(baseURL!, store.id, "/README.md", "read me\n");
  // When the memory's text is first in the page, in the page's own clock.
  await page.addInitScript(() => {
    const seen = window as unknown as { textShownAt?: number };
    new MutationObserver(() => {
      if (seen.textShownAt === undefined && document.querySelector('[data-testid="memory-text"]')?.textContent?.includes("first line")) {
        seen.textShownAt = performance.now();
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });

  await page.goto(`/stores/${store.id}`);
  await page.getByTestId("tree-folder-/notes/").getByRole("button").click();
  const pageRequests: string[] = [];
  page.on("request", (request) => {
    if (request.headers()["rsc"]) pageRequests.push(request.url());
  });
  // Pointed at and clicked at once, as a hand does: no time for anything started by the hover.
  await page.getByTestId("tree-memory-/notes/plan.md").getByRole("link").click();
  await expect(page).toHaveURL(/\?memory=mem_/);
  await expect(page.getByTestId("memory-editor")).toHaveAttribute("data-editor-ready", "true", { timeout: 30_000 });
  expect(pageRequests, "the memory opens in place: the server is not asked to render the page again").toEqual([]);

  const { textShownAt, monacoRequestedAt } = await page.evaluate((bytes) => {
    const monaco = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).find((entry) => entry.decodedBodySize > bytes);
    return { textShownAt: (window as unknown as { textShownAt?: number }).textShownAt, monacoRequestedAt: monaco?.startTime };
  }, MONACO_CHUNK_BYTES);
  expect(textShownAt, "the memory's text was shown as plain text").toBeDefined();
  expect(monacoRequestedAt, "Monaco's chunk was loaded").toBeDefined();
  expect(monacoRequestedAt!, "Monaco is asked for only once the memory's text is on screen").toBeGreaterThan(textShownAt!);

  // Back closes it again, as any navigation.
  await page.goBack();
  await expect(page.getByTestId("memory-pane")).toHaveCount(0);
  await expect(page.getByTestId("tree-memory-/notes/plan.md")).toBeVisible();
  checkConsole();
});
