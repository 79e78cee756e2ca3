/**
 * The import and export benchmark (issue 12): one archive of the bench tree's notes imported
 * into an empty store through POST /v1/imports (one transaction, batches with yields), against
 * the same notes created through the API one request at a time in another store, in the same
 * run. Then the export case: a store of 10,000 memories with 50,000 versions (seeded
 * through the domain core on the server's own database, which is quicker than 50,000
 * requests), exported through the API as JSON Lines with its history and as a zip. Rates are
 * reported, never asserted; the ratio import / one-by-one is what says whether bulk writes pay.
 */
import { zipSync } from "fflate";
import { loadavg } from "node:os";
import { databaseTarget } from "../lib/config.ts";
import { openDb } from "../lib/db/client.ts";
import { searchIndexPending } from "../lib/memory/search/flush-search-index.ts";
import type { TestServer } from "../test/helpers/server.ts";
import { Client, percentile } from "./http.ts";
import { seedStore } from "./search-sqlite.ts";
import { buildTree, noteContent, rng } from "./tree.ts";

/** The export case of the issue: 10,000 memories, 5 versions each. */
const EXPORT_MEMORIES = 10_000;
const EXPORT_VERSIONS_EACH = 5;
const IMPORT_RUNS = 3;

export interface TransferBench {
  transfer_files: number;
  import_memories_per_s: number;
  /** The same import and a search right after it, timed together (SQLite moves the index's pending list first). */
  import_searchable_memories_per_s: number;
  /** The same import until the server's background flusher has put every version in the search index. */
  import_indexed_memories_per_s: number;
  import_dry_run_ms: number;
  one_by_one_memories_per_s: number;
  import_vs_one_by_one_ratio: number;
  export_store_memories: number;
  export_store_versions: number;
  export_versions_per_s: number;
  export_zip_memories_per_s: number;
  /** PostgreSQL: the same imports on the bare server (median of as many), and ours' time over its. */
  import_bare_memories_per_s?: number;
  import_ratio_to_bare?: number;
  /** The same notes created through the API with 8 requests in flight, ours and the bare server's, in alternating blocks. */
  creates_8_in_flight_memories_per_s?: number;
  creates_8_in_flight_bare_memories_per_s?: number;
  creates_8_in_flight_ratio_to_bare?: number;
  /** The same with the notes spread over 8 stores a side (note i into store i mod 8): no store's lock in the way. */
  creates_8_in_flight_8_stores_memories_per_s?: number;
  creates_8_in_flight_8_stores_bare_memories_per_s?: number;
  creates_8_in_flight_8_stores_ratio_to_bare?: number;
  /** The machine's 1, 5 and 15 minute load averages at the end of this benchmark. */
  transfer_load_average: number[];
}

/** Creates run in blocks of this many notes, ours and the bare server's in turn, so that drift hits both alike. */
const CREATE_BLOCK = 250;
const IN_FLIGHT = 8;

