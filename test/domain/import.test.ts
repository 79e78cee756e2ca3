import { DEFAULT_WORKSPACE_ID } from "@/lib/memory/workspace.ts";
import { Zip, ZipPassThrough, zipSync, type Zippable } from "fflate";
import { randomBytes } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { pack } from "tar-stream";
import { describe, expect, it } from "vitest";
import { archiveFiles } from "../../lib/archive/archive-files.ts";
import { UnpackBudget } from "../../lib/archive/entry-names.ts";
import { ARCHIVE_LIMITS } from "../../lib/archive/limits.ts";
import { importFiles } from "../../lib/memory/import/import-files.ts";
import { importHistory } from "../../lib/memory/import/import-history.ts";
import { getImportItems, getImportReport, listImportReports } from "../../lib/memory/import/import-rows.ts";
import { LIMITS } from "../../lib/memory/limits.ts";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { listMemories } from "../../lib/memory/memories/list-memories.ts";
import { updateMemory } from "../../lib/memory/memories/update-memory.ts";
import { setReviewPolicy } from "../../lib/memory/review/settings.ts";
import { getStore } from "../../lib/memory/stores/get-store.ts";
import { listVersions } from "../../lib/memory/versions/list-versions.ts";
import { API_ACTOR, newStore, useFreshDatabase } from "./database.ts";

const t = useFreshDatabase();
const text = (s: string) => new TextEncoder().encode(s);

async function paths(storeId: string): Promise<Record<string, string>> {
  const page = await listMemories(t.db, { storeId, prefix: "/", depth: 0, withContent: true, limit: 100 });
  return Object.fromEntries(page.items.map((i) => (i.kind === "memory" ? [i.memory.path, (i.memory as { content: string }).content] : [i.path, ""])));
}
const base = { onConflict: "fail" as const, actor: API_ACTOR, source: "folder" };

