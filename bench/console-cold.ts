/**
 * `npm run bench:console`, the cold parts (issue 42): a page loaded in a browser that has never
 * loaded the console (a new context: empty HTTP cache, only the session cookie), and the first
 * click on a page that has just loaded, against the same click made a second later.
 */
import type { Browser, BrowserContext, Page } from "@playwright/test";
import type { ConsolePage } from "./console-pages.ts";
import { installProbe, timeClick, timeLoad, type Target } from "./console-probe.ts";

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

async function coldPage(browser: Browser, baseURL: string, storageState: StorageState, targets: Target[]): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({ baseURL, storageState });
  await installProbe(context, targets);
  return [context, await context.newPage()];
}

/** From the navigation's start until the page's main content is on screen, in a cold browser; and the server's first byte. */
export async function coldLoad(browser: Browser, baseURL: string, storageState: StorageState, page: ConsolePage) {
  const [context, tab] = await coldPage(browser, baseURL, storageState, [page.target]);
  try {
    const ms = await timeLoad(tab, page.url, page.target);
    const nav = await tab.evaluate(() => performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming);
    return { ms, ttfbMs: nav.responseStart };
  } finally {
    await context.close();
  }
}

/** Whether React has hydrated this element (its props are attached): the earliest a click on it does anything. */
async function hydrated(page: Page, selector: string) {
  await page.waitForFunction(
    (selector) => {
      const element = document.querySelector(selector);
      return element !== null && Object.keys(element).some((key) => key.startsWith("__reactProps"));
    },
    selector,
    { polling: 10, timeout: 30_000 },
  );
}

/**
 * A store's page opened cold; as soon as its tree takes a click, a folder is unfolded and, as soon
 * as the memory shows in it (or `pauseMs` later), the memory is clicked: the pointer moves onto
 * it and clicks at once. Returns the times from each click until what it opens is on screen (the
 * folder's memory; the memory's text beside the tree).
 */
export async function firstClick(
  browser: Browser,
  baseURL: string,
  storageState: StorageState,
  store: { id: string; folder: string; memoryPath: string },
  memoryText: Target,
  pauseMs: number,
) {
  const folderButton = `[data-testid="tree-folder-${store.folder}"] button`;
  const memoryLink = `[data-testid="tree-memory-${store.memoryPath}"] a`;
  const memoryRow: Target = { selector: memoryLink };
  const [context, page] = await coldPage(browser, baseURL, storageState, [memoryRow, memoryText]);
  try {
    await page.goto(`/stores/${store.id}`, { waitUntil: "commit" });
    await hydrated(page, folderButton);
    const expandMs = await timeClick(page, folderButton, memoryRow, { hoverMs: 0 });
    if (pauseMs > 0) await page.waitForTimeout(pauseMs);
    const openMs = await timeClick(page, memoryLink, memoryText, { hoverMs: 0 });
    return { expandMs, openMs };
  } finally {
    await context.close();
  }
}
