import { expect as baseExpect, type APIRequestContext, type Page } from "@playwright/test";
import { apiCall, sessionCall } from "./helpers.ts";

/** Pages and Monaco load slowly on a busy 2-core machine: wait longer than the default before calling it a failure. */
export const expect = baseExpect.configure({ timeout: 30_000 });

/** The review inbox specs: an agent with its own key, console-user seeds (settled), and moving the inbox's cursor by keyboard. */
export type Agent = { id: string; secret: string };
type WireMemory = { id: string; path: string; content: string | null };

/** A reviewer-role API key for "the agent": its writes await review under the default policy. */
export async function createAgent(baseURL: string, name: string): Promise<Agent> {
  const { status, body } = await apiCall<{ id: string; secret: string }>(baseURL, "/v1/api_keys", {
    method: "POST",
    body: { name, role: "reviewer", store_ids: null, read_only: false },
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

const memories = (storeId: string) => `/v1/memory_stores/${storeId}/memories`;

export async function agentCreates(baseURL: string, agent: Agent, storeId: string, path: string, content: string) {
  const { status, body } = await apiCall<WireMemory>(baseURL, memories(storeId), { method: "POST", body: { path, content }, key: agent.secret });
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

export async function agentUpdates(baseURL: string, agent: Agent, storeId: string, memoryId: string, change: { content?: string; path?: string }) {
  const { status, body } = await apiCall(baseURL, `${memories(storeId)}/${memoryId}`, { method: "POST", body: change, key: agent.secret });
  expect(status, JSON.stringify(body)).toBe(200);
}

export async function agentDeletes(baseURL: string, agent: Agent, storeId: string, memoryId: string) {
  const { status } = await apiCall(baseURL, `${memories(storeId)}/${memoryId}`, { method: "DELETE", key: agent.secret });
  expect(status).toBe(200);
}

/** A memory written by the signed-in reviewer: a console user's write is settled at once. */
export async function userCreates(request: APIRequestContext, baseURL: string, storeId: string, path: string, content: string) {
  const { status, body } = await sessionCall<WireMemory>(request, baseURL, memories(storeId), { method: "POST", body: { path, content } });
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

export async function readMemory(baseURL: string, storeId: string, memoryId: string) {
  return apiCall<WireMemory>(baseURL, `${memories(storeId)}/${memoryId}`);
}

const listItems = (page: Page) => page.getByTestId("review-list").locator("li");

/**
 * Moves the inbox's cursor onto a memory with j/k only (counting rows as a reviewer would), then
 * waits until its combined diff is on screen: actions act on what is shown.
 */
export async function moveTo(page: Page, memoryId: string) {
  const row = page.getByTestId(`review-item-${memoryId}`);
  await expect(row).toBeVisible();
  const ids = await listItems(page).evaluateAll((rows) => rows.map((r) => r.getAttribute("data-testid")));
  const currentAt = await listItems(page).evaluateAll((rows) => rows.findIndex((r) => r.getAttribute("aria-current") === "true"));
  const delta = ids.indexOf(`review-item-${memoryId}`) - Math.max(0, currentAt);
  for (let i = 0; i < Math.abs(delta); i++) await page.keyboard.press(delta > 0 ? "j" : "k");
  await expect(row).toHaveAttribute("aria-current", "true");
  await expect(page.getByTestId("review-preview")).toHaveAttribute("data-memory-id", memoryId);
  await expect(page.getByTestId("review-diff")).toBeVisible();
  await expect(page.getByTestId("review-preview").getByRole("button", { name: /^Approve/ })).toBeEnabled();
}

/** Monaco shows this text in the change under review (a diff side, or a created or deleted memory's whole content). */
export async function diffShows(page: Page, text: RegExp) {
  const views = page.getByTestId("review-diff").locator(".monaco-editor .view-lines");
  await expect(views.filter({ hasText: text }).first()).toBeVisible({ timeout: 60_000 });
}