describe("import of files", () => {
  it("lands whole or not at all: one bad file refuses everything, and the dry run names it", async () => {
    const storeId = await newStore(t.db);
    const files = [
      { path: "/a.md", data: text("a") },
      { path: "/b.md", data: new Uint8Array([0xff, 0xfe, 0x00]) },
      { path: "/big.md", data: new Uint8Array(LIMITS.memoryContentBytes + 1).fill(0x61) },
      { path: "/x/../y.md", data: text("y") },
    ];
    const preview = await importFiles(t.db, { ...base, target: { storeId }, files, dryRun: true });
    expect(preview.counts).toMatchObject({ create: 1, refused: 3 });
    expect(preview.plan.items.find((i) => i.path === "/b.md")?.problem).toMatch(/UTF-8/);
    expect(preview.plan.items.find((i) => i.path === "/big.md")?.problem).toMatch(/100 kB/);
    expect(preview.plan.items.find((i) => i.path === "/x/../y.md")?.problem).toMatch(/'\.\.'/);
    await expect(importFiles(t.db, { ...base, target: { storeId }, files })).rejects.toMatchObject({ code: "invalid_request" });
    expect(await paths(storeId)).toEqual({});
    expect((await listVersions(t.db, { storeId, withContent: false, limit: 10 })).items).toHaveLength(0);
  });

  it("skip problems: the files without one land, the refused ones are left out, only against the confirmed dry run", async () => {
    const storeId = await newStore(t.db);
    const files = [
      { path: "/a.md", data: text("a") },
      { path: "/b.md", data: new Uint8Array([0xff, 0xfe, 0x00]) },
      { path: "/c.md", data: text("c") },
    ];
    const preview = await importFiles(t.db, { ...base, target: { storeId }, files, dryRun: true });
    await expect(importFiles(t.db, { ...base, target: { storeId }, files, skipProblems: true })).rejects.toMatchObject({
      code: "invalid_request",
      message: expect.stringMatching(/plan_digest/),
    });
    // The store changed since the preview: nothing is written.
    await createMemory(t.db, { storeId, path: "/c.md", content: "other", actor: API_ACTOR });
    await expect(importFiles(t.db, { ...base, target: { storeId }, files, skipProblems: true, expectedDigest: preview.plan.digest })).rejects.toMatchObject({
      code: "precondition_failed",
    });
    expect(await paths(storeId)).toEqual({ "/c.md": "other" });

    const again = await importFiles(t.db, { ...base, onConflict: "skip", target: { storeId }, files, dryRun: true });
    const done = await importFiles(t.db, { ...base, onConflict: "skip", target: { storeId }, files, skipProblems: true, expectedDigest: again.plan.digest });
    expect(done.counts).toMatchObject({ create: 1, skip: 1, refused: 1 });
    expect(await paths(storeId)).toEqual({ "/a.md": "a", "/c.md": "other" });
    expect(done.report?.counts).toMatchObject({ create: 1, skip: 1, refused: 1 });
  });

  it("a new store is created in the import's transaction: a refused import leaves no store", async () => {
    const before = (await t.db.sql.$queryRaw<{ n: number | bigint }[]>`SELECT COUNT(*) AS n FROM memory_stores`)[0]!.n;
    const files = [
      { path: "/a", data: text("a") },
      { path: "/a/b", data: text("b") },
    ];
    await expect(importFiles(t.db, { ...base, target: { newStore: { name: "never" } }, files })).rejects.toMatchObject({ code: "invalid_request" });
    const after = (await t.db.sql.$queryRaw<{ n: number | bigint }[]>`SELECT COUNT(*) AS n FROM memory_stores`)[0]!.n;
    expect(Number(after)).toBe(Number(before));
    const ok = await importFiles(t.db, { ...base, target: { newStore: { name: "fresh" } }, files: [{ path: "/n/a.md", data: text("1") }] });
    expect((await getStore(t.db.read, ok.storeId!)).memoryCount).toBe(1);
  });

  it("existing paths: skip, fail, or overwrite conditional on the hashes the dry run saw", async () => {
    const storeId = await newStore(t.db);
    const kept = await createMemory(t.db, { storeId, path: "/a.md", content: "old", actor: API_ACTOR });
    await createMemory(t.db, { storeId, path: "/same.md", content: "same", actor: API_ACTOR });
    const files = [
      { path: "/a.md", data: text("new") },
      { path: "/same.md", data: text("same") },
      { path: "/c.md", data: text("c") },
    ];
    await expect(importFiles(t.db, { ...base, target: { storeId }, files })).rejects.toThrow(/on_conflict=fail/);
    const skipped = await importFiles(t.db, { ...base, onConflict: "skip", target: { storeId }, files });
    expect(skipped.counts).toMatchObject({ create: 1, skip: 1, unchanged: 1 });
    expect(await paths(storeId)).toEqual({ "/a.md": "old", "/same.md": "same", "/c.md": "c" });

    const preview = await importFiles(t.db, { ...base, onConflict: "overwrite", target: { storeId }, files, dryRun: true });
    await expect(importFiles(t.db, { ...base, onConflict: "overwrite", target: { storeId }, files })).rejects.toThrow(/dry run/);
    // Someone writes the memory after the preview: the overwrite refuses and nothing is lost.
    await updateMemory(t.db, { storeId, memoryId: kept.id, content: "concurrent", actor: API_ACTOR });
    await expect(
      importFiles(t.db, { ...base, onConflict: "overwrite", target: { storeId }, files, expectedDigest: preview.plan.digest }),
    ).rejects.toMatchObject({ code: "precondition_failed" });
    expect((await paths(storeId))["/a.md"]).toBe("concurrent");
    const again = await importFiles(t.db, { ...base, onConflict: "overwrite", target: { storeId }, files, dryRun: true });
    const done = await importFiles(t.db, { ...base, onConflict: "overwrite", target: { storeId }, files, expectedDigest: again.plan.digest });
    expect(done.counts).toMatchObject({ overwrite: 1, unchanged: 2 });
    expect((await paths(storeId))["/a.md"]).toBe("new");
    const versions = (await listVersions(t.db, { storeId, memoryId: kept.id, withContent: false, limit: 10 })).items;
    expect(versions.map((v) => v.operation)).toEqual(["modified", "modified", "created"]);
    expect(versions[0]).toMatchObject({ importedFrom: "folder", createdByType: "api_actor" });
  });

  it("overlaps with the store and within the import, duplicates, and the 10,000-memory limit are per-file problems", async () => {
    const storeId = await newStore(t.db);
    await createMemory(t.db, { storeId, path: "/notes", content: "file", actor: API_ACTOR });
    const preview = await importFiles(t.db, {
      ...base,
      target: { storeId },
      dryRun: true,
      files: [
        { path: "/notes/a.md", data: text("under a file") },
        { path: "/d", data: text("d") },
        { path: "/d/e.md", data: text("e") },
        { path: "/twice.md", data: text("1") },
        { path: "/twice.md", data: text("2") },
      ],
    });
    const problems = Object.fromEntries(preview.plan.items.map((i) => [i.path, i.problem]));
    expect(problems["/notes/a.md"]).toMatch(/is a memory in the store/);
    expect(problems["/d"]).toMatch(/folder of other imported files/);
    expect(problems["/d/e.md"]).toMatch(/also imported as a file/);
    expect(preview.plan.items.filter((i) => i.path === "/twice.md").some((i) => /more than once/.test(i.problem ?? ""))).toBe(true);

    // Fill the store to the limit with one import (one transaction), then one more is refused.
    const many = Array.from({ length: LIMITS.memoriesPerStore }, (_, i) => ({ path: `/m/${i}.md`, data: `${i}` }));
    const full = await newStore(t.db);
    expect((await importFiles(t.db, { ...base, target: { storeId: full }, files: many })).counts.create).toBe(LIMITS.memoriesPerStore);
    const over = await importFiles(t.db, { ...base, target: { storeId: full }, files: [{ path: "/one-more.md", data: "x" }], dryRun: true });
    expect(over.plan.items[0]!.problem).toMatch(/10,000/);
  }, 120_000);
});

