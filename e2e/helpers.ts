import { expect, type Page } from "@playwright/test";
import { join } from "node:path";

/** Shared facts and steps of the e2e specs. */
export const ADMIN = { email: "admin@example.com", password: "correct horse battery" };
export const API_KEY = "e2e-admin-key-0123456789abcdef";
export const adminStatePath = () => join(process.env.E2E_DATA_DIR!, "admin-state.json");

/** Signs in through the form; `goto: false` uses the sign-in page already open (keeping its callbackUrl). */
export async function signIn(page: Page, email: string, password: string, { goto = true } = {}) {
  if (goto) await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** The server's API with the e2e admin key, for seeding and for checking what the UI did. */
export async function apiCall<T = unknown>(baseURL: string, path: string, init: { method?: string; body?: unknown; key?: string } = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseURL}${path}`, {
    method: init.method ?? "GET",
    headers: {
      "x-api-key": init.key ?? API_KEY,
      "anthropic-beta": "agent-memory-2026-07-22",
      ...(init.body !== undefined && { "content-type": "application/json" }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

/** Fails the test on any browser console error (the console must have none). */
export function failOnConsoleErrors(page: Page) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return () => expect(errors, "browser console errors").toEqual([]);
}
