import { unzipSync } from "fflate";
import { gunzipSync } from "node:zlib";
import { extract } from "tar-stream";
import { describe, expect, it } from "vitest";
import { archiveFiles } from "../../lib/archive/archive-files.ts";
import { entryNameProblem } from "../../lib/archive/safe-entry-name.ts";
import { tarGzWriter } from "../../lib/archive/tar-writer.ts";
import { ZipWriter } from "../../lib/archive/zip-writer.ts";

// Issue 21: the archive writers never name an entry outside the folder it unpacks into, nor one
// the import's reader would refuse, whatever their caller hands them.
const UNSAFE = [
  "/etc/passwd",
  "C:/Windows/x.md",
  "memories/../../escape.md",
  "../x.md",
  "memories/./a.md",
  "memories//a.md",
  "memories/a/",
  "memories\\..\\x.md",
  "memories/a\u0000b.md",
  "memories/a\nb.md",
  "memories/a\u200bb.md",
  "memories/cafe\u0301.md",
  "",
  "memories/" + "a".repeat(3000),
];

describe("archive entry names", () => {
  it("unsafe names are named as such; the export's own are not", () => {
    for (const name of UNSAFE) expect(entryNameProblem(name), JSON.stringify(name)).not.toBeNull();
    for (const name of ["manifest.json", "memories/a.md", "memories/notes/ünïcode — ✓.md", "memories/.hidden", "memories/a b/c.md"]) {
      expect(entryNameProblem(name), name).toBeNull();
    }
  });

  it("the zip writer refuses every unsafe name and writes the rest", () => {
    const zip = new ZipWriter();
    for (const name of UNSAFE) expect(() => zip.add(name, new Uint8Array([1]), new Date()), JSON.stringify(name)).toThrow(/Refusing to write archive entry/);
    zip.add("memories/ok.md", new TextEncoder().encode("ok"), new Date());
    zip.end();
    const chunks: Uint8Array[] = [];
    for (let c = zip.take(); c; c = zip.take()) chunks.push(c);
    expect(Object.keys(unzipSync(Buffer.concat(chunks)))).toEqual(["memories/ok.md"]);
  });

  it("the tar writer refuses every unsafe name", async () => {
    const tar = tarGzWriter();
    for (const name of UNSAFE) expect(() => tar.entry(name, new Uint8Array([1]), new Date()), JSON.stringify(name)).toThrow(/Refusing to write archive entry/);
    const written = new Response(tar.stream).arrayBuffer();
    await tar.entry("memories/ok.md", new TextEncoder().encode("ok"), new Date());
    tar.finish();
    const names: string[] = [];
    const reader = extract();
    reader.on("entry", (header, stream, next) => {
      names.push(header.name);
      stream.resume();
      stream.on("end", next);
    });
    const finished = new Promise<void>((ok) => reader.on("finish", () => ok()));
    reader.end(gunzipSync(Buffer.from(await written)));
    await finished;
    expect(names).toEqual(["memories/ok.md"]);
  });
});

describe("what the writers write, the import reads", () => {
  async function zipOf(files: [string, string][]) {
    const zip = new ZipWriter();
    const chunks: Uint8Array[] = [];
    for (const [name, text] of files) {
      zip.add(name, new TextEncoder().encode(text), new Date());
      for (let c = zip.take(); c; c = zip.take()) chunks.push(c);
    }
    zip.end();
    for (let c = zip.take(); c; c = zip.take()) chunks.push(c);
    return Buffer.concat(chunks);
  }
  async function tarGzOf(files: [string, string][]) {
    const tar = tarGzWriter();
    const written = new Response(tar.stream).arrayBuffer();
    for (const [name, text] of files) await tar.entry(name, new TextEncoder().encode(text), new Date());
    tar.finish();
    return Buffer.from(await written);
  }

  it("notes that compress past the import's zip-bomb ratio are written so that the import still accepts them", async () => {
    // Twenty memories of 100 kB of one letter: deflated, a 5.6 kB zip that unpacks 350 times its size.
    const repetitive: [string, string][] = Array.from({ length: 20 }, (_, i) => [`notes/a${i}.md`, "a".repeat(100_000)]);
    for (const [format, bytes] of [
      ["zip", await zipOf(repetitive)],
      ["tar.gz", await tarGzOf(repetitive)],
    ] as const) {
      const read = await archiveFiles(format, bytes);
      expect(read.files.map((f) => f.path)).toEqual(repetitive.map(([name]) => `/${name}`));
      expect(Buffer.from(read.files[19]!.data as Uint8Array).toString()).toBe("a".repeat(100_000));
    }
    // Ordinary notes are still compressed.
    const words = ["plan", "call", "milk", "flight", "review", "budget", "team", "notes", "draft", "send", "Bob", "Ana", "friday", "fix", "deploy", "read"];
    let seed = 7;
    const word = () => words[(seed = (seed * 1103515245 + 12345) % 2 ** 31) % words.length];
    const ordinary: [string, string][] = Array.from({ length: 200 }, (_, i) => [`n/${i}.md`, `# Note ${i}\n\n` + Array.from({ length: 1200 }, word).join(" ")]);
    const unpacked = ordinary.reduce((n, [, text]) => n + text.length, 0);
    expect((await zipOf(ordinary)).byteLength).toBeLessThan(unpacked / 5);
    expect((await tarGzOf(ordinary)).byteLength).toBeLessThan(unpacked / 5);
  });
});
