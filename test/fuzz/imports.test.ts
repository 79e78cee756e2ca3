// Fuzz: POST /v1/imports with zips (random, truncated, corrupted, lying, ZIP64, data descriptors,
// nested, duplicates, thousands of tiny entries), tar.gz, JSON Lines and the console's folder
// upload. No input may kill, hang or 5xx the server; a refused import (and any dry run) changes
// nothing; after each property the server has run a full garbage collection (where a half-made
// native handle would abort it, issue 21) and still answers.
import fc from "fast-check";
import { zipSync, type Zippable } from "fflate";
import { gzipSync } from "node:zlib";
import { pack } from "tar-stream";
import { describe, expect, it } from "vitest";
import { packZip } from "../../components/transfer/pack-zip.ts";
import { VERSION_OPERATIONS } from "../../lib/memory/versions/operations.ts";
import { craftZip, type CraftEntry } from "../helpers/craft-zip.ts";
import { FORCED_GC_ENV } from "../helpers/server.ts";
import { junkValue } from "./arb-json.ts";
import { validMemoryPath } from "./arb-paths.ts";
import { checkProperty, timeoutFor, type RunCount } from "./fuzz-run.ts";
import { expectInvariants, fuzzStore, probe, useFuzzServer, type FuzzServer } from "./fuzz-server.ts";

const ctx = useFuzzServer({ env: FORCED_GC_ENV });
const FILE = import.meta.filename;

/** After a property: a full garbage collection in the server, then it must still be running and answering. */
async function expectServerAlive(ctx: FuzzServer) {
  await ctx.server.forceGc();
  expect(ctx.server.alive(), ctx.server.log().slice(-3000)).toBe(true);
  expect((await ctx.server.fetch("/v1/memory_stores?limit=1")).status).toBe(200);
  await expectInvariants(ctx);
}

// --- What goes into archives -------------------------------------------------------------------

/** Entry names: notes, and every kind a crafted archive uses. */
const entryName: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: validMemoryPath.map((p) => p.slice(1)), weight: 6 },
  {
    arbitrary: fc.constantFrom(
      "../evil.md",
      "a/../../b.md",
      "/etc/passwd",
      "C:/x.md",
      "a\\b.md",
      "cafe\u0301.md",
      "./a.md",
      "a//b.md",
      "dir/",
      "__MACOSX/._a.md",
      ".DS_Store",
      "x".repeat(1_100) + ".md",
      "nul\u0000.md",
      "a.md",
      "a.md/b.md",
      "\u202e.md",
      "memories/a.md",
      "manifest.json",
    ),
    weight: 3,
  },
  { arbitrary: fc.string({ maxLength: 24 }), weight: 1 },
);

const nestedZip = fc.constant(zipSync({ "inner/a.md": new TextEncoder().encode("inner"), "inner/zeros.md": new Uint8Array(50_000) }));

const entryData: fc.Arbitrary<Uint8Array | string> = fc.oneof(
  { arbitrary: fc.string({ maxLength: 200 }), weight: 6 },
  { arbitrary: fc.uint8Array({ maxLength: 300 }), weight: 2 },
  { arbitrary: fc.constantFrom("", "x".repeat(102_401), "\ufeff# bom", '{"format":"memory-console-export"}'), weight: 1 },
  { arbitrary: nestedZip, weight: 1 },
);

/** A zip entry, sometimes lying about its size, CRC or local name, or marked a symlink or encrypted. */
const craftEntry: fc.Arbitrary<CraftEntry> = fc
  .record({
    name: entryName,
    data: entryData,
    method: fc.constantFrom(0, 8, 8),
    dataDescriptor: fc.boolean(),
    unixMode: fc.option(fc.constantFrom(0o100644, 0o040755, 0o120777, 0o010644, 0o000600), { nil: undefined }),
    utf8: fc.option(fc.boolean(), { nil: undefined }),
    lie: fc.option(fc.constantFrom("size", "crc", "local", "encrypted", "method"), { freq: 6, nil: undefined }),
  })
  .map(({ lie, ...entry }) => ({
    ...entry,
    ...(lie === "size" && { declaredSize: Math.max(0, (typeof entry.data === "string" ? entry.data.length : entry.data.byteLength) - 3) }),
    ...(lie === "crc" && { crc: 0xdeadbeef }),
    ...(lie === "local" && { localName: entry.name + "x" }),
    ...(lie === "encrypted" && { flags: 1 }),
    ...(lie === "method" && { method: 12 }),
  }));

