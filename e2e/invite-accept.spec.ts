import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { apiCall, signIn } from "./helpers.ts";

// An invite's link (POST /v1/organizations/invites answers it once): the invitee, signed out,
// picks a name and password on the acceptance page, lands on sign-in and gets in; the link then
// says it was used. The page is free of WCAG 2.1 A/AA violations (like every console page).
test.use({ storageState: { cookies: [], origins: [] } });

test("an invitee accepts on the page, then signs in", async ({ page, baseURL }) => {
  const email = `invitee-${Date.now()}@example.com`;
  const made = await apiCall<{ acceptance_url: string }>(baseURL!, "/v1/organizations/invites", { method: "POST", body: { email, role: "user" } });
  expect(made.status).toBe(200);
  const link = new URL(made.body.acceptance_url);
  await page.goto(link.pathname + link.search);
  await expect(page.getByText(`You were invited as ${email}`)).toBeVisible();
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await page.getByLabel("Name").fill("Ivy Invitee");
  await page.getByLabel("Password", { exact: true }).fill("invitee password 123");
  await page.getByLabel("Confirm password").fill("invitee password 123");
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await signIn(page, email, "invitee password 123", { goto: false });
  await expect(page).toHaveURL(/\/stores/);

  await page.goto(link.pathname + link.search);
  await expect(page.getByText("This invite has already been used")).toBeVisible();
});
