/**
 * Admins at fleet scale (issue 43), in one run on one server:
 * - `store_search_first_page`: the first page (100) of GET /v1/store_search in each sort and with
 *   the idle and fill filters, p50 at 100 stores and again at 50,000 stores (`--fleet-stores`),
 *   and their ratio. Target ≤ 2 × (the page walks one index within the workspace).
 * - `store_deletion_guard`: while a store deletion by filter removes 1,000 stores of 100 memories
 *   each (`--fleet-delete-stores`), another client keeps asking GET /v1/memory_stores?limit=1;
 *   its p99 says whether the deletion holds the event loop. Target `guard_p99_ms` ≤ 100.
 * Stores are made through the API: the 50,000 empty stores with store creates, eight in flight;
 * the stores to delete by importing one exported 100-memory store again and again.
 */
import type { TestServer } from "../test/helpers/server.ts";
import { Client, percentile, round3 } from "./http.ts";
import { noteContent, rng } from "./tree.ts";

type Log = (...parts: unknown[]) => void;
const SAMPLES = 40;
const QUERIES: [string, string][] = [
  ["newest", ""],
  ["name", "&sort=name"],
  ["created_at", "&sort=created_at"],
  ["last_memory_write_at", "&sort=last_memory_write_at&order=asc"],
  ["memory_count", "&sort=memory_count"],
  ["content_bytes", "&sort=content_bytes"],
  ["idle_180_days", "&idle_days=180&sort=last_memory_write_at&order=asc"],
  ["fill_90_percent", "&min_fill_percent=90&sort=memory_count"],
];

async function createStores(client: Client, count: number, prefix: string, log: Log) {
  for (let i = 0; i < count; i += 8) {
    await Promise.all(
      Array.from({ length: Math.min(8, count - i) }, (_, j) =>
        client.json("POST", "/v1/memory_stores", { name: `${prefix} ${String(i + j).padStart(5, "0")}`, metadata: { fleet: prefix } }),
      ),
    );
    if ((i + 8) % 10_000 < 8) log(`fleet: ${i + 8} ${prefix} stores`);
  }
}

/** p50 of each query's first page, SAMPLES rounds interleaved so that drift hits each alike. */
async function firstPages(client: Client) {
  const samples = new Map<string, number[]>(QUERIES.map(([name]) => [name, []]));
  for (let round = 0; round < SAMPLES + 5; round++) {
    for (const [name, query] of QUERIES) {
      const answer = await client.send("GET", `/v1/store_search?limit=100${query}`);
      if (answer.status !== 200) throw new Error(`store_search ${name} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
      if (round >= 5) samples.get(name)!.push(answer.ms);
    }
  }
  return Object.fromEntries([...samples].map(([name, ms]) => [name, round3(percentile(ms, 50))]));
}

export async function measureFleet(server: TestServer, headers: Record<string, string>, sizes: { stores: number; deleteStores: number }, log: Log) {
  const client = new Client(server.baseURL, headers, 8);
  await createStores(client, 100, "fleet", log);
  const small = await firstPages(client);
  log(`fleet: first pages at 100 stores ${JSON.stringify(small)}`);
  await createStores(client, sizes.stores - 100, "fleet-more", log);
  const large = await firstPages(client);
  log(`fleet: first pages at ${sizes.stores} stores ${JSON.stringify(large)}`);
  const ratios = Object.fromEntries(Object.keys(small).map((name) => [name, round3(large[name]! / small[name]!)]));

  // One exported store of 100 memories, imported again and again: 1,000 stores to delete.
  const template = await client.json<{ id: string }>("POST", "/v1/memory_stores", { name: "fleet template" });
  const random = rng(43);
  for (let i = 0; i < 100; i += 8) {
    await Promise.all(
      Array.from({ length: Math.min(8, 100 - i) }, (_, j) => {
        const path = `/notes/n-${String(i + j).padStart(3, "0")}.md`;
        return client.json("POST", `/v1/memory_stores/${template.id}/memories`, { path, content: noteContent(path, random) });
      }),
    );
  }
  const exported = await client.send("GET", `/v1/exports/${template.id}?format=jsonl`);
  if (exported.status !== 200) throw new Error(`export answered ${exported.status}`);
  const body = new TextEncoder().encode(exported.text);
  for (let i = 0; i < sizes.deleteStores; i += 4) {
    await Promise.all(
      Array.from({ length: Math.min(4, sizes.deleteStores - i) }, (_, j) =>
        client.json("POST", `/v1/imports?format=jsonl&name=${encodeURIComponent(`doomed ${String(i + j).padStart(4, "0")}`)}`, body),
      ),
    );
    if ((i + 4) % 250 < 4) log(`fleet: ${i + 4} stores of 100 memories imported`);
  }
  const plan = await client.json<{ id: string; confirmation: string; counts: { stores_before: number; memories_before: number } }>(
    "POST",
    "/v1/store_deletions",
    {
      filter: { name: "doomed " },
    },
  );
  log(`fleet: deleting ${plan.counts.stores_before} stores, ${plan.counts.memories_before} memories`);
  const guard = new Client(server.baseURL, headers, 1);
  const quiet: number[] = [];
  for (let i = 0; i < 200; i++) quiet.push((await guard.send("GET", "/v1/memory_stores?limit=1")).ms);
  const started = performance.now();
  const deletion = client.json("POST", `/v1/store_deletions/${plan.id}/execute`, { confirmation: plan.confirmation });
  let done = false;
  void deletion.finally(() => (done = true));
  const during: number[] = [];
  while (!done) during.push((await guard.send("GET", "/v1/memory_stores?limit=1")).ms);
  await deletion;
  const seconds = (performance.now() - started) / 1000;
  guard.close();
  client.close();
  return {
    fleet_stores: sizes.stores,
    store_search_first_page_ms_100_stores: small,
    store_search_first_page_ms_fleet: large,
    store_search_first_page_ratio: ratios,
    store_deletion_guard: {
      stores: plan.counts.stores_before,
      memories: plan.counts.memories_before,
      seconds: round3(seconds),
      stores_per_s: round3(plan.counts.stores_before / seconds),
      guard_p99_ms: round3(percentile(during, 99)),
      guard_quiet_p99_ms: round3(percentile(quiet, 99)),
      guard_samples: during.length,
    },
  };
}
