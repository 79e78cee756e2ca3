import { expect, test, type Page } from "@playwright/test";
import { apiCall, signIn } from "./helpers.ts";

// docs/design.md "Workspaces", the console: every console URL names its workspace
// (`?workspace=`), the header's switcher lists the person's workspaces, each page shows only
// the current workspace's data, a URL of a workspace the person may not use says so, and an
// organisation admin manages workspaces and invites. At a desktop's width and a phone's.
const SHOTS = "/tmp/ws-shots";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Opens the workspace switcher (behind the Menu button on a phone) and chooses `name`. */
async function switchTo(page: Page, name: string) {
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("button", { name: /^Workspace:/ }).click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true }).click();
}

for (const [label, viewport] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const) {
  test(`workspaces on a ${label}: create, switch, a URL names its workspace, strangers are told (${viewport.width}px)`, async ({ page, baseURL, browser }) => {
    await page.setViewportSize(viewport);
    const staging = `Staging ${label} ${Date.now() % 100000}`;
    const defaultStore = `Default notes ${label}`;
    const stagingStore = `Staging notes ${label}`;
    await apiCall(baseURL!, "/v1/memory_stores", { method: "POST", body: { name: defaultStore } });

    // An organisation admin creates the workspace on the console.
    await page.goto("/workspaces");
    await page.getByRole("button", { name: "New workspace" }).click();
    const dialog = page.getByRole("dialog", { name: "New workspace" });
    await dialog.getByLabel("Name").fill(staging);
    await dialog.getByRole("button", { name: "Create workspace" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId(`workspace-row-${staging}`)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/workspaces-${viewport.width}.png`, fullPage: true });

    // Switching goes to the same section there; the stores page makes a store in it.
    await switchTo(page, staging);
    await expect(page).toHaveURL(/\/workspaces\?workspace=wrkspc_/);
    const stagingId = new URL(page.url()).searchParams.get("workspace")!;
    await page.goto(`/stores?workspace=${stagingId}`);
    await expect(page.getByTestId("current-workspace")).toHaveText(staging);
    await page.getByRole("button", { name: "New store", exact: true }).click();
    const create = page.getByRole("dialog", { name: "Create memory store" });
    await create.getByLabel("Name").fill(stagingStore);
    await create.getByRole("button", { name: "Create store" }).click();
    await expect(page.getByTestId(`store-row-${stagingStore}`)).toBeVisible();
    await expect(page.getByTestId(`store-row-${defaultStore}`)).toHaveCount(0);
    // A link followed inside the workspace keeps it.
    await page.getByTestId(`store-row-${stagingStore}`).getByRole("link").first().click();
    await expect(page).toHaveURL(new RegExp(`/stores/memstore_\\w+\\?workspace=${stagingId}`));
    if (viewport === PHONE) await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("button", { name: /^Workspace:/ }).click();
    await page.screenshot({ path: `${SHOTS}/switcher-${viewport.width}.png` });
    await page.keyboard.press("Escape");

    // Back in Default: its store only; from a store page the switch goes to the stores list, not to an id of Staging.
    await page.goto(`/stores?workspace=${stagingId}`);
    await switchTo(page, "Default");
    await expect(page).toHaveURL(/\/stores\?workspace=wrkspc_0{26}$/);
    await expect(page.getByTestId(`store-row-${defaultStore}`)).toBeVisible();
    await expect(page.getByTestId(`store-row-${stagingStore}`)).toHaveCount(0);

    // A link naming the other workspace opens its view as it is.
    await page.goto(`/stores?workspace=${stagingId}`);
    await expect(page.getByTestId(`store-row-${stagingStore}`)).toBeVisible();
    await expect(page.getByTestId(`store-row-${defaultStore}`)).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/stores-staging-${viewport.width}.png`, fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(overflow).toBeLessThanOrEqual(viewport.width);

    // A person of Default only, given the link, is told they are not a member; an unknown id does not exist.
    const email = `stranger-${label}-${Date.now()}@example.com`;
    const made = await apiCall(baseURL!, "/v1/users", { method: "POST", body: { email, password: "stranger password 123", role: "viewer" } });
    expect(made.status).toBe(200);
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport });
    const stranger = await context.newPage();
    await signIn(stranger, email, "stranger password 123");
    await stranger.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
    await stranger.goto(`/stores?workspace=${stagingId}`);
    await expect(stranger.getByRole("heading", { name: "You are not a member of this workspace" })).toBeVisible();
    await stranger.screenshot({ path: `${SHOTS}/not-member-${viewport.width}.png` });
    await stranger.goto(`/stores?workspace=wrkspc_01NOSUCHWORKSPACE000000000`);
    await expect(stranger.getByRole("heading", { name: "This workspace does not exist" })).toBeVisible();
    await stranger.getByRole("link", { name: "Go to your workspace" }).click();
    await expect(stranger.getByTestId(`store-row-${defaultStore}`)).toBeVisible();
    await context.close();

    // An invite by link into Staging as workspace_user: accepted in a fresh browser, that person reads and cannot write.
    const invitee = `invitee-${label}-${Date.now()}@example.com`;
    await page.goto(`/invites?workspace=${stagingId}`);
    await page.getByRole("button", { name: "Invite someone" }).click();
    const invite = page.getByRole("dialog", { name: "Invite someone" });
    await invite.getByLabel("Email").fill(invitee);
    await expect(invite.getByLabel("Workspace")).toHaveValue(stagingId);
    await invite.getByLabel("Role").selectOption("user");
    await invite.getByRole("button", { name: "Create invite" }).click();
    await expect(invite.getByText("Shown once", { exact: true })).toBeVisible();
    const link = new URL((await invite.getByTestId("invite-link").textContent())!);
    await page.screenshot({ path: `${SHOTS}/invite-link-${viewport.width}.png` });
    await invite.getByRole("button", { name: "Done" }).click();
    await expect(page.getByTestId(`invite-row-${invitee}`)).toBeVisible();

    const fresh = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport });
    const guest = await fresh.newPage();
    await guest.goto(link.pathname + link.search);
    await guest.getByLabel("Name").fill("Wendy Workspace");
    await guest.getByLabel("Password", { exact: true }).fill("invitee password 123");
    await guest.getByLabel("Confirm password").fill("invitee password 123");
    await guest.getByRole("button", { name: "Create my account" }).click();
    await expect(guest).toHaveURL(/\/sign-in/);
    await signIn(guest, invitee, "invitee password 123", { goto: false });
    // Not a member of Default: their URL without a workspace means Staging.
    await expect(guest.getByTestId(`store-row-${stagingStore}`)).toBeVisible();
    await expect(guest.getByTestId("current-workspace")).toHaveText(staging);
    await expect(guest.getByRole("button", { name: "New store", exact: true })).toHaveCount(0);
    await guest.getByTestId(`store-row-${stagingStore}`).getByRole("link").first().click();
    await expect(guest.getByRole("heading", { name: stagingStore })).toBeVisible();
    await expect(guest.getByRole("button", { name: "New memory" })).toHaveCount(0);
    await guest.screenshot({ path: `${SHOTS}/invitee-store-${viewport.width}.png`, fullPage: true });
    await fresh.close();
  });
}

