import { expect, test, type Page } from "@playwright/test";

/** Shared facts and steps of the e2e specs. */
export const ADMIN = { email: "admin@example.com", password: "correct horse battery" };
export const API_KEY = "e2e-admin-key-0123456789abcdef";
/** Where the running spec's server keeps its admin session and its database (playwright.config.ts). */
export const adminStatePath = (): string => test.info().project.metadata.adminState;
export const databaseFile = (): string => test.info().project.metadata.databaseFile;

/** Signs in through the form; `goto: false` uses the sign-in page already open (keeping its callbackUrl). */
export async function signIn(page: Page, email: string, password: string, { goto = true } = {}) {
  if (goto) await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** The server's API with the e2e admin key, for seeding and for checking what the UI did. */
export async function apiCall<T = unknown>(
  baseURL: string,
  path: string,
  init: { method?: string; body?: unknown; key?: string } = {},
): Promise<{ status: number; body: T }> {
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

// History specs (added by the history views).
import type { APIRequestContext } from "@playwright/test";

/** The API as the signed-in browser user (session cookie), so versions are attributed to a `user_actor`. */
export async function sessionCall<T = unknown>(
  request: APIRequestContext,
  baseURL: string,
  path: string,
  init: { method?: "GET" | "POST" | "DELETE"; body?: unknown } = {},
) {
  const response = await request.fetch(path, {
    method: init.method ?? "GET",
    headers: { "anthropic-beta": "agent-memory-2026-07-22", origin: baseURL },
    data: init.body,
  });
  return { status: response.status(), body: (await response.json()) as T };
}

/**
 * History specs: a fresh store with one memory written four times, oldest first: created and
 * modified with the e2e API key, modified by the signed-in admin, then renamed with the key.
 */
export const HISTORY_CONTENTS = [
  "# Plan\n\n- buy milk\n- call Bob\n",
  "# Plan\n\n- buy milk\n- call Bob\n- book flights\n",
  "# Plan\n\n- buy oat milk\n- call Bob\n- book flights\n",
] as const;

export async function seedHistory(request: APIRequestContext, baseURL: string, storeName: string) {
  const store = await apiCall<{ id: string }>(baseURL, "/v1/memory_stores", { method: "POST", body: { name: storeName } });
  const storeId = store.body.id;
  const memories = `/v1/memory_stores/${storeId}/memories`;
  const created = await apiCall<{ id: string }>(baseURL, memories, { method: "POST", body: { path: "/notes/plan.md", content: HISTORY_CONTENTS[0] } });
  const memoryId = created.body.id;
  await apiCall(baseURL, `${memories}/${memoryId}`, { method: "POST", body: { content: HISTORY_CONTENTS[1] } });
  await sessionCall(request, baseURL, `${memories}/${memoryId}`, { method: "POST", body: { content: HISTORY_CONTENTS[2] } });
  await apiCall(baseURL, `${memories}/${memoryId}`, { method: "POST", body: { path: "/notes/plan-2026.md" } });
  const versions = await listVersions(baseURL, storeId, memoryId);
  expect(versions.map((v) => v.operation)).toEqual(["modified", "modified", "modified", "created"]);
  return { storeId, memoryId, versions: versions.reverse() };
}

export type SeededVersion = {
  id: string;
  operation: string;
  content: string | null;
  path: string | null;
  created_at: string;
  redacted_at: string | null;
  redacted_by: { type: string } | null;
  created_by: { type: string } | null;
};

/** A memory's versions, newest first (view=full). */
export async function listVersions(baseURL: string, storeId: string, memoryId: string) {
  const list = await apiCall<{ data: SeededVersion[] }>(baseURL, `/v1/memory_stores/${storeId}/memory_versions?memory_id=${memoryId}&view=full&limit=20`);
  return list.body.data;
}

/**
 * A section's link in the header (components/shell/nav-sections.ts): Stores and Review are in
 * the row; the rest sit in the Activity or Settings menu, opened first. Desktop widths.
 */
export async function headerLink(page: Page, group: "Activity" | "Settings", name: string) {
  const nav = page.getByRole("navigation", { name: "Main" });
  const button = nav.getByRole("button", { name: group, exact: true });
  if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
  return nav.getByRole("link", { name, exact: true });
}
