import { expect, test, type Page } from "@playwright/test";
import { createMemory, createStore } from "./console-helpers.ts";
import { ADMIN, apiCall, signIn } from "./helpers.ts";
import { agentCreates, agentUpdates, createAgent } from "./review-helpers.ts";

// Every console page fits a phone (390×844) and a tablet (820×1180): the page never scrolls
// sideways, and the header's menu reaches the sections and the user's Sign out.
// SCREENSHOT_DIR=<folder> also saves each page at 390×844 and 1280×800 to look at.

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 820, height: 1180 };
const DESKTOP = { width: 1280, height: 800 };

/** The page's width beyond the viewport, and the elements that stick out (to say what overflows). */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const culprits: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>("*"))) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && box.right > width + 1 && culprits.length < 8) {
        culprits.push(`${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} right=${Math.round(box.right)}`);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, culprits };
  });
}

async function seed(baseURL: string) {
  const store = await createStore(baseURL, `responsive store with a rather long name ${Date.now()}`);
  const memory = await createMemory(
    baseURL,
    store.id,
    "/projects/a-fairly-long-folder-name/another-level/notes-about-the-quarterly-planning-meeting.md",
    "# Planning\n\n- a line that is long enough to need wrapping on a phone screen, with more words after it\n",
  );
  await createMemory(baseURL, store.id, "/README.md", "# Read me\n\nresponsive everywhere\n");
  const agent = await createAgent(baseURL, `responsive-agent-${Date.now()}`);
  const changed = await agentCreates(baseURL, agent, store.id, "/inbox/agent-wrote-this-with-a-long-file-name.md", "agent note\n");
  await agentUpdates(baseURL, agent, store.id, changed.id, { content: "agent note, changed\n" });
  // A row in each admin table: a webhook endpoint, an erasure and a bulk deletion (with their reports).
  await apiCall(baseURL, "/v1/webhook_endpoints", {
    method: "POST",
    body: { url: "http://127.0.0.1:9/a/rather/long/path/for/a/webhook/receiver", events: ["memory.created"], memory_store_id: store.id },
  });
  const secret = `responsive-secret-${Date.now()}`;
  await createMemory(baseURL, store.id, "/secrets/leak.md", `holds ${secret}\n`);
  await createMemory(baseURL, store.id, "/old/one.md", "one\n");
  type Plan = { id: string; confirmation: string; digest?: string };
  const erasure = (await apiCall<Plan>(baseURL, "/v1/erasures", { method: "POST", body: { query: secret, action: "replace" } })).body;
  await apiCall(baseURL, `/v1/erasures/${erasure.id}/execute`, { method: "POST", body: { query: secret, confirmation: erasure.confirmation } });
  const bulk = (
    await apiCall<Plan>(baseURL, "/v1/bulk_deletions", { method: "POST", body: { target: "memories", memory_store_id: store.id, path_prefix: "/old/" } })
  ).body;
  await apiCall(baseURL, `/v1/bulk_deletions/${bulk.id}/execute`, { method: "POST", body: { digest: bulk.digest, confirmation: bulk.confirmation } });
  return { store, memory, erasureId: erasure.id, bulkId: bulk.id };
}

function consolePages(storeId: string, memoryId: string, erasureId: string, bulkId: string): [string, string][] {
  return [
    ["stores", "/stores"],
    ["store", `/stores/${storeId}`],
    ["store-memory-open", `/stores/${storeId}?memory=${memoryId}`],
    ["memory", `/stores/${storeId}/memories/${memoryId}`],
    ["store-history", `/stores/${storeId}/versions`],
    ["store-integrity", `/stores/${storeId}/integrity`],
    ["store-review", `/stores/${storeId}/review`],
    ["review", "/review"],
    ["search", "/search?q=responsive"],
    ["users", "/users"],
    ["api-keys", "/api-keys"],
    ["api-reference", "/api-reference"],
    ["erasures", "/erasures"],
    ["erasure", `/erasures/${erasureId}`],
    ["webhooks", "/webhooks"],
    ["bulk-deletions", "/bulk-deletions"],
    ["bulk-deletion", `/bulk-deletions/${bulkId}`],
    ["store-batches", "/store-batches"],
    ["store-actions", "/store-actions"],
  ];
}