test("an admin's header groups the sections into menus that open, close with Escape and hold links", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto("/stores");
  const activity = page.getByRole("button", { name: "Activity" });
  await expect(activity).toHaveAttribute("aria-expanded", "false");
  await activity.click();
  await expect(activity).toHaveAttribute("aria-expanded", "true");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Audit log" })).toBeVisible();
  // Drawn, not only laid out: nothing clips the open menu (the header's popover once did).
  const box = (await nav.getByRole("link", { name: "Audit log" }).boundingBox())!;
  const hit = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest("a")?.textContent ?? null,
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(hit).toBe("Audit log");
  await page.screenshot({ path: `${SHOTS}/activity-menu-1280.png` });
  await page.keyboard.press("Escape");
  await expect(activity).toHaveAttribute("aria-expanded", "false");
  await expect(activity).toBeFocused();
  await expect(nav.getByRole("link", { name: "Audit log" })).toBeHidden();
  // The keyboard opens it and walks its links.
  await page.getByRole("button", { name: "Settings" }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(nav.getByRole("link", { name: "Workspaces" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/workspaces$/);
});

test("the API keys page names each key's scope, and only an organisation admin may make an organisation key", async ({ page, baseURL }) => {
  await page.setViewportSize(DESKTOP);
  const run = Date.now().toString(36);
  const made = await apiCall(baseURL!, "/v1/api_keys", { method: "POST", body: { name: `fleet key ${run}`, role: "reviewer", scope: "organization" } });
  expect(made.status).toBe(200);
  await page.goto("/api-keys");
  await expect(page.getByTestId(`key-row-fleet key ${run}`).getByTestId("key-scope")).toHaveText("Organisation");
  await page.getByRole("button", { name: "Create key" }).click();
  const dialog = page.getByRole("dialog", { name: "Create API key" });
  await dialog.getByLabel("Name").fill(`team key ${run}`);
  await expect(dialog.getByLabel(/Organisation-scoped/)).toBeVisible();
  await dialog.getByRole("button", { name: "Create key" }).click();
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId(`key-row-team key ${run}`).getByTestId("key-scope")).toHaveText("Default");
});

for (const [label, viewport] of [
  ["desktop", DESKTOP],
  ["phone", PHONE],
] as const) {
  test(`an admin moves a store to another workspace, where it opens with its history (${viewport.width}px)`, async ({ page, baseURL }) => {
    await page.setViewportSize(viewport);
    const target = await apiCall<{ id: string }>(baseURL!, "/v1/organizations/workspaces", { method: "POST", body: { name: `Archive team ${label}` } });
    expect(target.status).toBe(200);
    const store = await apiCall<{ id: string }>(baseURL!, "/v1/memory_stores", { method: "POST", body: { name: `moving ${label}` } });
    await apiCall(baseURL!, `/v1/memory_stores/${store.body.id}/memories`, { method: "POST", body: { path: "/notes.md", content: "kept\n" } });
    await page.goto(`/stores/${store.body.id}`);
    const more = page.getByTestId("store-more");
    if (await more.isVisible()) await more.click();
    await page.getByRole("button", { name: "Move", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: `Move moving ${label} to another workspace` });
    await dialog.getByLabel("Move to").selectOption({ label: `Archive team ${label}` });
    await dialog.getByLabel(`Type “move moving ${label}” to confirm`).fill(`move moving ${label}`);
    await page.screenshot({ path: `${SHOTS}/move-store-${viewport.width}.png` });
    await dialog.getByRole("button", { name: "Move store" }).click();
    await expect(page).toHaveURL(new RegExp(`/stores/${store.body.id}\\?workspace=${target.body.id}$`));
    await expect(page.getByRole("heading", { name: `moving ${label}` })).toBeVisible();
    await expect(page.getByText("notes.md").first()).toBeVisible();
    // Gone from Default.
    expect((await apiCall(baseURL!, `/v1/memory_stores/${store.body.id}`)).status).toBe(404);
  });
}