describe("batched creates", () => {
  it("an import writes the rows one-by-one creates would: one created version each, the memory count; it opens no review items (deliberate)", async () => {
    type Row = Record<string, unknown>;
    const snapshot = async (storeId: string) => {
      const memories = await t.db.sql.$queryRaw<
        Row[]
      >`SELECT path, content, content_sha256, content_size_bytes FROM memories WHERE store_id = ${storeId} ORDER BY path`;
      const versions = await t.db.sql.$queryRaw<Row[]>`
        SELECT v.path, v.operation, v.content_sha256, v.content_size_bytes, v.created_by_type, v.created_by_id, v.api_key_id, v.id = m.memory_version_id AS head
        FROM memory_versions v JOIN memories m ON m.id = v.memory_id WHERE v.store_id = ${storeId} ORDER BY v.path`;
      const review = await t.db.sql.$queryRaw<Row[]>`
        SELECT r.path, r.settled_version_id, r.settled_path, r.head_version_id = m.memory_version_id AS head, r.head_operation, r.change, r.version_count,
          r.last_actor_type, r.last_actor_id, r.last_api_key_id
        FROM review_items r JOIN memories m ON m.id = r.memory_id WHERE r.store_id = ${storeId} ORDER BY r.path`;
      const count = (await getStore(t.db.read, storeId)).memoryCount;
      return JSON.parse(JSON.stringify({ memories, versions, review, count }, (_, v) => (typeof v === "bigint" ? Number(v) : v))) as unknown;
    };
    const files = Array.from({ length: 250 }, (_, i) => ({ path: `/b/${i % 7}/n${i}.md`, data: `note ${i}` }));
    const user = { type: "user_actor" as const, user_id: "user_domaintest" };
    for (const [policy, actor, reviewed] of [
      ["agents", API_ACTOR, 250],
      ["nobody", API_ACTOR, 0],
      ["agents", user, 0],
      ["everyone", user, 250],
    ] as const) {
      const [imported, oneByOne] = [await newStore(t.db), await newStore(t.db)];
      await setReviewPolicy(t.db, imported, policy);
      await setReviewPolicy(t.db, oneByOne, policy);
      await importFiles(t.db, { ...base, actor, target: { storeId: imported }, files });
      for (const f of files) await createMemory(t.db, { storeId: oneByOne, path: f.path, content: f.data, actor });
      const [a, b] = [(await snapshot(imported)) as { review: unknown[] }, (await snapshot(oneByOne)) as { review: unknown[] }];
      // The one-by-one creates open items by the store's policy; the import, a deliberate act of a reviewer or admin, none.
      expect(b.review).toHaveLength(reviewed);
      expect(a.review).toEqual([]);
      expect({ ...a, review: [] }).toEqual({ ...b, review: [] });
    }
  }, 60_000);
});

