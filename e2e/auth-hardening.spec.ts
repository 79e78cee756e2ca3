import { expect, test, type Browser } from "@playwright/test";
import { ADMIN, apiCall, signIn } from "./helpers.ts";

// What a person sees of the sign-in hardening: when a lock ends, and where sign-in leads.
async function freshPage(browser: Browser) {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  return context.newPage();
}

test.describe("sign-in hardening", () => {
  test("a locked account says when it unlocks, in minutes and local time", async ({ browser, baseURL }) => {
    const created = await apiCall(baseURL!, "/v1/users", {
      method: "POST",
      body: { email: "locked@example.com", password: "locked password 1", role: "viewer" },
    });
    expect(created.status).toBe(200);
    const page = await freshPage(browser);
    await page.goto("/sign-in");
    for (let i = 0; i < 5; i++) {
      await signIn(page, "locked@example.com", "not the password", { goto: false });
      await expect(page.getByRole("alert").filter({ hasText: "Wrong email or password." })).toBeVisible();
      await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
    }
    await signIn(page, "locked@example.com", "locked password 1", { goto: false });
    const alert = page.getByRole("alert").filter({ hasText: "Too many failed sign-in attempts." });
    await expect(alert).toHaveText(/Try again in 1[45] minutes, at \d{1,2}:\d{2}/);
    await expect(page).toHaveURL(/\/sign-in/);
    await page.context().close();
  });

  for (const target of ["/\\evil.com", "//evil.com", "/%5Cevil.com", "javascript:alert(1)"]) {
    test(`sign-in never follows callbackUrl=${target} off the site`, async ({ browser, baseURL }) => {
      const page = await freshPage(browser);
      const offsite: string[] = [];
      await page.route(
        (url) => !url.href.startsWith(baseURL!),
        (route) => {
          offsite.push(route.request().url());
          return route.abort();
        },
      );
      await page.goto(`/sign-in?callbackUrl=${encodeURIComponent(target)}`);
      await signIn(page, ADMIN.email, ADMIN.password, { goto: false });
      await expect(page).toHaveURL(`${baseURL}/stores`);
      expect(offsite).toEqual([]);
      await page.context().close();
    });
  }
});
