import { expect, test } from "@playwright/test";
import { ADMIN, adminStatePath } from "./helpers.ts";

test("first run: the console asks for the first admin, then signs them in", async ({ page }) => {
  await page.goto("/stores");
  await expect(page).toHaveURL(/\/setup$/);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByLabel("Confirm password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Create admin account" }).click();
  await expect(page).toHaveURL(/\/stores$/);
  await expect(page.getByTestId("signed-in-user")).toHaveText(ADMIN.email);

  // Setup is one-time: the page now sends visitors to sign-in.
  await page.goto("/setup");
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.context().storageState({ path: adminStatePath() });
});