describe("import reports", () => {
  it("an import that writes leaves a report (who, when, source, store, counts, every version id) in its transaction; a dry run or a refusal leaves none", async () => {
    const storeId = await newStore(t.db);
    await createMemory(t.db, { storeId, path: "/a.md", content: "old", actor: API_ACTOR });
    const files = [
      { path: "/a.md", data: text("new") },
      { path: "/b.md", data: text("b") },
    ];
    const reports = async () => (await listImportReports(t.db.sql, { scope: { workspaceId: DEFAULT_WORKSPACE_ID, storeIds: [storeId] }, limit: 100 })).items;
    await importFiles(t.db, { ...base, onConflict: "skip", target: { storeId }, files, dryRun: true });
    await expect(importFiles(t.db, { ...base, target: { storeId }, files })).rejects.toThrow(/on_conflict=fail/);
    expect(await reports()).toEqual([]);
    const done = await importFiles(t.db, { ...base, onConflict: "skip", sourceName: "notes.zip", source: "zip", target: { storeId }, files });
    expect(await reports()).toHaveLength(1);
    const report = await getImportReport(t.db.sql, done.report!.id, DEFAULT_WORKSPACE_ID);
    expect(report).toMatchObject({
      storeId,
      source: "zip",
      sourceName: "notes.zip",
      onConflict: "skip",
      withHistory: false,
      newStore: false,
      createdBy: API_ACTOR,
      counts: { create: 1, skip: 1 },
      memoriesWritten: 1,
      versionsWritten: 1,
    });
    const memories = await listMemories(t.db, { storeId, prefix: "/", depth: 0, withContent: false, limit: 100 });
    const b = memories.items.find((i) => i.kind === "memory" && i.memory.path === "/b.md")!;
    expect(await getImportItems(t.db.sql, report.id)).toEqual([
      {
        memoryId: (b as { memory: { id: string } }).memory.id,
        versionId: (b as { memory: { memoryVersionId: string } }).memory.memoryVersionId,
        action: "create",
      },
    ]);
  });
});

describe("hostile archives", () => {
  it("zip-slip, absolute paths, non-NFC names and zip bombs are refused whole", async () => {
    const refused = async (files: Record<string, Uint8Array>, message: RegExp) => expect(archiveFiles("zip", zipSync(files))).rejects.toThrow(message);
    await refused({ "../evil.md": text("x") }, /climbs out/);
    await refused({ "/etc/passwd": text("x") }, /absolute path/);
    await refused({ "cafe\u0301.md": text("x") }, /NFC/);
    await refused({ "bomb.md": new Uint8Array(2 * 1024 * 1024) }, /unpacks to more than/);
    // The entry cap on its own: incompressible, so neither the ratio nor the total is crossed.
    await refused({ "big.md": randomBytes(ARCHIVE_LIMITS.entryBytes + 100) }, /"big.md" unpacks to more than 1048576 bytes/);
    const ok = await archiveFiles("zip", zipSync({ "notes/a.md": text("a"), "__MACOSX/x": text("junk") }));
    expect(ok.files.map((f) => f.path)).toEqual(["/notes/a.md"]);
  });

  it("a symlink in a zip (Unix external attributes with S_IFLNK) is refused; Unix-made plain files and folders read", async () => {
    const unix = (mode: number) => ({ os: 3, attrs: (mode << 16) >>> 0 });
    const link: Zippable = { "notes/a.md": [text("a"), unix(0o100644)], "notes/passwd.md": [text("/etc/passwd"), unix(0o120777)] };
    await expect(archiveFiles("zip", zipSync(link))).rejects.toThrow(/"notes\/passwd.md" is a symbolic link/);
    const fifo: Zippable = { "pipe.md": [text(""), unix(0o010644)] };
    await expect(archiveFiles("zip", zipSync(fifo))).rejects.toThrow(/not a regular file/);
    const plain: Zippable = { "notes/": [new Uint8Array(), unix(0o040755)], "notes/a.md": [text("a"), unix(0o100644)] };
    expect((await archiveFiles("zip", zipSync(plain))).files.map((f) => f.path)).toEqual(["/notes/a.md"]);
  });

  it("duplicate names, 100,000 tiny entries, and a central directory that disagrees with the entries are refused", async () => {
    await expect(
      archiveFiles(
        "zip",
        zipOf([
          ["a.md", "1"],
          ["a.md", "2"],
        ]),
      ),
    ).rejects.toThrow(/more than once/);
    const tiny = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`n/${i}.md`, new Uint8Array()]));
    await expect(archiveFiles("zip", zipSync(tiny, { level: 0 }))).rejects.toThrow(/more than 20000 entries/);
    // The same entries, one renamed in the central directory only: tools would disagree on what it holds.
    const bytes = zipSync({ "a.md": text("a") });
    const renamed = Buffer.from(bytes);
    renamed.set(text("b"), renamed.lastIndexOf(Buffer.from("a.md")));
    await expect(archiveFiles("zip", renamed)).rejects.toThrow(/central directory does not list/);
    // Cut short before its central directory: what the entries are cannot be known, so it is refused.
    const cut = bytes.subarray(0, Buffer.from(bytes).indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])));
    await expect(archiveFiles("zip", cut)).rejects.toThrow(/no central directory/);
  }, 60_000);

  it("zip bombs: the unpacked total over 200 times the archive, and past 256 MiB in all, are refused (zip: from the declared sizes, before inflating)", async () => {
    const zeros = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`z${i}.md`, new Uint8Array(900 * 1024)]));
    await expect(archiveFiles("zip", zipSync(zeros))).rejects.toThrow(/200 times its size/);
    // The total cap on its own (an archive large enough to pass the ratio): counted as bytes unpack.
    const budget = new UnpackBudget(ARCHIVE_LIMITS.totalBytes);
    for (let i = 0; i < 256; i++) budget.bytes(`f${i}`, 1024 * 1024, 1024 * 1024);
    expect(() => budget.bytes("one-more", 1, 1)).toThrow(/unpacks to more than 268435456 bytes/);
  });
});