const craftedZip: fc.Arbitrary<Uint8Array> = fc
  .record({ entries: fc.array(craftEntry, { maxLength: 10 }), zip64: fc.boolean(), declaredCount: fc.option(fc.nat(25_000), { freq: 8, nil: undefined }) })
  .map(({ entries, zip64, declaredCount }) => craftZip(entries, { zip64, declaredCount: zip64 ? undefined : declaredCount }));

/** The same entries as fflate writes them (sizes in the local headers), duplicates dropped by the object. */
const fflateZip: fc.Arbitrary<Uint8Array> = fc
  .array(fc.tuple(entryName, entryData, fc.constantFrom(0, 6)), { maxLength: 10 })
  .map((entries) =>
    zipSync(Object.fromEntries(entries.map(([name, data, level]) => [name, [typeof data === "string" ? new TextEncoder().encode(data) : data, { level }]]))),
  );

/** How bytes get damaged in transfer or by an attacker; positions are fractions of the length. */
type Damage =
  | { kind: "none" }
  | { kind: "cut"; at: number }
  | { kind: "flip"; flips: [number, number][] }
  | { kind: "splice"; at: number; junk: Uint8Array }
  | { kind: "double" };

const damage: fc.Arbitrary<Damage> = fc.oneof(
  { arbitrary: fc.constant({ kind: "none" as const }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant("cut" as const), at: fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }) }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant("flip" as const),
      flips: fc.array(fc.tuple(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), fc.integer({ min: 1, max: 255 })), {
        minLength: 1,
        maxLength: 8,
      }),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({ kind: fc.constant("splice" as const), at: fc.double({ min: 0, max: 1, noNaN: true }), junk: fc.uint8Array({ maxLength: 64 }) }),
    weight: 1,
  },
  { arbitrary: fc.constant({ kind: "double" as const }), weight: 1 },
);

function damaged(bytes: Uint8Array, d: Damage): Uint8Array {
  const at = (f: number) => Math.min(bytes.byteLength, Math.floor(f * bytes.byteLength));
  if (d.kind === "cut") return bytes.subarray(0, at(d.at));
  if (d.kind === "double") return Uint8Array.from([...bytes, ...bytes]);
  if (d.kind === "splice") return Uint8Array.from([...bytes.subarray(0, at(d.at)), ...d.junk, ...bytes.subarray(at(d.at))]);
  if (d.kind === "flip" && bytes.byteLength > 0) {
    const copy = Uint8Array.from(bytes);
    for (const [f, bits] of d.flips) copy[at(f)] = (copy[at(f)] ?? 0) ^ bits;
    return copy;
  }
  return bytes;
}

const anyZip = fc.oneof(
  { arbitrary: fc.tuple(craftedZip, damage).map(([zip, d]) => damaged(zip, d)), weight: 5 },
  { arbitrary: fc.tuple(fflateZip, damage).map(([zip, d]) => damaged(zip, d)), weight: 3 },
  { arbitrary: fc.uint8Array({ maxLength: 2_000 }), weight: 1 },
  { arbitrary: fc.uint8Array({ maxLength: 200 }).map((b) => Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...b])), weight: 1 },
);

// --- Sending ------------------------------------------------------------------------------------

interface Target {
  /** Into this existing store, or a new one. */
  storeId: string | null;
  dryRun: boolean;
  onConflict: "skip" | "overwrite" | "fail" | null;
}
const target = (storeId: string) =>
  fc.record({
    storeId: fc.constantFrom(storeId, null),
    dryRun: fc.boolean(),
    onConflict: fc.constantFrom("skip" as const, "overwrite" as const, "fail" as const, null),
  });

let newStores = 0;

