/**
 * `npm run bench -- --core-only [--baseline <checkout>]`: only the retrieve and update p50
 * (the figures issue 22 holds a change of the persistence layer to: at most 5 % worse), on a
 * store of --memories seeded through the API. With --baseline, a second server runs the other
 * checkout's build (its own `next build`) on a database of its own seeded alike, and every
 * round sends each request to both in a shuffled order, so that the machine's load hits both
 * alike. Prints the figures; writes no results file.
 */
import { ADMIN_KEY, startServer, type TestServer } from "../test/helpers/server.ts";
import { Client, percentile, round3 } from "./http.ts";
import { buildTree, noteContent, rng, shuffle } from "./tree.ts";

const HEADERS = { "x-api-key": ADMIN_KEY, "anthropic-beta": "agent-memory-2026-07-22" };
const IN_FLIGHT = 8;
const WARMUP_ROUNDS = 100;

interface Side {
  name: string;
  client: Client;
  retrieveIds: string[];
  updated: { id: string; sha: string };
}

/** One store of `memories` notes through the API (the same tree and contents on every server). */
async function seed(name: string, server: TestServer, memories: number): Promise<Side> {
  const client = new Client(server.baseURL, HEADERS);
  const store = await client.json<{ id: string }>("POST", "/v1/memory_stores", { name: "Benchmark" });
  const base = `/v1/memory_stores/${store.id}`;
  const tree = buildTree(memories);
  const random = rng(7);
  const contents = tree.paths.map((p) => noteContent(p, random));
  const seeder = new Client(server.baseURL, HEADERS, IN_FLIGHT);
  const created = new Map<string, { id: string; sha: string }>();
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      for (let i = next++; i < tree.paths.length; i = next++) {
        const m = await seeder.json<{ id: string; content_sha256: string }>("POST", `${base}/memories`, { path: tree.paths[i], content: contents[i] });
        created.set(tree.paths[i]!, { id: m.id, sha: m.content_sha256 });
      }
    }),
  );
  seeder.close();
  const byPath = [...created.entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  const retrieveIds = shuffle(
    byPath.slice(300).map(([, m]) => m.id),
    rng(3),
  )
    .slice(0, 64)
    .map((id) => `${base}/memories/${id}`);
  const [, updated] = byPath[200]!;
  return { name, client, retrieveIds, updated: { id: `${base}/memories/${updated.id}`, sha: updated.sha } };
}

export async function measureCore(server: TestServer, options: { memories: number; rounds: number; baseline?: string }, log: (...parts: unknown[]) => void) {
  const baseline = options.baseline ? await startServer({ engine: server.engine, root: options.baseline, env: { MEMORY_CONSOLE_BENCH: "1" } }) : null;
  try {
    const sides = [await seed("ours", server, options.memories), ...(baseline ? [await seed("baseline", baseline, options.memories)] : [])];
    log(`seeded ${options.memories} memories on ${sides.length} server(s); ${WARMUP_ROUNDS} warm-up + ${options.rounds} rounds`);
    const content = noteContent("/update.md", rng(5));
    const probes = sides.flatMap((side) => [
      {
        key: `${side.name}:retrieve`,
        send: async (r: number) => {
          const a = await side.client.send("GET", side.retrieveIds[r % side.retrieveIds.length]!);
          if (a.status !== 200) throw new Error(`${side.name} retrieve answered ${a.status}`);
          return a.ms;
        },
      },
      {
        key: `${side.name}:update_with_precondition`,
        send: async (r: number) => {
          const body = { content: `update ${r}\n${content}`, precondition: { type: "content_sha256", content_sha256: side.updated.sha } };
          const a = await side.client.send("POST", side.updated.id, body);
          if (a.status !== 200) throw new Error(`${side.name} update answered ${a.status}: ${a.text.slice(0, 300)}`);
          side.updated.sha = (JSON.parse(a.text) as { content_sha256: string }).content_sha256;
          return a.ms;
        },
      },
    ]);
    const samples = new Map<string, number[]>(probes.map((p) => [p.key, []]));
    const order = rng(11);
    for (let round = -WARMUP_ROUNDS; round < options.rounds; round++) {
      for (const probe of shuffle(probes, order)) {
        const ms = await probe.send(round + WARMUP_ROUNDS);
        if (round >= 0) samples.get(probe.key)!.push(ms);
      }
    }
    for (const side of sides) side.client.close();
    const figures = Object.fromEntries([...samples].map(([key, ms]) => [key, { p50_ms: round3(percentile(ms, 50)), p99_ms: round3(percentile(ms, 99)) }]));
    for (const [key, f] of Object.entries(figures)) log(`${key.padEnd(34)} p50 ${f.p50_ms.toFixed(3)} ms, p99 ${f.p99_ms.toFixed(3)} ms`);
    if (baseline)
      for (const name of ["retrieve", "update_with_precondition"])
        log(`${name}: ours / baseline p50 = ${round3(figures[`ours:${name}`]!.p50_ms / figures[`baseline:${name}`]!.p50_ms)}`);
    return figures;
  } finally {
    await baseline?.stop();
  }
}