/** A zip that may repeat a name (zipSync takes an object, so it cannot). */
function zipOf(files: [string, string][]): Uint8Array {
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  for (const [name, body] of files) {
    const file = new ZipPassThrough(name);
    zip.add(file);
    file.push(text(body), true);
  }
  zip.end();
  return Buffer.concat(chunks);
}

async function tarGz(entries: { name: string; type?: "file" | "symlink" | "link"; linkname?: string; body?: string }[]): Promise<Uint8Array> {
  const tar = pack();
  const chunks: Buffer[] = [];
  tar.on("data", (c: unknown) => void chunks.push(c as Buffer));
  const ended = new Promise<void>((ok) => tar.on("end", () => ok()));
  for (const e of entries) tar.entry({ name: e.name, type: e.type ?? "file", linkname: e.linkname }, e.body ?? "");
  tar.finalize();
  await ended;
  return gzipSync(Buffer.concat(chunks));
}

/** `count` empty files in one tar.gz: tar-stream's header for one, copied with each name (tar-stream takes ~20 s for 100,000). */
async function tinyTarGz(count: number): Promise<Uint8Array> {
  const one = Buffer.from(gunzipSync(await tarGz([{ name: "n/0.md" }]))).subarray(0, 512);
  const tar = Buffer.alloc(count * 512 + 1024);
  for (let i = 0; i < count; i++) {
    const header = tar.subarray(i * 512, i * 512 + 512);
    one.copy(header);
    header.fill(0, 0, 100).write(`n/${i}.md`, 0, "utf8");
    header.fill(0x20, 148, 156);
    const sum = header.reduce((a, b) => a + b, 0);
    header.write(sum.toString(8).padStart(6, "0") + "\0 ", 148, "latin1");
  }
  return gzipSync(tar);
}

describe("hostile tar archives", () => {
  it("symlinks, hard links, duplicates, '..', absolute and non-NFC names, 100,000 entries are refused whole; plain files read", async () => {
    await expect(archiveFiles("tar.gz", await tarGz([{ name: "a.md", type: "symlink", linkname: "/etc/passwd" }]))).rejects.toThrow(/is a symlink/);
    await expect(archiveFiles("tar.gz", await tarGz([{ name: "a.md", type: "link", linkname: "b.md" }]))).rejects.toThrow(/is a link/);
    await expect(archiveFiles("tar.gz", await tarGz([{ name: "a.md" }, { name: "a.md" }]))).rejects.toThrow(/more than once/);
    await expect(archiveFiles("tar.gz", await tarGz([{ name: "x/../../a.md" }]))).rejects.toThrow(/climbs out/);
    await expect(archiveFiles("tar.gz", await tarGz([{ name: "/etc/passwd" }]))).rejects.toThrow(/absolute path/);
    await expect(archiveFiles("tar.gz", await tarGz([{ name: "cafe\u0301.md" }]))).rejects.toThrow(/NFC/);
    await expect(archiveFiles("tar.gz", gzipSync(Buffer.alloc(64 * 1024 * 1024)))).rejects.toThrow(/bomb/);
    await expect(archiveFiles("tar.gz", await tinyTarGz(100_000))).rejects.toThrow(/more than 20000 entries/);
    const ok = await archiveFiles("tar.gz", await tarGz([{ name: "notes/a.md", body: "a" }]));
    expect(ok.files.map((f) => [f.path, Buffer.from(f.data as Uint8Array).toString()])).toEqual([["/notes/a.md", "a"]]);
  });
});

