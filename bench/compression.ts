/**
 * Compression where it pays (issue 14, item 7): p50 of the same requests with and without
 * `Accept-Encoding: gzip` (what the official SDKs always send), alternated in shuffled rounds on
 * two servers over one database: this build (answers under COMPRESS_MIN_BYTES go out
 * uncompressed) and the same build with COMPRESS_MIN_BYTES=0 (every answer gzipped, as Next.js
 * does by default). Requests: a depth=1 list (a small answer) and a view=full page of 20
 * note-sized memories (a large one). Also the bytes on the wire of each.
 */
import { gunzipSync } from "node:zlib";
import { request, Agent } from "node:http";
import { startServer, type TestServer } from "../test/helpers/server.ts";
import { percentile, round3 } from "./http.ts";
import { rng, shuffle } from "./tree.ts";

const MEMORIES = 60;
const NOTE = "Prefers concise answers with code first; explain trade-offs after. ".repeat(16); // ~1 KiB

function get(agent: Agent, url: string, headers: Record<string, string>): Promise<{ ms: number; bytes: number; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        if (res.statusCode !== 200) return reject(new Error(`${url} answered ${res.statusCode}`));
        // Decoded so that a gzipped answer costs the client what it costs an SDK.
        if (res.headers["content-encoding"] === "gzip") gunzipSync(body);
        resolve({ ms: performance.now() - started, bytes: body.length, encoding: res.headers["content-encoding"] });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

export async function measureCompression(server: TestServer, headers: Record<string, string>, rounds: number, log: (...parts: unknown[]) => void) {
  const all = await startServer({ databaseUrl: server.databaseUrl, env: { COMPRESS_MIN_BYTES: "0" } });
  try {
    const store = (await (
      await server.fetch("/v1/memory_stores", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Compression bench" }),
      })
    ).json()) as { id: string };
    for (let i = 0; i < MEMORIES; i++) {
      const path = i < 20 ? `/notes/n${String(i).padStart(2, "0")}.md` : `/topic${i % 40}/n${i}.md`;
      const res = await server.fetch(`/v1/memory_stores/${store.id}/memories`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ path, content: NOTE }),
      });
      if (res.status !== 200) throw new Error(`seeding answered ${res.status}`);
    }
    const paths = {
      list_depth1: `/v1/memory_stores/${store.id}/memories?depth=1&path_prefix=%2F`,
      page_view_full: `/v1/memory_stores/${store.id}/memories?depth=0&path_prefix=%2Fnotes%2F&view=full&limit=20`,
    };
    const targets = { ours: server.baseURL, compress_all: all.baseURL };
    const agents = { ours: new Agent({ keepAlive: true, maxSockets: 1 }), compress_all: new Agent({ keepAlive: true, maxSockets: 1 }) };
    type Probe = { target: keyof typeof targets; path: keyof typeof paths; gzip: boolean };
    const probes: Probe[] = [];
    for (const target of Object.keys(targets) as (keyof typeof targets)[])
      for (const path of Object.keys(paths) as (keyof typeof paths)[]) for (const gzip of [false, true]) probes.push({ target, path, gzip });
    const key = (p: Probe) => `${p.target}:${p.path}:${p.gzip ? "gzip" : "identity"}`;
    const samples = new Map(probes.map((p) => [key(p), [] as number[]]));
    const bytes = new Map<string, { bytes: number; encoding: string }>();
    const order = rng(14);
    log(`compression: ${probes.length} requests per round, 50 warm-up + ${rounds} rounds`);
    for (let round = -50; round < rounds; round++) {
      for (const p of shuffle(probes, order)) {
        const answer = await get(agents[p.target], `${targets[p.target]}${paths[p.path]}`, { ...headers, ...(p.gzip ? { "accept-encoding": "gzip" } : {}) });
        if (round >= 0) samples.get(key(p))!.push(answer.ms);
        bytes.set(key(p), { bytes: answer.bytes, encoding: answer.encoding ?? "identity" });
      }
    }
    for (const a of Object.values(agents)) a.destroy();
    const result: Record<string, { p50_ms: number; bytes: number; encoding: string }> = {};
    for (const p of probes) result[key(p)] = { p50_ms: round3(percentile(samples.get(key(p))!, 50)), ...bytes.get(key(p))! };
    const ratio = (target: string, path: string) => round3(result[`${target}:${path}:gzip`]!.p50_ms / result[`${target}:${path}:identity`]!.p50_ms);
    return {
      compression: result,
      compression_gzip_ratio_list_depth1: ratio("ours", "list_depth1"),
      compression_gzip_ratio_list_depth1_compress_all: ratio("compress_all", "list_depth1"),
      compression_gzip_ratio_page_view_full: ratio("ours", "page_view_full"),
    };
  } finally {
    await all.kill();
  }
}