/** One import request through `probe`: a refusal or a dry run must change nothing; a new store it made is checked afterwards. */
async function sendImport(format: string, body: Uint8Array, t: Target, extra = "") {
  const query = [
    `format=${encodeURIComponent(format)}`,
    t.storeId ? `store_id=${t.storeId}` : `name=fuzz-import-${++newStores}`,
    t.dryRun ? "dry_run=true" : "",
    t.onConflict ? `on_conflict=${t.onConflict}` : "",
    extra,
  ]
    .filter(Boolean)
    .join("&");
  const result = await probe(
    ctx,
    { method: "POST", path: `/v1/imports?${query}`, body, headers: { "content-type": "application/octet-stream" } },
    { readOnly: t.dryRun },
  );
  if (result.ok && typeof result.body.store_id === "string") ctx.stores.add(result.body.store_id);
  return result;
}

/** Each property writes to one store of its own, with memories for the conflict modes to meet. */
const STORE_SEED = { "/a.md": "a", "/notes/x.md": "x", "/dir/deep/y.md": "y" };

const ZIP_RUNS: RunCount = 30;
const MANY_RUNS: RunCount = { short: 2, max: 16 };
const TAR_RUNS: RunCount = 20;
const JSONL_RUNS: RunCount = 30;
const FOLDER_RUNS: RunCount = { short: 10, max: 400 };

