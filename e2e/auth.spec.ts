import { expect, test, type Browser } from "@playwright/test";
import { ADMIN, apiCall, failOnConsoleErrors, signIn } from "./helpers.ts";

const BETA = { "anthropic-beta": "agent-memory-2026-07-22" };

async function freshPage(browser: Browser) {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  return context.newPage();
}

test.describe("sign-in and roles", () => {
  test("signed-out visitors are sent to sign-in, and come back where they were going", async ({ browser }) => {
    const page = await freshPage(browser);
    await page.goto("/users");
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fusers$/);
    await signIn(page, ADMIN.email, ADMIN.password, { goto: false });
    await expect(page).toHaveURL(/\/users$/);
    await page.context().close();
  });

  test("a wrong password shows a message and signs nobody in", async ({ browser }) => {
    const page = await freshPage(browser);
    await signIn(page, ADMIN.email, "not the password");
    await expect(page.getByRole("alert").filter({ hasText: "Wrong email or password." })).toBeVisible();
    await expect(page).toHaveURL(/\/sign-in/);
    await page.context().close();
  });

  test("sign out ends the session", async ({ browser }) => {
    const page = await freshPage(browser);
    const checkConsole = failOnConsoleErrors(page);
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page.getByTestId("signed-in-user")).toHaveText(ADMIN.email);
    // Clicked at once: Sign out works before the page has hydrated too (responsive.spec.ts).
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in/);
    await page.goto("/stores");
    await expect(page).toHaveURL(/\/sign-in/);
    checkConsole();
    await page.context().close();
  });

  test("before the page has hydrated, sign-in posts its form: never a password in a URL", async ({ browser }) => {
    const page = await freshPage(browser);
    const urls: string[] = [];
    page.on("request", (request) => urls.push(request.url()));
    const wrong = `not-the-password-${Date.now()}`;
    const blockScripts = () => page.route(/\/_next\/static\/.*\.js$/, (route) => route.abort());
    // Wrong attempts under an address of their own: the admin's account is never counted toward a lock.
    const nobody = `nobody-${Date.now()}@example.com`;
    const submit = async (password: string, email = nobody) => {
      await page.goto("/sign-in");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(password);
      await page.getByLabel("Password").press("Enter");
    };

    // A first visit holds no CSRF cookie yet, so next-auth would refuse a post: the button waits
    // for the scripts instead (a fresh browser after accepting an invite was sent back here).
    await blockScripts();
    await submit(wrong);
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole("button", { name: "Sign in" })).toBeDisabled();
    expect(urls.filter((url) => url.includes("/api/auth/callback/credentials"))).toEqual([]);

    // After a sign-in and sign-out the cookie is there, as for anyone who has used the console.
    await page.unrouteAll();
    await signIn(page, ADMIN.email, ADMIN.password);
    await expect(page.getByTestId("signed-in-user")).toHaveText(ADMIN.email);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in/);

    await blockScripts();
    await submit(wrong);
    await expect(page).toHaveURL(/\/sign-in\?error=/);
    await expect(page.getByRole("alert")).toHaveText("Wrong email or password.");
    await submit(ADMIN.password, ADMIN.email);
    await expect(page).toHaveURL(/\/stores$/);
    await expect(page.getByTestId("signed-in-user")).toHaveText(ADMIN.email);

    for (const secret of [wrong, ADMIN.password]) {
      const leaks = urls.filter((url) => url.includes(secret) || url.includes(encodeURIComponent(secret)) || url.includes(secret.replace(/ /g, "+")));
      expect(leaks).toEqual([]);
    }
    // A link cannot make the page say what it likes.
    await page.unrouteAll();
    await page.goto("/sign-in?error=Call%20us%20at%20555-0100");
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    await expect(page.getByText("555-0100")).toHaveCount(0);
    await page.context().close();
  });

  test("an admin adds a reviewer and a viewer; the viewer's session cannot write through the API", async ({ page, browser, baseURL }) => {
    const checkConsole = failOnConsoleErrors(page);
    await page.goto("/users");
    for (const role of ["reviewer", "viewer"] as const) {
      await page.getByRole("button", { name: "Add user" }).click();
      const dialog = page.getByRole("dialog", { name: "Add user" });
      await dialog.getByLabel("Email").fill(`${role}@example.com`);
      await dialog.getByLabel("Initial password").fill(`${role} password 123`);
      await dialog.getByRole("radio", { name: new RegExp(`^${role}`) }).check();
      await dialog.getByRole("button", { name: "Create user" }).click();
      await expect(page.getByTestId(`user-row-${role}@example.com`)).toContainText(role);
    }
    checkConsole();

    const viewer = await freshPage(browser);
    await signIn(viewer, "viewer@example.com", "viewer password 123");
    await expect(viewer.getByTestId("signed-in-user")).toHaveText("viewer@example.com");
    await expect(viewer.getByRole("link", { name: "Users" })).toHaveCount(0);

    const read = await viewer.request.get("/v1/memory_stores", { headers: BETA });
    expect(read.status()).toBe(200);
    const write = await viewer.request.post("/v1/memory_stores", {
      headers: { ...BETA, origin: baseURL! },
      data: { name: "viewer wants a store" },
    });
    expect(write.status()).toBe(403);
    expect((await write.json()).error.type).toBe("permission_error");

    const admin = await apiCall<{ data: { name: string }[] }>(baseURL!, "/v1/memory_stores?include_archived=true&limit=100");
    expect(admin.body.data.map((s) => s.name)).not.toContain("viewer wants a store");
    await viewer.context().close();
  });

  test("a session cookie cannot be used from another origin", async ({ page }) => {
    const response = await page.request.post("/v1/memory_stores", {
      headers: { ...BETA, origin: "http://evil.example" },
      data: { name: "csrf" },
    });
    expect(response.status()).toBe(403);
    expect((await response.json()).error.message).toMatch(/Cross-site request refused/);
  });

  test("an admin creates an API key, it works, and once revoked it fails at once", async ({ page, baseURL }) => {
    const checkConsole = failOnConsoleErrors(page);
    await page.goto("/api-keys");
    await page.getByRole("button", { name: "Create key" }).click();
    const dialog = page.getByRole("dialog", { name: "Create API key" });
    await dialog.getByLabel("Name").fill("e2e agent");
    await dialog.getByRole("button", { name: "Create key" }).click();
    const secret = (await page.getByTestId("new-key-secret").textContent())!.trim();
    expect(secret).toMatch(/^mcsk_/);
    await page.getByRole("button", { name: "Done" }).click();
    await expect(page.getByTestId("key-row-e2e agent")).toContainText(secret.slice(0, 12));

    const created = await apiCall<{ id: string }>(baseURL!, "/v1/memory_stores", { method: "POST", body: { name: "via key" }, key: secret });
    expect(created.status).toBe(200);

    await page.getByTestId("key-row-e2e agent").getByRole("button", { name: "Revoke" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
    await expect(page.getByTestId("key-row-e2e agent")).toContainText("revoked");
    const after = await apiCall<{ error: { type: string } }>(baseURL!, "/v1/memory_stores", { key: secret });
    expect(after.status).toBe(401);
    expect(after.body.error.type).toBe("authentication_error");
    checkConsole();
  });
});