/** `bareURL`: the bare server (bench/bare-server.ts, PostgreSQL): its imports and creates are timed beside ours. */
export async function measureTransfer(
  server: TestServer,
  headers: Record<string, string>,
  files: number,
  log: (...parts: unknown[]) => void,
  bareURL?: string,
): Promise<TransferBench> {
  const tree = buildTree(files, 99);
  const random = rng(5);
  const contents = tree.paths.map((p) => noteContent(p, random));
  const zip = zipSync(Object.fromEntries(tree.paths.map((p, i) => [p.slice(1), new TextEncoder().encode(contents[i])])));
  const post = async (query: string, baseURL = server.baseURL) => {
    const started = performance.now();
    const res = await fetch(`${baseURL}/v1/imports?${query}`, { method: "POST", headers, body: zip });
    const body = (await res.json()) as { store_id: string; counts: Record<string, number> };
    if (res.status !== 200 || body.counts.create !== files) throw new Error(`import answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
    return { ms: performance.now() - started };
  };
  const db = await openDb(databaseTarget(server.databaseUrl));
  // The versions an import leaves for the search index (docs/architecture.md, "Search index"); the server's flusher takes them in the background.
  const indexed = async () => {
    while (await searchIndexPending(db)) await new Promise((resolve) => setTimeout(resolve, 20));
  };
  const dry = await post("format=zip&name=Import%20bench&dry_run=true");
  // Three imports, each into a new empty store once the last one is indexed; the median is reported (one run moves with the machine's load).
  const importMs: number[] = [];
  for (let i = 0; i < IMPORT_RUNS; i++) {
    await indexed();
    importMs.push((await post(`format=zip&name=Import%20bench%20${i + 1}`)).ms);
  }
  const importRate = files / (percentile(importMs, 50) / 1000);
  log(
    `import of ${files} files (${(zip.byteLength / 1024 / 1024).toFixed(1)} MB zip): ${importMs.map((ms) => ms.toFixed(0)).join(", ")} ms, median ${importRate.toFixed(0)} memories/s (dry run ${dry.ms.toFixed(0)} ms)`,
  );

  // The bare server's imports of the same zip, each into a new store, once the one before is indexed as ours were.
  const bareImportMs: number[] = [];
  for (let i = 0; bareURL && i < IMPORT_RUNS; i++) {
    await indexed();
    bareImportMs.push((await post(`name=Bare%20import%20${i + 1}`, bareURL)).ms);
  }
  const bareImport = bareURL
    ? {
        import_bare_memories_per_s: Math.round(files / (percentile(bareImportMs, 50) / 1000)),
        import_ratio_to_bare: Math.round((percentile(importMs, 50) / percentile(bareImportMs, 50)) * 1000) / 1000,
      }
    : {};
  if (bareURL)
    log(`bare import of ${files} files: ${bareImportMs.map((ms) => ms.toFixed(0)).join(", ")} ms, median ${bareImport.import_bare_memories_per_s} memories/s`);

  await indexed();
  const indexedStarted = performance.now();
  await post("format=zip&name=Import%20bench%20indexed");
  await indexed();
  const indexedRate = files / ((performance.now() - indexedStarted) / 1000);
  log(`import of ${files} files until the server has indexed them: ${indexedRate.toFixed(0)} memories/s`);

  // Until searchable: on SQLite an import's versions wait in the search index's pending list,
  // which a search moves before it answers; on PostgreSQL a search reads the pending versions
  // directly. So: nothing pending, then one more import and a search right after it, timed together.
  const searchNow = async () => {
    const res = await fetch(`${server.baseURL}/v1/search?q=zqxj&mode=exact&limit=1`, { headers });
    if (res.status !== 200) throw new Error(`search answered ${res.status}`);
    await res.arrayBuffer();
  };
  await indexed();
  await searchNow();
  const searchableStarted = performance.now();
  await post("format=zip&name=Import%20bench%20searchable");
  await searchNow();
  const searchableRate = files / ((performance.now() - searchableStarted) / 1000);
  log(`import of ${files} files until a search sees them: ${searchableRate.toFixed(0)} memories/s`);

  const api = new Client(server.baseURL, headers, 1);
  const store = await api.json<{ id: string }>("POST", "/v1/memory_stores", { name: "One by one bench" });
  const started = performance.now();
  for (const [i, path] of tree.paths.entries()) await api.json("POST", `/v1/memory_stores/${store.id}/memories`, { path, content: contents[i] });
  const oneByOneRate = files / ((performance.now() - started) / 1000);
  api.close();
  log(`the same ${files} through the API one request at a time: ${oneByOneRate.toFixed(0)} memories/s`);
  const creates = bareURL ? await createsInFlight(server.baseURL, bareURL, headers, tree.paths, contents, log) : {};

  const seedStarted = performance.now();
  const seeded = await seedStore(db, EXPORT_MEMORIES, EXPORT_VERSIONS_EACH, 11).finally(() => db.close());
  const versions = EXPORT_MEMORIES * EXPORT_VERSIONS_EACH;
  log(`seeded ${EXPORT_MEMORIES} memories with ${versions} versions for the export in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);
  // The seeding (synchronous SQLite statements) held this process's event loop while the server
  // closed fetch's idle keep-alive sockets; one turn of the loop lets fetch see that, rather
  // than send the export's request on a closed socket.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const timedExport = async (format: string) => {
    const t0 = performance.now();
    const res = await fetch(`${server.baseURL}/v1/exports/${seeded.storeId}?format=${format}`, { headers });
    const bytes = (await res.arrayBuffer()).byteLength;
    if (res.status !== 200 || bytes === 0) throw new Error(`export ${format} answered ${res.status}`);
    return (performance.now() - t0) / 1000;
  };
  const jsonlSeconds = await timedExport("jsonl");
  const zipSeconds = await timedExport("zip");
  log(
    `export of ${EXPORT_MEMORIES} memories, ${versions} versions: JSON Lines ${(versions / jsonlSeconds).toFixed(0)} versions/s (${jsonlSeconds.toFixed(2)} s), zip ${(EXPORT_MEMORIES / zipSeconds).toFixed(0)} memories/s`,
  );
  return {
    transfer_files: files,
    import_memories_per_s: Math.round(importRate),
    import_searchable_memories_per_s: Math.round(searchableRate),
    import_indexed_memories_per_s: Math.round(indexedRate),
    import_dry_run_ms: Math.round(dry.ms),
    one_by_one_memories_per_s: Math.round(oneByOneRate),
    import_vs_one_by_one_ratio: Math.round((importRate / oneByOneRate) * 100) / 100,
    ...bareImport,
    ...creates,
    export_store_memories: EXPORT_MEMORIES,
    export_store_versions: versions,
    export_versions_per_s: Math.round(versions / jsonlSeconds),
    export_zip_memories_per_s: Math.round(EXPORT_MEMORIES / zipSeconds),
    transfer_load_average: loadavg().map((l) => Math.round(l * 100) / 100),
  };
}

