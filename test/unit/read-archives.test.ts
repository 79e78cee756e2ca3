// The archive readers' bounds (lib/archive/read-zip.ts, read-tar.ts), each refusal by the check
// that makes it: zips built record by record (test/helpers/craft-zip.ts) lie about exactly one
// thing, with data that would fail later (damaged deflate), so that a check that no longer runs
// first shows as another message.
import { zipSync } from "fflate";
import { randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";
import { pack } from "tar-stream";
import { describe, expect, it } from "vitest";
import { archiveFiles } from "../../lib/archive/archive-files.ts";
import { readTarGz } from "../../lib/archive/read-tar.ts";
import { readZip } from "../../lib/archive/read-zip.ts";
import { packZip } from "../../components/transfer/pack-zip.ts";
import { craftZip, type CraftEntry } from "../helpers/craft-zip.ts";

/** Deflate data that no inflater accepts (block type 3 is reserved). */
const DAMAGED = new Uint8Array([0xff, 0xff, 0xff, 0xff]);
const names = async (zip: Uint8Array) => (await readZip(zip)).map((e) => e.name);
const tiny = (count: number, method: number): CraftEntry[] =>
  Array.from({ length: count }, (_, i) => ({ name: `notes/${String(i).padStart(5, "0")}.md`, data: `n${i}`.padEnd(5 + (i % 4), "x"), method }));

describe("zip: the central directory is checked before anything is inflated", () => {
  it("the entry count comes from the end record, before the first entry is read", async () => {
    // One real entry, an end record that says 20,001: read entry by entry, it would be a damaged directory.
    await expect(readZip(craftZip([{ name: "a.md", data: "a" }], { declaredCount: 20_001 }))).rejects.toThrow(/more than 20000 entries/);
  });

  it("a declared size past the entry limit refuses the archive without inflating the entry", async () => {
    const zip = craftZip([{ name: "big.md", packed: DAMAGED, declaredSize: 2 * 1024 * 1024 }]);
    await expect(readZip(zip)).rejects.toThrow(/"big.md" unpacks to more than 1048576 bytes/);
  });

  it("declared sizes past the total, or past 200 times the archive, refuse it without inflating", async () => {
    // Two incompressible entries make the archive large enough for the ratio to allow the total.
    const padding = [0, 1].map((i) => ({ name: `pad${i}.md`, data: randomBytes(900 * 1024), method: 0 }));
    const many = Array.from({ length: 300 }, (_, i) => ({ name: `z${i}.md`, packed: DAMAGED, declaredSize: 900 * 1024 }));
    await expect(readZip(craftZip([...padding, ...many]))).rejects.toThrow(/unpacks to more than 268435456 bytes/);
    const few = Array.from({ length: 3 }, (_, i) => ({ name: `z${i}.md`, packed: DAMAGED, declaredSize: 900 * 1024 }));
    await expect(readZip(craftZip(few))).rejects.toThrow(/200 times its size/);
  });

  it("entries whose data overlap are refused (one region counted twice is how non-recursive bombs work)", async () => {
    // B's whole local record is A's stored content; the directory points at it inside A.
    const inner = craftZip([{ name: "b.md", data: "bee", method: 0 }]);
    const record = inner.subarray(0, 30 + 4 + 3);
    const zip = craftZip([
      { name: "a.md", data: record, method: 0 },
      { name: "b.md", data: "bee", method: 0, directoryOnlyAt: 30 + 4 },
    ]);
    await expect(readZip(zip)).rejects.toThrow(/entries overlap/);
  });

  it("encrypted entries and unknown methods are refused by name", async () => {
    await expect(readZip(craftZip([{ name: "a.md", data: "a", flags: 1 }]))).rejects.toThrow(/"a.md" is encrypted/);
    await expect(readZip(craftZip([{ name: "a.md", data: "a", method: 12 }]))).rejects.toThrow(/"a.md" uses compression method 12/);
  });

  it("a backslash in a name is refused, not turned into a folder", async () => {
    for (const utf8 of [false, true]) await expect(archiveFiles("zip", craftZip([{ name: "notes\\a.md", data: "a", utf8 }]))).rejects.toThrow(/backslash/);
  });
});

describe("zip: what unpacks must be what the directory says", () => {
  it("an entry that inflates past its declared size stops one byte past it", async () => {
    const zip = craftZip([{ name: "a.md", data: new Uint8Array(1024 * 1024), declaredSize: 10 }]);
    await expect(readZip(zip)).rejects.toThrow(/"a.md" unpacks to more than the 10 bytes its directory entry declares/);
  });

  it("an entry that inflates short of its declared size, or whose CRC-32 differs, is refused", async () => {
    await expect(readZip(craftZip([{ name: "a.md", data: "short", declaredSize: 10 }]))).rejects.toThrow(/unpacks to 5 bytes, not the 10/);
    await expect(readZip(craftZip([{ name: "a.md", data: "abc", method: 0, crc: 1234 }]))).rejects.toThrow(/"a.md" is damaged \(its CRC-32/);
    await expect(readZip(craftZip([{ name: "a.md", data: "abc", method: 8, crc: 1234 }]))).rejects.toThrow(/"a.md" is damaged \(its CRC-32/);
  });

  it("damaged deflate data and a local header that names another entry are refused cleanly", async () => {
    await expect(readZip(craftZip([{ name: "a.md", packed: DAMAGED, declaredSize: 3 }]))).rejects.toThrow(/"a.md" cannot be unpacked/);
    await expect(readZip(craftZip([{ name: "a.md", data: "a", localName: "b.md" }]))).rejects.toThrow(/central directory does not list/);
  });
});

describe("zip: the shapes real archivers write", () => {
  it("3,000 and 10,000 tiny entries, stored and deflated, read in full (no recursion per entry)", async () => {
    for (const count of [3_000, 10_000]) {
      for (const method of [0, 8]) {
        const entries = await readZip(craftZip(tiny(count, method)));
        expect(entries).toHaveLength(count);
        expect(Buffer.from(entries[count - 1]!.data).toString()).toMatch(/^n\d+x+$/);
      }
    }
  }, 60_000);

  it("ZIP64 records and data descriptors (streaming writers) read", async () => {
    const entries: CraftEntry[] = [
      { name: "a.md", data: "alpha" },
      { name: "b.md", data: "beta", method: 0 },
    ];
    for (const zip of [
      craftZip(entries, { zip64: true }),
      craftZip(entries.map((e) => ({ ...e, dataDescriptor: true }))),
      craftZip(
        entries.map((e) => ({ ...e, dataDescriptor: true })),
        { zip64: true },
      ),
    ]) {
      expect((await readZip(zip)).map((e) => [e.name, Buffer.from(e.data).toString()])).toEqual([
        ["a.md", "alpha"],
        ["b.md", "beta"],
      ]);
    }
  });

  it("the console's folder upload (fflate's streaming Zip with data descriptors) reads", async () => {
    const files = [
      { path: "/notes/a.md", file: new File(["a"], "a.md") },
      { path: "/notes/café.md", file: new File(["c"], "café.md") },
    ];
    const zip = new Uint8Array(await (await packZip(files, () => {})).arrayBuffer());
    expect(await names(zip)).toEqual(["notes/a.md", "notes/café.md"]);
  });

  it("names: UTF-8 flagged or not, CP437 when not UTF-8", async () => {
    expect(await names(craftZip([{ name: "café.md", data: "x", utf8: false }]))).toEqual(["café.md"]);
    expect(await names(craftZip([{ name: "café.md", data: "x", utf8: true }]))).toEqual(["café.md"]);
    // 0x82 is é in CP437, and not UTF-8 on its own.
    expect(await names(craftZip([{ name: "caf?.md", nameBytes: Buffer.from([0x63, 0x61, 0x66, 0x82, 0x2e, 0x6d, 0x64]), data: "x" }]))).toEqual(["café.md"]);
  });

  it("a zip inside a zip is a file like any other, not opened", async () => {
    const inner = zipSync({ "x.md": new Uint8Array(1000) });
    expect((await readZip(zipSync({ "inner.zip": inner }))).map((e) => e.data.byteLength)).toEqual([inner.byteLength]);
  });

  it("not a zip, an empty body, and truncated zips are refused cleanly", async () => {
    const zip = craftZip(tiny(20, 8));
    await expect(readZip(new Uint8Array())).rejects.toThrow(/not a zip archive/);
    await expect(readZip(new TextEncoder().encode("hello"))).rejects.toThrow(/not a zip archive/);
    for (let cut = 1; cut < zip.byteLength; cut += 37) {
      await expect(readZip(zip.subarray(0, cut))).rejects.toMatchObject({ code: "invalid_request" });
    }
  });
});

async function tarGzOf(entries: { name: string; body: string }[]): Promise<Uint8Array> {
  const tar = pack();
  const chunks: Buffer[] = [];
  tar.on("data", (c: unknown) => void chunks.push(c as Buffer));
  const ended = new Promise<void>((ok) => tar.on("end", () => ok()));
  for (const e of entries) tar.entry({ name: e.name }, e.body);
  tar.finalize();
  await ended;
  return gzipSync(Buffer.concat(chunks));
}

describe("tar.gz: streamed and counted as it unpacks", () => {
  it("3,000 and 10,000 tiny entries read in full", async () => {
    for (const count of [3_000, 10_000]) {
      const entries = await readTarGz(await tarGzOf(Array.from({ length: count }, (_, i) => ({ name: `n/${i}.md`, body: `n${i}xxxx` }))));
      expect(entries).toHaveLength(count);
    }
  }, 60_000);

  it("a header declaring more than the entry limit refuses the archive before its data is read", async () => {
    // The header says 2 MiB and the archive ends there: read on, it would be a truncated tar.
    const tar = pack();
    const chunks: Buffer[] = [];
    tar.on("data", (c: unknown) => void chunks.push(c as Buffer));
    tar.entry({ name: "big.md", size: 2 * 1024 * 1024 }).write(Buffer.alloc(1000));
    await new Promise((ok) => setImmediate(ok));
    const cut = Buffer.concat(chunks).subarray(0, 512 + 1000);
    expect(cut.byteLength).toBe(1512);
    await expect(readTarGz(gzipSync(cut))).rejects.toThrow(/"big.md" unpacks to more than 1048576 bytes/);
  });

  it("truncated or corrupted tar.gz is refused cleanly", async () => {
    const good = await tarGzOf(Array.from({ length: 30 }, (_, i) => ({ name: `n/${i}.md`, body: "x".repeat(i * 50) })));
    await expect(readTarGz(new Uint8Array())).rejects.toMatchObject({ code: "invalid_request" });
    for (let cut = 1; cut < good.byteLength; cut += 29) {
      await expect(readTarGz(good.subarray(0, cut))).rejects.toMatchObject({ code: "invalid_request" });
    }
    const flipped = Buffer.from(good);
    flipped[20] = flipped[20]! ^ 0xff;
    await expect(readTarGz(flipped)).rejects.toMatchObject({ code: "invalid_request" });
  });
});
