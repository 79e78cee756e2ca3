import { Zip, ZipDeflate } from "fflate";
import { Readable } from "node:stream";
import { createGzip } from "node:zlib";
import { pack as tarPack } from "tar-stream";
import type { Db } from "../memory/db.ts";
import { memoryPagesInPathOrder, versionPagesInOrder } from "../memory/export/read-store.ts";
import type { StoreRecord } from "../memory/stores/get-store.ts";
import { ARCHIVE_MEMORY_FOLDER, MANIFEST_NAME, type ExportFormat } from "./formats.ts";
import { memoryLine, storeLine, versionLine } from "./lines.ts";
import { manifestFile, manifestOf, type ManifestFile } from "./manifest.ts";

/**
 * A store as a byte stream in one of the export formats. Streams are pulled: the next page of
 * the store is read only when the reader wants more bytes, so memory stays constant and a slow
 * client slows the export instead of filling the server's memory.
 */
export function exportStream(db: Db, store: StoreRecord, format: ExportFormat): ReadableStream<Uint8Array> {
  if (format === "jsonl") return pulled(jsonLines(db, store));
  if (format === "zip") return pulled(zipChunks(db, store));
  return tarGz(db, store);
}

const utf8 = (text: string): Uint8Array => Buffer.from(text, "utf8");
const archiveName = (path: string) => ARCHIVE_MEMORY_FOLDER + path;

function pulled(chunks: AsyncGenerator<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

/** Lines are sent in chunks of ~64 kB: each chunk costs a trip through the response's streams. */
const CHUNK = 64 * 1024;

async function* jsonLines(db: Db, store: StoreRecord): AsyncGenerator<Uint8Array> {
  let batch = storeLine(store);
  for await (const page of memoryPagesInPathOrder(db, store.id)) {
    for (const memory of page) batch += memoryLine(memory);
    if (batch.length > CHUNK) {
      yield utf8(batch);
      batch = "";
    }
  }
  for await (const page of versionPagesInOrder(db, store.id)) {
    for (const version of page) {
      batch += versionLine(version);
      if (batch.length > CHUNK) {
        yield utf8(batch);
        batch = "";
      }
    }
  }
  if (batch) yield utf8(batch);
}

async function* zipChunks(db: Db, store: StoreRecord): AsyncGenerator<Uint8Array> {
  let out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  const add = (name: string, data: Uint8Array, mtime: Date) => {
    const file = new ZipDeflate(name, { level: 6 });
    file.mtime = mtime;
    zip.add(file);
    file.push(data, true);
  };
  const files: ManifestFile[] = [];
  for await (const page of memoryPagesInPathOrder(db, store.id)) {
    for (const memory of page) {
      add(archiveName(memory.path), utf8(memory.content), memory.updatedAt);
      files.push(manifestFile(memory));
      if (failure) throw failure;
      if (out.length > 0) {
        yield concat(out);
        out = [];
      }
    }
  }
  add(MANIFEST_NAME, utf8(JSON.stringify(manifestOf(store, files), null, 2) + "\n"), new Date());
  zip.end();
  if (failure) throw failure;
  if (out.length > 0) yield concat(out);
}

function concat(chunks: Uint8Array[]): Uint8Array {
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

function tarGz(db: Db, store: StoreRecord): ReadableStream<Uint8Array> {
  const pack = tarPack();
  const gzip = createGzip();
  // Each entry resolves once the pack has taken its bytes, which waits while the reader is behind.
  const entry = (name: string, data: Uint8Array, mtime: Date) =>
    new Promise<void>((ok, fail) => pack.entry({ name, size: data.byteLength, mtime, mode: 0o644 }, Buffer.from(data), (e) => (e ? fail(e) : ok())));
  (async () => {
    const files: ManifestFile[] = [];
    for await (const page of memoryPagesInPathOrder(db, store.id)) {
      for (const memory of page) {
        await entry(archiveName(memory.path), utf8(memory.content), memory.updatedAt);
        files.push(manifestFile(memory));
      }
    }
    await entry(MANIFEST_NAME, utf8(JSON.stringify(manifestOf(store, files), null, 2) + "\n"), new Date());
    pack.finalize();
  })().catch((error: Error) => gzip.destroy(error));
  return Readable.toWeb(pack.pipe(gzip)) as ReadableStream<Uint8Array>;
}
