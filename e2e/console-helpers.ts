import { expect, type Page } from "@playwright/test";
import { strToU8, zipSync } from "fflate";
import { API_KEY, apiCall } from "./helpers.ts";

/** Seeding and Monaco steps shared by the console specs (stores, tree, editor, conflict). */
export type WireStore = { id: string; name: string; updated_at: string; archived_at: string | null; memory_count: number; metadata: Record<string, string> };
export type WireMemory = { id: string; path: string; content: string | null; content_sha256: string; memory_version_id: string };

export async function createStore(baseURL: string, name: string): Promise<WireStore> {
  const { status, body } = await apiCall<WireStore>(baseURL, "/v1/memory_stores", { method: "POST", body: { name } });
  expect(status).toBe(200);
  return body;
}

export async function createMemory(baseURL: string, storeId: string, path: string, content: string): Promise<WireMemory> {
  const { status, body } = await apiCall<WireMemory>(baseURL, `/v1/memory_stores/${storeId}/memories`, { method: "POST", body: { path, content } });
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

export async function getMemory(baseURL: string, storeId: string, memoryId: string) {
  return apiCall<WireMemory>(baseURL, `/v1/memory_stores/${storeId}/memories/${memoryId}`);
}

/** Another writer (an agent) changes the memory through the API. */
export async function changeMemory(baseURL: string, storeId: string, memoryId: string, content: string) {
  const { status } = await apiCall(baseURL, `/v1/memory_stores/${storeId}/memories/${memoryId}`, { method: "POST", body: { content } });
  expect(status).toBe(200);
}

/** Creates many memories through the API, `concurrency` requests at a time. */
export async function seedMemories(baseURL: string, storeId: string, paths: string[], concurrency = 8) {
  let next = 0;
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next++]!;
      const { status, body } = await apiCall(baseURL, `/v1/memory_stores/${storeId}/memories`, { method: "POST", body: { path, content: `seed ${path}\n` } });
      if (status !== 200) throw new Error(`seeding ${path}: ${status} ${JSON.stringify(body)}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/**
 * Creates many memories in one import (a zip of `seed <path>` files): a store of thousands in a
 * second or two, where one POST each takes minutes on a loaded machine.
 */
export async function importMemories(baseURL: string, storeId: string, paths: string[]) {
  const zip = zipSync(Object.fromEntries(paths.map((path) => [path.slice(1), strToU8(`seed ${path}\n`)])), { level: 0 });
  const response = await fetch(`${baseURL}/v1/imports?format=zip&store_id=${storeId}`, {
    method: "POST",
    headers: { "x-api-key": API_KEY, "anthropic-beta": "agent-memory-2026-07-22", "content-type": "application/zip" },
    body: zip,
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Waits until Monaco shows the memory, then returns the editor's element. */
export async function editorReady(page: Page, firstLine: string) {
  const editor = page.getByTestId("memory-editor");
  await expect(editor.locator(".view-lines")).toContainText(firstLine, { timeout: 30_000 });
  return editor;
}

/** Replaces the whole editor content, as a person pasting would. */
export async function replaceEditorText(page: Page, text: string) {
  await page.getByTestId("memory-editor").locator(".view-lines").click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(text);
}

/**
 * Like helpers.ts failOnConsoleErrors, but lets through Chromium's "Failed to load resource"
 * lines for the statuses a spec provokes on purpose (a 409 conflict, a 400 validation error).
 */
export function failOnConsoleErrorsExcept(page: Page, expectedStatuses: number[] = []) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const failed = /Failed to load resource: the server responded with a status of (\d+)/.exec(message.text());
    if (failed && expectedStatuses.includes(Number(failed[1]))) return;
    errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return () => expect(errors, "browser console errors").toEqual([]);
}