describe("fuzz: imports", () => {
  it(
    "zips: random, truncated, corrupted, lying, ZIP64, data descriptors, nested and duplicate entries are answered cleanly",
    async () => {
      const store = await fuzzStore(ctx, "fuzz zip imports", STORE_SEED);
      await checkProperty(FILE, "zip imports", ZIP_RUNS, [anyZip, target(store.id)], async (zip, t) => {
        await sendImport("zip", zip, t);
      });
      await expectServerAlive(ctx);
    },
    timeoutFor(ZIP_RUNS),
  );

  it(
    "zips of 3,000 and 10,000 tiny entries, stored and deflated, with data descriptors or ZIP64, whole or damaged, are answered cleanly",
    async () => {
      const store = await fuzzStore(ctx, "fuzz many-entry imports", STORE_SEED);
      const shape = fc.record({
        count: fc.constantFrom(3_000, 10_000),
        method: fc.constantFrom(0, 8),
        dataDescriptor: fc.boolean(),
        zip64: fc.boolean(),
        writer: fc.constantFrom("craft", "fflate"),
      });
      const zips = shape.chain(({ count, method, dataDescriptor, zip64, writer }) => {
        const names = Array.from({ length: count }, (_, i) => `n/${String(i).padStart(5, "0")}.md`);
        const body = (i: number) => `note ${i}`.padEnd(5 + (i % 4 === 0 ? 3 : (i % 4) + 95), "x");
        const zip =
          writer === "fflate"
            ? zipSync(Object.fromEntries(names.map((name, i) => [name, [new TextEncoder().encode(body(i)), { level: method === 0 ? 0 : 6 }]])))
            : craftZip(
                names.map((name, i) => ({ name, data: body(i), method, dataDescriptor })),
                { zip64 },
              );
        return fc.oneof(
          { arbitrary: fc.constant({ zip, count, whole: true }), weight: 2 },
          { arbitrary: damage.map((d) => ({ zip: damaged(zip, d), count, whole: d.kind === "none" })), weight: 1 },
        );
      });
      // A whole zip of valid notes into a new store is imported (or previewed) in full.
      const expectAll = async (zip: Uint8Array, count: number, t: Target) => {
        const { res, body } = await sendImport("zip", zip, t);
        expect(res.status, res.text.slice(0, 300)).toBe(200);
        expect(body.counts).toMatchObject({ create: count, refused: 0 });
      };
      // First, every time, the issue's own cases (3,000 stored and deflated notes of 5–8 bytes, as
      // Python's zipfile writes them): a short pass draws too few shapes to be sure to meet them.
      for (const level of [0, 6] as const) {
        const notes: Zippable = {};
        for (let i = 0; i < 3_000; i++) notes[`n/${i}.md`] = [new TextEncoder().encode(`n${i}`.padEnd(5 + (i % 4), "x")), { level, os: 3, attrs: 0o600 << 16 }];
        const zip = zipSync(notes);
        for (let i = 0; i < 3; i++) await expectAll(zip, 3_000, { storeId: null, dryRun: true, onConflict: null });
      }
      await ctx.server.forceGc();
      // Dry runs: thousands of notes written on every run would only time the writer, and grow the
      // database that every probe fingerprints (test/api/import-many-entries.test.ts imports them).
      await checkProperty(FILE, "many-entry zip imports", MANY_RUNS, [zips, target(store.id)], async ({ zip, count, whole }, t) => {
        const into = { ...t, dryRun: true };
        if (whole && into.storeId === null) await expectAll(zip, count, into);
        else await sendImport("zip", zip, into);
      });
      await expectServerAlive(ctx);
    },
    60_000 + timeoutFor(MANY_RUNS, 8_000),
  );

  it(
    "tar.gz: random entries and types, truncated or corrupted before or after gzip, are answered cleanly",
    async () => {
      const store = await fuzzStore(ctx, "fuzz tar imports", STORE_SEED);
      const entries = fc.array(
        fc.record({
          name: entryName,
          type: fc.constantFrom("file", "file", "file", "directory", "symlink", "link", "fifo", "character-device") as fc.Arbitrary<
            "file" | "directory" | "symlink" | "link" | "fifo" | "character-device"
          >,
          body: entryData.map((d) => (typeof d === "string" ? d : Buffer.from(d).toString("latin1"))),
        }),
        { maxLength: 10 },
      );
      const tarGz = fc.record({ list: entries, damageTar: fc.boolean(), damage });
      const any = fc.oneof({ arbitrary: tarGz, weight: 6 }, { arbitrary: fc.uint8Array({ maxLength: 1_000 }), weight: 1 });
      await checkProperty(FILE, "tar.gz imports", TAR_RUNS, [any, target(store.id)], async (spec, t) => {
        if (spec instanceof Uint8Array) return void (await sendImport("tar.gz", spec, t));
        const tar = await tarOf(spec.list);
        await sendImport("tar.gz", spec.damageTar ? gzipSync(damaged(tar, spec.damage)) : damaged(gzipSync(tar), spec.damage), t);
      });
      await expectServerAlive(ctx);
    },
    timeoutFor(TAR_RUNS),
  );

  it(
    "JSON Lines: an export's lines dropped, repeated, cut, reordered or given hostile values, and random lines, are answered cleanly",
    async () => {
      const source = await fuzzStore(ctx, "fuzz jsonl source", STORE_SEED);
      const memories = ctx.server.client.beta.memoryStores.memories;
      await memories.update(source.memoryIds["/a.md"]!, { memory_store_id: source.id, content: "a2" });
      await memories.update(source.memoryIds["/notes/x.md"]!, { memory_store_id: source.id, path: "/notes/moved.md" });
      await memories.delete(source.memoryIds["/dir/deep/y.md"]!, { memory_store_id: source.id });
      const exported = await (await ctx.server.fetch(`/v1/exports/${source.id}?format=jsonl`)).text();
      const lines = exported.split("\n").filter((l) => l !== "");
      const hostileLine = fc.oneof(
        junkValue.map((v) => JSON.stringify(v) ?? "null"),
        fc
          .record({ type: fc.constantFrom("memory_store", "memory", "memory_version", "x", "__proto__") }, { requiredKeys: [] })
          .chain((head) =>
            fc
              .dictionary(
                fc.constantFrom(
                  "name",
                  "description",
                  "metadata",
                  "path",
                  "content",
                  "content_sha256",
                  "id",
                  "memory_id",
                  "operation",
                  "created_at",
                  "created_by",
                  "redacted_at",
                  "redacted_by",
                ),
                fc.oneof(
                  junkValue,
                  validMemoryPath,
                  fc.constantFrom(...VERSION_OPERATIONS, "2999-01-01T00:00:00Z", "1970-01-01T00:00:00Z", "not a date", "/../../escape.md"),
                ),
                { maxKeys: 8 },
              )
              .map((fields) => JSON.stringify({ ...head, ...fields })),
          ),
        fc.constantFrom("{", "[]", "null", '{"type":"memory_store"', "\u0000", "x".repeat(5_000)),
      );
      const edit = fc.oneof(
        fc.record({ kind: fc.constant("drop" as const), at: fc.nat() }),
        fc.record({ kind: fc.constant("repeat" as const), at: fc.nat() }),
        fc.record({ kind: fc.constant("cut" as const), at: fc.nat(), chars: fc.nat(400) }),
        fc.record({ kind: fc.constant("swap" as const), at: fc.nat(), with: fc.nat() }),
        fc.record({ kind: fc.constant("field" as const), at: fc.nat(), key: fc.string({ maxLength: 12 }), value: junkValue }),
        fc.record({ kind: fc.constant("insert" as const), at: fc.nat(), line: hostileLine }),
      );
      const body = fc.oneof(
        { arbitrary: fc.array(edit, { maxLength: 4 }).map((edits) => applyEdits(lines, edits).join("\n") + "\n"), weight: 5 },
        { arbitrary: fc.array(hostileLine, { maxLength: 6 }).map((l) => l.join("\n")), weight: 2 },
        { arbitrary: fc.string({ maxLength: 300 }), weight: 1 },
      );
      const jsonlTarget = fc.record({ storeId: fc.constant(null), dryRun: fc.boolean(), onConflict: fc.constant(null) });
      await checkProperty(FILE, "jsonl imports", JSONL_RUNS, [body, jsonlTarget], async (text, t) => {
        await sendImport("jsonl", new TextEncoder().encode(text), t);
      });
      await expectServerAlive(ctx);
    },
    timeoutFor(JSONL_RUNS),
  );

  it(
    "the console's folder upload (packed in the browser with fflate, then dry run and import with its plan_digest) is answered cleanly",
    async () => {
      const store = await fuzzStore(ctx, "fuzz folder imports", STORE_SEED);
      const files = fc.array(fc.record({ path: entryName.map((n) => "/" + n), data: entryData }), { maxLength: 12 });
      await checkProperty(FILE, "folder imports", FOLDER_RUNS, [files, target(store.id)], async (list, t) => {
        const zip = await packZip(
          list.map(({ path, data }) => ({ path, file: new File([typeof data === "string" ? data : Uint8Array.from(data)], "f") })),
          () => {},
        );
        const bytes = new Uint8Array(await zip.arrayBuffer());
        const extra = `source_name=${encodeURIComponent("my notes")}`;
        const preview = await sendImport("zip", bytes, { ...t, dryRun: true }, extra);
        if (!preview.ok || t.dryRun) return;
        const digest = preview.body.plan_digest as string;
        const storeTarget = t.storeId ? t : { ...t, storeId: null };
        await sendImport("zip", bytes, storeTarget, `${extra}&plan_digest=${digest}`);
      });
      await expectServerAlive(ctx);
    },
    timeoutFor(FOLDER_RUNS),
  );
});