describe("import with history", () => {
  it("replays versions in order with their operation, author and time, and redactions stay redacted", async () => {
    const versions = [
      {
        id: "memver_1",
        memoryId: "mem_a",
        operation: "created" as const,
        path: "/a.md",
        content: "one",
        createdAt: new Date("2026-01-01T00:00:00Z"),
        createdBy: { type: "user_actor" as const, user_id: "user_x" },
        redactedAt: null,
        redactedBy: null,
      },
      {
        id: "memver_2",
        memoryId: "mem_a",
        operation: "modified" as const,
        path: null,
        content: null,
        createdAt: new Date("2026-01-02T00:00:00Z"),
        createdBy: API_ACTOR,
        redactedAt: new Date("2026-01-05T00:00:00Z"),
        redactedBy: { type: "user_actor" as const, user_id: "user_x" },
      },
      {
        id: "memver_3",
        memoryId: "mem_a",
        operation: "modified" as const,
        path: "/b.md",
        content: "three",
        createdAt: new Date("2026-01-03T00:00:00Z"),
        createdBy: API_ACTOR,
        redactedAt: null,
        redactedBy: null,
      },
      {
        id: "memver_4",
        memoryId: "mem_c",
        operation: "created" as const,
        path: "/c.md",
        content: "c",
        createdAt: new Date("2026-01-03T00:00:01Z"),
        createdBy: API_ACTOR,
        redactedAt: null,
        redactedBy: null,
      },
      {
        id: "memver_5",
        memoryId: "mem_c",
        operation: "deleted" as const,
        path: "/c.md",
        content: null,
        createdAt: new Date("2026-01-04T00:00:00Z"),
        createdBy: API_ACTOR,
        redactedAt: null,
        redactedBy: null,
      },
    ];
    const expected = [{ path: "/b.md", contentSha256: "8b5b9db0c13db24256c829aa364aa90c6d2eba318b9232a4ab9313b954d3555f" }];
    const dry = await importHistory(t.db, {
      target: { newStore: { name: "history" } },
      versions,
      expected,
      actor: API_ACTOR,
      attribution: "file",
      dryRun: true,
    });
    expect(dry).toMatchObject({ dryRun: true, storeId: null, memories: expected });
    const done = await importHistory(t.db, { target: { newStore: { name: "history" } }, versions, expected, actor: API_ACTOR, attribution: "file" });
    const got = (await listVersions(t.db, { storeId: done.storeId!, withContent: true, limit: 10 })).items.reverse();
    expect(
      got.map((v) => [
        v.operation,
        v.path,
        "content" in v ? v.content : undefined,
        v.createdAt.toISOString(),
        v.createdByType,
        v.importedFrom,
        v.redactedAt?.toISOString() ?? null,
      ]),
    ).toEqual([
      ["created", "/a.md", "one", "2026-01-01T00:00:00.000Z", "user_actor", "jsonl:memver_1", null],
      ["modified", null, null, "2026-01-02T00:00:00.000Z", "api_actor", "jsonl:memver_2", "2026-01-05T00:00:00.000Z"],
      ["modified", "/b.md", "three", "2026-01-03T00:00:00.000Z", "api_actor", "jsonl:memver_3", null],
      ["created", "/c.md", "c", "2026-01-03T00:00:01.000Z", "api_actor", "jsonl:memver_4", null],
      ["deleted", "/c.md", null, "2026-01-04T00:00:00.000Z", "api_actor", "jsonl:memver_5", null],
    ]);
    expect(await paths(done.storeId!)).toEqual({ "/b.md": "three" });
    expect(dry.report).toBeNull();
    expect(done.report).toMatchObject({ storeId: done.storeId, source: "jsonl", withHistory: true, newStore: true, versionsWritten: 5, memoriesWritten: 1 });
    expect((await getImportItems(t.db.sql, done.report!.id)).map((i) => i.action)).toEqual(["created", "modified", "modified", "created", "deleted"]);
    // A history that does not end with its memories is refused, nothing written.
    await expect(importHistory(t.db, { target: { newStore: { name: "bad" } }, versions, expected: [], actor: API_ACTOR, attribution: "file" })).rejects.toThrow(
      /does not end with its memories/,
    );
  });
});
