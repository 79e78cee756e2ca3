/**
 * Every console page (app/(console)/**\/page.tsx), with data on it as a team that has used the
 * console for a while has: what `npm run bench:console` loads cold, one by one, and what on each
 * counts as its main content. Seeded through the API, as people and agents would.
 */
import type { TestServer } from "../test/helpers/server.ts";
import type { Target } from "./console-probe.ts";

export interface ConsolePage {
  /** The metric's key in `cold_load_p50_ms`. */
  name: string;
  url: string;
  /** The page's main content: shown once this is on screen. */
  target: Target;
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

async function call(server: TestServer, method: string, path: string, body?: unknown, key?: string): Promise<Json> {
  const res = await server.fetch(path, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { "content-type": "application/json", ...(key && { "x-api-key": key }) },
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Json;
}

/** An agent's session writing through the memory tool. */
async function tool(server: TestServer, storeId: string, session: string, input: Json) {
  const result = await call(server, "POST", `/v1/memory_stores/${storeId}/memory_tool?session_id=${session}`, input);
  if (result.is_error) throw new Error(`memory tool: ${result.content}`);
}

const rows = (testIdPrefix: string): Target => ({ selector: `[data-testid^="${testIdPrefix}"]` });

/**
 * Seeds what the pages beyond a store's tree need (a store under review with a recorded batch and
 * its undo, a restore, a revert, an erasure, a bulk delete, users, keys, a webhook, the audit
 * events all of that leaves) and lists every page. `small` is the bench's small store, `large`
 * the one at 10,000 memories (its import is the import report shown).
 */
export async function seedConsolePages(
  server: TestServer,
  small: { id: string; memoryId: string },
  large: { id: string; folder: string; importId: string },
  marker: string,
): Promise<ConsolePage[]> {
  // A store an agent writes to, under review: 40 changes await a reviewer; 10 more were approved
  // in one batch, and that batch was undone.
  const review = await call(server, "POST", "/v1/memory_stores", { name: "Agent inbox", description: "An agent's notes, reviewed" });
  const agent = await call(server, "POST", "/v1/api_keys", { name: "research agent", role: "reviewer", store_ids: null, read_only: false });
  const written: Json[] = [];
  for (let i = 0; i < 50; i++) {
    const path = `/${i < 10 ? "batch" : "findings"}/${String(i).padStart(2, "0")}-${["pricing", "churn", "latency", "onboarding", "billing"][i % 5]}.md`;
    written.push(await call(server, "POST", `/v1/memory_stores/${review.id}/memories`, { path, content: `# Finding ${i}\n\n${marker}\n` }, agent.secret));
  }
  for (const memory of written.slice(10, 25)) {
    await call(
      server,
      "POST",
      `/v1/memory_stores/${review.id}/memories/${memory.id}`,
      { content: `# Finding, revised\n\n${marker}\n- checked\n` },
      agent.secret,
    );
  }
  const preview = await call(server, "POST", "/v1/reviews/bulk", { action: "approve", dry_run: true, filter: { store_id: review.id, path_prefix: "/batch/" } });
  const batch = await call(server, "POST", "/v1/reviews/bulk", { action: "approve", items: preview.items });
  const undoPlan = await call(server, "POST", "/v1/review_batch_undos", { batch_id: batch.batch_id });
  await call(server, "POST", `/v1/review_batch_undos/${undoPlan.id}/execute`, { confirmation: undoPlan.confirmation });

  // A store put back to a moment, and an agent's session undone.
  const rollbacks = await call(server, "POST", "/v1/memory_stores", { name: "Rollbacks", description: "Put back and undone" });
  for (let i = 0; i < 12; i++)
    await tool(server, rollbacks.id, "sess_setup", { command: "create", path: `/memories/plans/p${i}.md`, file_text: `plan ${i}\n` });
  await new Promise((resolve) => setTimeout(resolve, 20));
  const moment = new Date().toISOString();
  await new Promise((resolve) => setTimeout(resolve, 20));
  for (let i = 0; i < 12; i++) {
    await tool(server, rollbacks.id, "sess_damage", {
      command: "str_replace",
      path: `/memories/plans/p${i}.md`,
      old_str: `plan ${i}`,
      new_str: `overwritten ${i}`,
    });
  }
  const restore = await call(server, "POST", "/v1/restores", { memory_store_id: rollbacks.id, as_of: moment, path_prefix: "/plans/" });
  await call(server, "POST", `/v1/restores/${restore.id}/execute`, { confirmation: restore.confirmation });
  for (let i = 0; i < 6; i++)
    await tool(server, rollbacks.id, "sess_again", { command: "create", path: `/memories/scratch/s${i}.md`, file_text: `scratch ${i}\n` });
  const revert = await call(server, "POST", "/v1/reverts", { memory_store_id: rollbacks.id, session_id: "sess_again" });
  await call(server, "POST", `/v1/reverts/${revert.id}/execute`, { confirmation: revert.confirmation });

  // The small store: an agent session's writes (its activity), a pasted secret erased, an old folder deleted in bulk.
  for (let i = 0; i < 5; i++)
    await tool(server, small.id, "sess_notes", { command: "create", path: `/memories/meetings/m${i}.md`, file_text: `meeting ${i}\n` });
  const secret = "sk-bench-0123456789abcdefghij";
  await call(server, "POST", `/v1/memory_stores/${small.id}/memories`, { path: "/old/pasted.md", content: `token ${secret}\n` });
  await call(server, "POST", `/v1/memory_stores/${small.id}/memories`, { path: "/old/stale.md", content: "stale\n" });
  const erasure = await call(server, "POST", "/v1/erasures", { query: secret, action: "replace" });
  await call(server, "POST", `/v1/erasures/${erasure.id}/execute`, { query: secret, confirmation: erasure.confirmation });
  const bulk = await call(server, "POST", "/v1/bulk_deletions", { target: "memories", memory_store_id: small.id, path_prefix: "/old/" });
  await call(server, "POST", `/v1/bulk_deletions/${bulk.id}/execute`, { digest: bulk.digest, confirmation: bulk.confirmation });

  // People, keys and a webhook (their creation is the audit log's content).
  for (const [email, role] of [
    ["ada@example.com", "admin"],
    ["grace@example.com", "reviewer"],
    ["linus@example.com", "viewer"],
  ]) {
    await call(server, "POST", "/v1/users", { email, password: "a long enough password 123", role });
  }
  for (const name of ["ci pipeline", "support bot"])
    await call(server, "POST", "/v1/api_keys", { name, role: "viewer", store_ids: [small.id], read_only: true });
  const endpoint = await call(server, "POST", "/v1/webhook_endpoints", { url: "http://127.0.0.1:9/memory-hook", events: ["memory_store.archived"] });
  const version = (await call(server, "GET", `/v1/memory_stores/${small.id}/memory_versions?memory_id=${small.memoryId}&limit=2`)).data[1];

  const s = `/stores/${small.id}`;
  return [
    { name: "stores", url: "/stores", target: rows("store-row-Team notes") },
    { name: "store", url: s, target: rows("tree-folder-/notes/") },
    { name: "store_10000", url: `/stores/${large.id}`, target: rows(`tree-folder-${large.folder}`) },
    {
      name: "memory",
      url: `${s}/memories/${small.memoryId}`,
      target: { selector: `[data-testid="memory-text"], [data-testid="memory-editor"] .view-lines`, text: marker },
    },
    {
      name: "store_in_pane",
      url: `${s}?memory=${small.memoryId}`,
      target: { selector: `[data-testid="memory-text"], [data-testid="memory-editor"] .view-lines`, text: marker },
    },
    { name: "versions", url: `${s}/versions`, target: rows("version-row-") },
    {
      name: "version",
      url: `${s}/versions/${version.id}`,
      target: { selector: `[data-testid="memory-text"], [data-testid="memory-editor"] .view-lines`, text: marker },
    },
    { name: "changes_24h", url: `${s}/changes`, target: rows("change-/") },
    { name: "changes_24h_10000", url: `/stores/${large.id}/changes`, target: rows("change-/") },
    { name: "activity", url: `${s}/activity`, target: rows("activity-principal") },
    { name: "policy", url: `${s}/policy`, target: { selector: "main form" } },
    { name: "review_inbox", url: "/review", target: rows("review-item-") },
    { name: "store_review", url: `/stores/${review.id}/review`, target: rows("review-item-") },
    { name: "review_batches", url: "/review/batches", target: rows("review-batch-") },
    { name: "batch_undo_report", url: `/review/batches/${undoPlan.id}`, target: { selector: "main table tbody tr" } },
    { name: "search", url: "/search?q=plan", target: rows("search-hit-") },
    { name: "restores", url: "/restores", target: rows("put-back-row-") },
    { name: "restore_report", url: `/restores/${restore.id}`, target: { selector: "main table tbody tr" } },
    { name: "revert_report", url: `/reverts/${revert.id}`, target: { selector: "main table tbody tr" } },
    { name: "erasures", url: "/erasures", target: rows("erasure-row-") },
    { name: "erasure_report", url: `/erasures/${erasure.id}`, target: { selector: "main table tbody tr" } },
    { name: "bulk_deletions", url: "/bulk-deletions", target: rows("bulk-row-") },
    { name: "bulk_deletion_report", url: `/bulk-deletions/${bulk.id}`, target: { selector: "main table tbody tr" } },
    { name: "imports", url: "/imports", target: rows("import-row-") },
    { name: "import_report", url: `/imports/${large.importId}`, target: rows("import-item-") },
    { name: "users", url: "/users", target: rows("user-row-grace@example.com") },
    { name: "api_keys", url: "/api-keys", target: rows("key-row-research agent") },
    { name: "webhooks", url: "/webhooks", target: rows(`endpoint-row-${endpoint.id}`) },
    { name: "audit", url: "/audit", target: rows("audit-row") },
    { name: "write_policy", url: "/write-policy", target: { selector: "main form" } },
    { name: "api_reference", url: "/api-reference", target: { selector: "main section h2" } },
  ];
}