type Edit =
  | { kind: "drop" | "repeat"; at: number }
  | { kind: "cut"; at: number; chars: number }
  | { kind: "swap"; at: number; with: number }
  | { kind: "field"; at: number; key: string; value: unknown }
  | { kind: "insert"; at: number; line: string };

function applyEdits(lines: readonly string[], edits: Edit[]): string[] {
  const out = [...lines];
  for (const edit of edits) {
    const at = edit.at % Math.max(1, out.length);
    if (edit.kind === "drop") out.splice(at, 1);
    else if (edit.kind === "repeat") out.splice(at, 0, out[at] ?? "");
    else if (edit.kind === "cut") out[at] = (out[at] ?? "").slice(0, edit.chars);
    else if (edit.kind === "swap") {
      const other = edit.with % Math.max(1, out.length);
      [out[at], out[other]] = [out[other] ?? "", out[at] ?? ""];
    } else if (edit.kind === "insert") out.splice(at, 0, edit.line);
    else if (edit.kind === "field") {
      try {
        out[at] = JSON.stringify({ ...(JSON.parse(out[at] ?? "{}") as object), [edit.key]: edit.value });
      } catch {
        // a line an earlier edit cut: left as it is
      }
    }
  }
  return out;
}

/** A tar of the entries (a link or symlink points at /etc/passwd). */
async function tarOf(entries: { name: string; type: string; body: string }[]): Promise<Uint8Array> {
  const tar = pack();
  const chunks: Buffer[] = [];
  tar.on("data", (c: unknown) => void chunks.push(c as Buffer));
  const ended = new Promise<void>((ok) => tar.on("end", () => ok()));
  for (const e of entries) {
    const type = e.type as "file";
    tar.entry({ name: e.name || "unnamed", type, linkname: type === "file" ? undefined : "/etc/passwd" }, type === "file" ? Buffer.from(e.body, "latin1") : "");
  }
  tar.finalize();
  await ended;
  return Buffer.concat(chunks);
}