test.describe("narrow screens", () => {
  test("no console page scrolls sideways on a phone or a tablet", async ({ page, baseURL }) => {
    test.setTimeout(240_000);
    const { store, memory, erasureId, bulkId } = await seed(baseURL!);
    const pages = consolePages(store.id, memory.id, erasureId, bulkId);
    // A version page too.
    const versions = await apiCall<{ data: { id: string }[] }>(baseURL!, `/v1/memory_stores/${store.id}/memory_versions?memory_id=${memory.id}`);
    pages.push(["version", `/stores/${store.id}/versions/${versions.body.data[0]!.id}`]);
    const shots = process.env.SCREENSHOT_DIR;
    // Each page is loaded once on the phone, then turned into a tablet as a rotated device would
    // be: half the page loads of loading it at each size, and the same check at each size.
    for (const [name, url] of pages) {
      await page.setViewportSize(PHONE);
      await page.goto(url);
      await page.waitForLoadState("networkidle");
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      for (const size of [PHONE, TABLET]) {
        await page.setViewportSize(size);
        // Two frames: what re-renders on the resize (virtual lists measure again) has drawn.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        const found = await overflow(page);
        expect.soft(found.scrollWidth, `${name} at ${size.width}px: ${found.culprits.join(" | ")}`).toBeLessThanOrEqual(found.width);
        if (shots && size === PHONE) await page.screenshot({ path: `${shots}/${name}-390.png`, fullPage: true });
      }
    }
    if (shots) {
      await page.setViewportSize(DESKTOP);
      for (const [name, url] of pages) {
        await page.goto(url);
        await page.waitForLoadState("networkidle");
        await page.screenshot({ path: `${shots}/${name}-1280.png` });
      }
    }
  });

  test("on a phone the header's menu holds the sections and Sign out", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/stores");
    await expect(page.getByRole("link", { name: "Memory Console" })).toBeVisible();
    await expect(page.getByRole("searchbox", { name: "Search memories" })).toBeVisible();
    // The sections and the user are behind the menu button, not off-screen.
    await expect(page.getByTestId("signed-in-user")).toBeHidden();
    const menu = page.getByRole("button", { name: "Menu" });
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    const panel = page.getByTestId("console-menu");
    await expect(panel.getByTestId("menu-signed-in-user")).toHaveText("admin@example.com");
    await expect(panel.getByRole("button", { name: "Sign out" })).toBeVisible();
    await panel.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API keys" }).click();
    await expect(page).toHaveURL(/\/api-keys$/);
    await expect(page.getByTestId("console-menu")).toBeHidden();
    expect((await overflow(page)).scrollWidth).toBeLessThanOrEqual(PHONE.width);

    // On a desktop the user and the sections are in the header itself.
    await page.setViewportSize(DESKTOP);
    await expect(page.getByTestId("signed-in-user")).toBeVisible();
    await expect(page.getByRole("button", { name: "Menu" })).toBeHidden();
    await expect(page.getByTestId("console-menu")).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Stores" })).toBeVisible();
  });

  test("before the page has hydrated, the header answers: Menu, Ctrl+K, search and Sign out", async ({ browser }) => {
    // A session of its own: signing out must not end the one the other specs share.
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport: PHONE });
    const page = await context.newPage();
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page).toHaveURL(/\/stores$/);
    // The page's scripts never arrive: what answers now is the HTML and its inline script only.
    await page.route(/\/_next\/static\/.*\.js$/, (route) => route.abort());
    await page.goto("/stores");
    const menu = page.getByRole("button", { name: "Menu" });
    await menu.click();
    // Not hydrated, nothing sets the open panel's test id: the popover by its id.
    const panel = page.locator("#console-menu");
    await expect(panel.getByTestId("menu-signed-in-user")).toHaveText(ADMIN.email);
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();

    const box = page.getByRole("searchbox", { name: "Search memories" });
    await page.keyboard.press("ControlOrMeta+K");
    await expect(box).toBeFocused();
    await box.fill('"nothing hydrated"');
    await box.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=%22nothing\+hydrated%22$/);
    // Once the scripts come, the results page reads it as the box does: exact text.
    await page.unrouteAll();
    await page.reload();
    await expect(page).toHaveURL(/\/search\?q=nothing\+hydrated&mode=exact/);
    await expect(page.getByText("Nothing found")).toBeVisible();

    await page.route(/\/_next\/static\/.*\.js$/, (route) => route.abort());
    await page.goto("/stores");
    await menu.click();
    await panel.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await page.unrouteAll();
    await page.goto("/stores");
    await expect(page).toHaveURL(/\/sign-in/);
    await context.close();
  });

  test("dialogs fit a phone's screen and keep their buttons in reach", async ({ page, baseURL }) => {
    await page.setViewportSize(PHONE);
    const store = await createStore(baseURL!, `responsive dialogs ${Date.now()}`);
    await createMemory(baseURL!, store.id, "/notes/a-long-file-name-for-a-phone-dialog.md", "x\n");
    await page.goto(`/stores/${store.id}`);
    for (const [open, name, action] of [
      ["New memory", "New memory", "Create memory"],
      ["Quick open", "Go to memory", null],
    ] as const) {
      await page.getByRole("button", { name: open }).first().click();
      const dialog = page.getByRole("dialog", { name });
      await expect(dialog).toBeVisible();
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      if (action) await expect(dialog.getByRole("button", { name: action })).toBeInViewport();
      expect((await overflow(page)).scrollWidth).toBeLessThanOrEqual(PHONE.width);
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    }
  });
});