/**
 * The notes created one request each with IN_FLIGHT in flight, into a new store on ours and
 * another on the bare server (made by ours: the bare server writes rows, it makes no stores
 * through the API), block by block in turn. Each rate is the notes over the time of its own blocks.
 * Then the same into IN_FLIGHT stores a side, note i into store i mod IN_FLIGHT: writes to one
 * store take turns under its row lock through each COMMIT (on both servers), writes to
 * different stores do not, so the two rates say how much of the first is that lock.
 */
async function createsInFlight(
  oursURL: string,
  bareURL: string,
  headers: Record<string, string>,
  paths: string[],
  contents: string[],
  log: (...parts: unknown[]) => void,
) {
  const ours = new Client(oursURL, headers, IN_FLIGHT);
  const bare = new Client(bareURL, headers, IN_FLIGHT);
  const newStores = async (name: string, count: number) =>
    Promise.all(Array.from({ length: count }, async (_, n) => (await ours.json<{ id: string }>("POST", "/v1/memory_stores", { name: `${name} ${n + 1}` })).id));
  const measure = async (storesEach: number) => {
    const stores = { ours: await newStores("Creates bench", storesEach), bare: await newStores("Creates bench, bare", storesEach) };
    const spent = { ours: 0, bare: 0 };
    const block = async (target: "ours" | "bare", from: number, to: number) => {
      const client = target === "ours" ? ours : bare;
      let next = from;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          for (let i = next++; i < to; i = next++)
            await client.json("POST", `/v1/memory_stores/${stores[target][i % storesEach]}/memories`, { path: paths[i], content: contents[i] });
        }),
      );
      spent[target] += performance.now() - started;
    };
    for (let from = 0; from < paths.length; from += CREATE_BLOCK) {
      const to = Math.min(from + CREATE_BLOCK, paths.length);
      for (const target of (from / CREATE_BLOCK) % 2 === 0 ? (["ours", "bare"] as const) : (["bare", "ours"] as const)) await block(target, from, to);
    }
    const rate = (ms: number) => Math.round(paths.length / (ms / 1000));
    log(`creates with ${IN_FLIGHT} in flight into ${storesEach} store(s): ours ${rate(spent.ours)} memories/s, bare ${rate(spent.bare)}/s`);
    return { ours: rate(spent.ours), bare: rate(spent.bare), ratio: Math.round((spent.ours / spent.bare) * 1000) / 1000 };
  };
  const oneStore = await measure(1);
  const spread = await measure(IN_FLIGHT);
  ours.close();
  bare.close();
  return {
    creates_8_in_flight_memories_per_s: oneStore.ours,
    creates_8_in_flight_bare_memories_per_s: oneStore.bare,
    creates_8_in_flight_ratio_to_bare: oneStore.ratio,
    creates_8_in_flight_8_stores_memories_per_s: spread.ours,
    creates_8_in_flight_8_stores_bare_memories_per_s: spread.bare,
    creates_8_in_flight_8_stores_ratio_to_bare: spread.ratio,
  };
}
