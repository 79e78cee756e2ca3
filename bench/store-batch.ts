/**
 * Seeding many stores (issue 43, part 4): a CSV of `stores` rows (one user_id each) through
 * POST /v1/store_batches with a 20-memory template and unique_by, then its execution; the rate
 * is stores created over the execution's wall time (`store_batch_stores_per_s`, target ≥ 100 on
 * SQLite). Meanwhile another client keeps asking GET /v1/memory_stores?limit=1, as the guard
 * benchmark does: its p99 says whether the execution held the event loop.
 */
import type { TestServer } from "../test/helpers/server.ts";
import { Client, percentile, round3 } from "./http.ts";

const TEMPLATE_MEMORIES = 20;

export async function measureStoreBatch(server: TestServer, headers: Record<string, string>, stores: number, log: (...parts: unknown[]) => void) {
  const client = new Client(server.baseURL, headers);
  const template = await client.json<{ id: string }>("POST", "/v1/memory_stores", { name: "Bench: onboarding template" });
  for (let i = 0; i < TEMPLATE_MEMORIES; i++) {
    const content = `# Onboarding note ${i}\n\n${"Remember what the user prefers, and say so when unsure.\n".repeat(12)}`;
    await client.json("POST", `/v1/memory_stores/${template.id}/memories`, { path: `/onboarding/${String(i).padStart(2, "0")}.md`, content });
  }
  const csv = [
    "name,description,metadata.user_id,metadata.team",
    ...Array.from({ length: stores }, (_, i) => `User ${i},Seeded by the bench,u-${i},team-${i % 20}`),
  ].join("\n");

  const planStarted = performance.now();
  const planned = await fetch(`${server.baseURL}/v1/store_batches?template_store_id=${template.id}&unique_by=user_id`, {
    method: "POST",
    headers: { ...headers, "content-type": "text/csv" },
    body: csv,
  });
  if (planned.status !== 200) throw new Error(`store batch dry run answered ${planned.status}: ${(await planned.text()).slice(0, 300)}`);
  const plan = (await planned.json()) as { id: string; confirmation: string; counts: { create: number } };
  const planMs = performance.now() - planStarted;
  log(`store batch: dry run of ${stores} rows in ${Math.round(planMs)} ms (${plan.counts.create} to create)`);

  const poller = new Client(server.baseURL, headers);
  let done = false;
  const guard: number[] = [];
  const polling = (async () => {
    while (!done) guard.push((await poller.send("GET", "/v1/memory_stores?limit=1")).ms);
  })();
  const started = performance.now();
  const report = await client.json<{ counts: { created: number } }>("POST", `/v1/store_batches/${plan.id}/execute`, { confirmation: plan.confirmation });
  const seconds = (performance.now() - started) / 1000;
  done = true;
  await polling;
  client.close();
  poller.close();
  const results = {
    store_batch_stores: report.counts.created,
    store_batch_template_memories: TEMPLATE_MEMORIES,
    store_batch_plan_ms: Math.round(planMs),
    store_batch_execute_s: round3(seconds),
    store_batch_stores_per_s: Math.round(report.counts.created / seconds),
    store_batch_guard_p99_ms: round3(percentile(guard, 99)),
  };
  log(
    `store batch: ${results.store_batch_stores} stores of ${TEMPLATE_MEMORIES} memories in ${results.store_batch_execute_s} s: ` +
      `${results.store_batch_stores_per_s} stores/s (target >= 100); guard p99 ${results.store_batch_guard_p99_ms} ms meanwhile`,
  );
  return results;
}
