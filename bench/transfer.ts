/**
 * The import and export benchmark (issue 12): one archive of the bench tree's notes imported
 * into an empty store through POST /v1/imports (one transaction, batches with yields), against
 * the same notes created through the API one request at a time in another store, in the same
 * run; then that store exported as JSON Lines with its history and as a zip. Rates are
 * reported, never asserted; the ratio import / one-by-one is what says whether bulk writes pay.
 */
import { zipSync } from "fflate";
import type { TestServer } from "../test/helpers/server.ts";
import { Client } from "./http.ts";
import { buildTree, noteContent, rng } from "./tree.ts";

export interface TransferBench {
  transfer_files: number;
  import_memories_per_s: number;
  import_dry_run_ms: number;
  one_by_one_memories_per_s: number;
  import_vs_one_by_one_ratio: number;
  export_versions_per_s: number;
  export_zip_memories_per_s: number;
}

export async function measureTransfer(
  server: TestServer,
  headers: Record<string, string>,
  files: number,
  log: (...parts: unknown[]) => void,
): Promise<TransferBench> {
  const tree = buildTree(files, 99);
  const random = rng(5);
  const contents = tree.paths.map((p) => noteContent(p, random));
  const zip = zipSync(Object.fromEntries(tree.paths.map((p, i) => [p.slice(1), new TextEncoder().encode(contents[i])])));
  const post = async (query: string) => {
    const started = performance.now();
    const res = await fetch(`${server.baseURL}/v1/imports?${query}`, { method: "POST", headers, body: zip });
    const body = (await res.json()) as { store_id: string; counts: Record<string, number> };
    if (res.status !== 200 || body.counts.create !== files) throw new Error(`import answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
    return { ms: performance.now() - started, storeId: body.store_id };
  };
  const dry = await post("format=zip&name=Import%20bench&dry_run=true");
  const imported = await post("format=zip&name=Import%20bench");
  const importRate = files / (imported.ms / 1000);
  log(
    `import of ${files} files (${(zip.byteLength / 1024 / 1024).toFixed(1)} MB zip): ${imported.ms.toFixed(0)} ms, ${importRate.toFixed(0)} memories/s (dry run ${dry.ms.toFixed(0)} ms)`,
  );

  const api = new Client(server.baseURL, headers, 1);
  const store = await api.json<{ id: string }>("POST", "/v1/memory_stores", { name: "One by one bench" });
  const started = performance.now();
  for (const [i, path] of tree.paths.entries()) await api.json("POST", `/v1/memory_stores/${store.id}/memories`, { path, content: contents[i] });
  const oneByOneRate = files / ((performance.now() - started) / 1000);
  api.close();
  log(`the same ${files} through the API one request at a time: ${oneByOneRate.toFixed(0)} memories/s`);

  const timedExport = async (format: string) => {
    const t0 = performance.now();
    const res = await fetch(`${server.baseURL}/v1/exports/${imported.storeId}?format=${format}`, { headers });
    const bytes = (await res.arrayBuffer()).byteLength;
    if (res.status !== 200 || bytes === 0) throw new Error(`export ${format} answered ${res.status}`);
    return (performance.now() - t0) / 1000;
  };
  const jsonlSeconds = await timedExport("jsonl");
  const zipSeconds = await timedExport("zip");
  log(`export: JSON Lines ${(files / jsonlSeconds).toFixed(0)} versions/s, zip ${(files / zipSeconds).toFixed(0)} memories/s`);
  return {
    transfer_files: files,
    import_memories_per_s: Math.round(importRate),
    import_dry_run_ms: Math.round(dry.ms),
    one_by_one_memories_per_s: Math.round(oneByOneRate),
    import_vs_one_by_one_ratio: Math.round((importRate / oneByOneRate) * 100) / 100,
    export_versions_per_s: Math.round(files / jsonlSeconds),
    export_zip_memories_per_s: Math.round(files / zipSeconds),
  };
}
