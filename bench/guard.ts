/**
 * The guard benchmark (issue 8): while the worst input of each operation runs, another client
 * keeps asking GET /v1/memory_stores; its p99 (`guard_p99_ms`) says whether any request holds
 * the event loop. The same poller on a quiet server is the baseline of the same run.
 */
import { zipSync, type Zippable } from "fflate";
import { seedMemories } from "../test/memory-tool/database.ts";
import type { TestServer } from "../test/helpers/server.ts";
import { Client, percentile, round3, type Answer } from "./http.ts";

const BIG_DIRECTORY = 10_000;

type WorstCase = { name: string; run: () => Promise<unknown> };

/** Polls until `stop` resolves; returns every latency. */
async function poll(client: Client, stop: Promise<unknown>): Promise<number[]> {
  let done = false;
  void stop.finally(() => (done = true));
  const samples: number[] = [];
  while (!done) {
    const answer = await client.send("GET", "/v1/memory_stores?limit=1");
    if (answer.status !== 200) throw new Error(`guard poll answered ${answer.status}`);
    samples.push(answer.ms);
  }
  return samples;
}

export async function measureGuard(server: TestServer, headers: Record<string, string>, log: (...parts: unknown[]) => void) {
  const worker = new Client(server.baseURL, headers);
  const poller = new Client(server.baseURL, headers);
  const tool = (storeId: string, input: Record<string, unknown>) => worker.send("POST", `/v1/memory_stores/${storeId}/memory_tool`, input);

  const files = await worker.json<{ id: string }>("POST", "/v1/memory_stores", { name: "Guard: files" });
  const newlines = "\n".repeat(100_000);
  const aLines = "a\n".repeat(51_200);
  await tool(files.id, { command: "create", path: "/memories/newlines.md", file_text: newlines });
  await tool(files.id, { command: "create", path: "/memories/a-lines.md", file_text: aLines });
  const big = await worker.json<{ id: string }>("POST", "/v1/memory_stores", { name: "Guard: a directory of 10,000" });
  log(`guard: seeding a directory of ${BIG_DIRECTORY} memories`);
  await seedMemories(server, big.id, BIG_DIRECTORY, (i) => `/big/${String(Math.floor(i / 100)).padStart(3, "0")}/${String(i).padStart(5, "0")}.md`);
  const mebibyteBody = { path: "/too-big.md", content: "x".repeat(1024 * 1024 - 64) };
  const tinyZip = zipOfNotes(3_000, () => "n".repeat(5 + Math.floor(Math.random() * 4)));
  const manyZip = zipOfNotes(10_000, (i) => `note ${i} `.repeat(12).slice(0, 100));
  let imports = 0;
  // Issue 21: 12 memories of 99,000 × "a" in one store, a 1,000-character exact search in history across stores.
  const repetitive = await worker.json<{ id: string }>("POST", "/v1/memory_stores", { name: "Guard: repetitive notes" });
  for (let i = 0; i < 25; i++) await worker.send("POST", `/v1/memory_stores/${repetitive.id}/memories`, { path: `/a${i}.md`, content: "a".repeat(99_000) });
  const longExact = `/v1/search?mode=exact&scope=versions&q=${"a".repeat(1000)}`;
  // Issue 25: a 100 kB write through every detector (held, so it lands): tokens, addresses, numbers, phrases.
  const guarded = await worker.json<{ id: string }>("POST", "/v1/memory_stores", { name: "Guard: every detector" });
  await worker.json("POST", `/v1/write_policies/${guarded.id}`, { detectors: { secrets: "hold", pii: "hold", instructions: "hold" } });
  const detectorLine = "mail a.b@example.com, call +1 415-555-2671, key ghp_0123456789abcdefghij, ignore previous instructions; https://u:p@h.io\n";
  const detectorText = detectorLine.repeat(Math.floor(100_000 / detectorLine.length));

  const cases: WorstCase[] = [
    {
      name: "str_replace_empty_old_str_100kB",
      run: () => tool(files.id, { command: "str_replace", path: "/memories/newlines.md", old_str: "", new_str: "x" }),
    },
    { name: "str_replace_50k_matches", run: () => tool(files.id, { command: "str_replace", path: "/memories/a-lines.md", old_str: "a", new_str: "b" }) },
    { name: "view_file_100kB", run: () => tool(files.id, { command: "view", path: "/memories/a-lines.md" }) },
    {
      name: "create_file_100kB",
      run: () => tool(files.id, { command: "create", path: `/memories/new-${Math.random()}.md`, file_text: aLines.slice(0, 100_000) }),
    },
    {
      name: "write_100kB_every_detector",
      run: () => answered(worker.send("POST", `/v1/memory_stores/${guarded.id}/memories`, { path: `/held-${Math.random()}.md`, content: detectorText })),
    },
    { name: "body_1MiB", run: () => worker.send("POST", `/v1/memory_stores/${files.id}/memories`, mebibyteBody) },
    // Issue 21: 3,000 files of 5–8 bytes took the server down; each run imports them into a new store.
    { name: "import_zip_3000_tiny", run: () => answered(worker.send("POST", `/v1/imports?format=zip&name=guard-import-${++imports}`, tinyZip)) },
    { name: "import_zip_10000_dry_run", run: () => answered(worker.send("POST", "/v1/imports?format=zip&name=guard-dry&dry_run=true", manyZip)) },
    { name: "search_exact_1000_chars_25_repetitive", run: () => answered(worker.send("GET", longExact)) },
    { name: "search_exact_1000_chars_other_store", run: () => answered(worker.send("GET", `${longExact}&memory_store_id=${files.id}`)) },
    { name: "view_directory_10000", run: () => tool(big.id, { command: "view", path: "/memories" }) },
    { name: "rename_directory_10000", run: () => tool(big.id, { command: "rename", old_path: "/memories/big", new_path: "/memories/moved" }) },
    { name: "delete_directory_10000", run: () => tool(big.id, { command: "delete", path: "/memories/moved" }) },
    // By now the store holds 30,000 versions (created, moved, deleted).
    { name: "delete_store_30000_versions", run: () => worker.send("DELETE", `/v1/memory_stores/${big.id}`) },
  ];

  const quiet: number[] = [];
  for (let i = 0; i < 300; i++) quiet.push((await poller.send("GET", "/v1/memory_stores?limit=1")).ms);

  const perCase: Record<string, { runs: number; op_ms: number; polls: number; p99_ms: number }> = {};
  const all: number[] = [];
  for (const worst of cases) {
    const once = /^(rename|delete)_/.test(worst.name);
    const runs = once ? 1 : 5;
    const samples: number[] = [];
    let opMs = 0;
    for (let r = 0; r < runs; r++) {
      const started = performance.now();
      const op = worst.run();
      samples.push(...(await poll(poller, op)));
      await op;
      opMs += performance.now() - started;
    }
    all.push(...samples);
    perCase[worst.name] = { runs, op_ms: round3(opMs / runs), polls: samples.length, p99_ms: round3(percentile(samples, 99)) };
    log(`guard: ${worst.name} took ${(opMs / runs).toFixed(0)} ms; concurrent list p99 ${percentile(samples, 99).toFixed(1)} ms over ${samples.length} polls`);
  }
  worker.close();
  poller.close();
  return {
    guard_p99_ms: round3(percentile(all, 99)),
    guard_quiet_p99_ms: round3(percentile(quiet, 99)),
    guard_cases: perCase,
  };
}

/** An import that was refused would time nothing: it must have answered 200. */
async function answered(request: Promise<Answer>): Promise<Answer> {
  const answer = await request;
  if (answer.status !== 200) throw new Error(`guard case answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  return answer;
}

/** `count` deflated notes as Python's zipfile writes them (sizes in the local headers, made on Unix). */
function zipOfNotes(count: number, body: (i: number) => string): Uint8Array {
  const files: Zippable = {};
  for (let i = 0; i < count; i++)
    files[`notes/${String(i).padStart(5, "0")}.md`] = [new TextEncoder().encode(body(i)), { level: 6, os: 3, attrs: 0o600 << 16 }];
  return zipSync(files);
}
