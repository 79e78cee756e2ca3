import { test, type Page } from "@playwright/test";
import { createStore, failOnConsoleErrorsExcept } from "./console-helpers.ts";
import { ADMIN, apiCall } from "./helpers.ts";
import { agentCreates, agentDeletes, agentUpdates, createAgent, diffShows, expect, moveTo, readMemory, userCreates } from "./review-helpers.ts";

// The review inbox: an agent writes in three stores; a reviewer settles every change by keyboard alone.

const rows = (page: Page) => page.getByTestId("review-list").locator("li");
const row = (page: Page, memoryId: string) => page.getByTestId(`review-item-${memoryId}`);
const notice = (page: Page) => page.getByTestId("review-notice");

test("a reviewer works the inbox by keyboard; the stores end exactly as decided", async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const base = baseURL!;
  const checkConsole = failOnConsoleErrorsExcept(page, [409]);
  const agentName = `review agent ${Date.now()}`;
  const agent = await createAgent(base, agentName);
  const alpha = await createStore(base, "review alpha");
  const beta = await createStore(base, "review beta");
  const gamma = await createStore(base, "review gamma");

  // What the reviewer wrote in the console is settled; then the agent writes, oldest first.
  const plan = await userCreates(page.request, base, alpha.id, "/notes/plan.md", "# Plan\n\n- ship v1\n");
  const style = await userCreates(page.request, base, beta.id, "/notes/style.md", "Indent with tabs.\n");
  const obsolete = await userCreates(page.request, base, beta.id, "/notes/obsolete.md", "Old runbook\n- step 1\n");
  const doc = await userCreates(page.request, base, gamma.id, "/docs/old-name.md", "# Setup\n\nRun make.\n");
  await agentUpdates(base, agent, alpha.id, plan.id, { content: "# Plan\n\n- ship v1\n- delete the tests\n" });
  const idea = await agentCreates(base, agent, alpha.id, "/notes/idea.md", "Idea: cache the index.\n");
  await agentUpdates(base, agent, beta.id, style.id, { content: "Indent with spaces, 4 of them, alwayss.\n" });
  const token = await agentCreates(base, agent, beta.id, "/secrets/token.md", "API_TOKEN=sk-live-0123456789\n");
  await agentDeletes(base, agent, beta.id, obsolete.id);
  const scratch = [];
  for (const name of ["a", "b", "c"]) scratch.push(await agentCreates(base, agent, gamma.id, `/scratch/${name}.md`, `scratch ${name}\n`));
  await agentUpdates(base, agent, gamma.id, doc.id, { path: "/docs/setup.md", content: "# Setup\n\nRun make, then make test.\n" });

  // Counts: per store on the stores list, and a link from the store page to its inbox.
  await page.goto("/stores");
  await expect(page.getByTestId(`review-count-${alpha.id}`)).toHaveText("2");
  await expect(page.getByTestId(`review-count-${beta.id}`)).toHaveText("3");
  await expect(page.getByTestId(`review-count-${gamma.id}`)).toHaveText("4");
  await expect(page.getByTestId("review-count")).toBeVisible();
  await page.goto(`/stores/${gamma.id}`);
  await expect(page.getByTestId("store-review-link")).toContainText("4");

  // The agent's changes in all three stores, newest first: the rename is at the top and shown.
  await page.goto(`/review?actor_id=${agent.id}`);
  await expect(rows(page)).toHaveCount(9);
  await expect(rows(page).first()).toHaveAttribute("data-testid", `review-item-${doc.id}`);
  await expect(rows(page).first()).toContainText("API key review agent");
  await expect(page.getByTestId("review-rename")).toContainText("/docs/old-name.md");
  await expect(page.getByTestId("review-rename")).toContainText("/docs/setup.md");
  await diffShows(page, /make\stest/);
  await page.waitForTimeout(300); // let the diff decorations settle
  await page.screenshot({ path: "e2e/screenshots/review-inbox.png", fullPage: true });
  await page.getByTestId("review-preview").screenshot({ path: "e2e/screenshots/review-diff.png" });

  await page.keyboard.press("?");
  await expect(page.getByTestId("shortcut-help")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("shortcut-help")).toHaveCount(0);

  // Approve the rename, and the deletion (the diff shows what was lost).
  await moveTo(page, doc.id);
  await page.keyboard.press("a");
  await expect(row(page, doc.id)).toHaveCount(0);
  await expect(notice(page)).toBeVisible();
  await moveTo(page, obsolete.id);
  await diffShows(page, /Old\srunbook/);
  await page.keyboard.press("a");
  await expect(row(page, obsolete.id)).toHaveCount(0);

  // Approve what was shown while the agent writes again: the newer change stays in the inbox.
  await moveTo(page, idea.id);
  await diffShows(page, /cache\sthe\sindex/);
  await agentUpdates(base, agent, alpha.id, idea.id, { content: "Idea: cache the index, keyed by store.\n" });
  await page.keyboard.press("a");
  await expect(notice(page)).toBeVisible();
  await expect(row(page, idea.id)).toBeVisible();
  await expect(row(page, idea.id)).toContainText("1 version");
  await moveTo(page, idea.id);
  await diffShows(page, /keyed\sby\sstore/);
  await page.keyboard.press("a");
  await expect(row(page, idea.id)).toHaveCount(0);

  // Revert while the agent writes again: refused (409) with the server's message; revert again after a look.
  await moveTo(page, plan.id);
  await diffShows(page, /delete\sthe\stests/);
  await agentUpdates(base, agent, alpha.id, plan.id, { content: "# Plan\n\n- ship v1\n- delete the tests\n- and the docs\n" });
  await page.keyboard.press("r");
  await expect(page.getByRole("alert").filter({ hasText: "Not applied: the memory changed" })).toBeVisible();
  // The newer change's writer, named as the console names actors.
  await expect(page.getByTestId("changed-by")).toContainText(`Changed by API key ${agentName} on`);
  await expect(row(page, plan.id)).toHaveAttribute("aria-current", "true");
  await diffShows(page, /and\sthe\sdocs/);
  await page.keyboard.press("r");
  await expect(row(page, plan.id)).toHaveCount(0);

  // Edit and approve: the editor opens on the head, Ctrl+S saves the edit and settles it.
  await moveTo(page, style.id);
  await diffShows(page, /alwayss/);
  await page.keyboard.press("e");
  const editDialog = page.getByRole("dialog", { name: "Edit and approve" });
  await expect(editDialog.locator(".monaco-editor.focused")).toBeVisible({ timeout: 60_000 });
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText("Indent with spaces (4).\n");
  await page.keyboard.press("ControlOrMeta+S");
  await expect(editDialog).toHaveCount(0);
  await expect(row(page, style.id)).toHaveCount(0);

  // Revert and redact a leaked secret: asks first, Enter confirms.
  await moveTo(page, token.id);
  await diffShows(page, /sk-live/);
  await page.keyboard.press("Shift+R");
  const redactDialog = page.getByRole("dialog", { name: "Revert and redact" });
  await expect(redactDialog.getByRole("button", { name: "Revert and redact" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(redactDialog).toHaveCount(0);
  await expect(row(page, token.id)).toHaveCount(0);

  // Bulk-approve a folder: "/" to the path prefix, a dry run counts, Enter confirms, a report follows.
  await page.keyboard.press("/");
  await expect(page.getByLabel("Path prefix")).toBeFocused();
  await page.keyboard.type("/scratch/");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/path_prefix=%2Fscratch%2F/);
  await expect(rows(page)).toHaveCount(3);
  await page.keyboard.press("Shift+A");
  const bulk = page.getByTestId("bulk-dialog");
  await expect(bulk.getByTestId("bulk-count")).toContainText("3 items");
  await expect(bulk.getByRole("button", { name: "Approve 3" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(bulk.getByTestId("bulk-report")).toHaveText("3 of 3 approved.");
  await expect(bulk.getByRole("button", { name: "Close" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(bulk).toHaveCount(0);
  await expect(page.getByText("No change matches these filters")).toBeVisible();

  // Through the API: nothing of the agent's awaits review, and every memory is as decided.
  const left = await apiCall<{ data: unknown[] }>(base, `/v1/reviews?actor_id=${agent.id}`);
  expect(left.body.data).toEqual([]);
  const counts = await apiCall<{ stores: Record<string, number> }>(base, "/v1/reviews/counts");
  expect([alpha.id, beta.id, gamma.id].map((id) => counts.body.stores[id] ?? 0)).toEqual([0, 0, 0]);
  expect((await readMemory(base, alpha.id, plan.id)).body.content).toBe("# Plan\n\n- ship v1\n");
  expect((await readMemory(base, alpha.id, idea.id)).body.content).toBe("Idea: cache the index, keyed by store.\n");
  expect((await readMemory(base, beta.id, style.id)).body.content).toBe("Indent with spaces (4).\n");
  expect((await readMemory(base, beta.id, obsolete.id)).status).toBe(404);
  expect((await readMemory(base, beta.id, token.id)).status).toBe(404);
  const tokenVersions = await apiCall<{ data: { operation: string; content: string | null; redacted_at: string | null }[] }>(
    base,
    `/v1/memory_stores/${beta.id}/memory_versions?memory_id=${token.id}&view=full`,
  );
  const created = tokenVersions.body.data.find((v) => v.operation === "created")!;
  expect(created.redacted_at).not.toBeNull();
  expect(created.content).toBeNull();
  expect(JSON.stringify(tokenVersions.body)).not.toContain("sk-live");
  const moved = await readMemory(base, gamma.id, doc.id);
  expect([moved.body.path, moved.body.content]).toEqual(["/docs/setup.md", "# Setup\n\nRun make, then make test.\n"]);
  for (const [i, memory] of scratch.entries()) expect((await readMemory(base, gamma.id, memory.id)).body.content).toBe(`scratch ${"abc"[i]}\n`);
  const styleDecisions = await apiCall<{ data: { action: string; reviewer: { type: string } }[] }>(base, `/v1/review_decisions?memory_id=${style.id}`);
  expect(styleDecisions.body.data.map((d) => [d.action, d.reviewer.type])).toEqual([["edited", "user_actor"]]);

  // The memory's history says who reverted the agent's versions.
  await page.goto(`/stores/${alpha.id}/versions?memory_id=${plan.id}`);
  await expect(page.getByTestId("review-mark").filter({ hasText: "reverted" })).toHaveCount(2);
  await expect(page.getByTestId("review-mark-note").first()).toContainText(`Reverted by ${ADMIN.email}`);
  checkConsole();
});

test("an admin chooses whose writes need review on the store page", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const checkConsole = failOnConsoleErrorsExcept(page);
  const agent = await createAgent(base, `review policy agent ${Date.now()}`);
  const store = await createStore(base, "review policy");
  await page.goto(`/stores/${store.id}`);
  const setting = page.getByTestId("review-setting");
  await expect(setting).toHaveValue("agents");
  const policy = async () => (await apiCall<{ needs_review: string }>(base, `/v1/review_settings/${store.id}`)).body.needs_review;
  await setting.selectOption("nobody");
  await expect.poll(policy).toBe("nobody");

  await agentCreates(base, agent, store.id, "/unreviewed.md", "lands settled\n");
  const counts = await apiCall<{ stores: Record<string, number> }>(base, "/v1/reviews/counts");
  expect(counts.body.stores[store.id]).toBeUndefined();

  await setting.selectOption("agents");
  await expect.poll(policy).toBe("agents");
  await agentCreates(base, agent, store.id, "/reviewed.md", "awaits review\n");
  await page.getByTestId("store-review-link").click();
  await expect(page).toHaveURL(new RegExp(`/stores/${store.id}/review$`));
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("/reviewed.md");
  checkConsole();
});
