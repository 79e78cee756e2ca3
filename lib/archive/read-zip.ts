import { Unzip, type AsyncFlateStreamHandler, type FlateError, type UnzipDecoder } from "fflate";
import { inflateRawSync } from "node:zlib";
import { invalidRequest } from "../memory/errors.ts";
import { letOthersRun } from "../memory/let-others-run.ts";
import { isJunk, UnpackBudget, type ArchiveEntry } from "./entry-names.ts";
import { ARCHIVE_LIMITS } from "./limits.ts";
import { assertPlainZipEntries, readZipDirectory } from "./zip-directory.ts";

/**
 * The files of a zip, read by fflate's streaming reader and inflated entry by entry (below), so
 * that every byte is counted against the budget as it unpacks (declared sizes in a zip can
 * lie) and no entry unpacks past the entry limit. Fed in slices with a
 * yield between them, so a large upload does not hold the event loop. The central directory is
 * read first for what the entries are (symlinks are refused), and must name the same entries
 * as the local headers the stream reads: a zip whose two lists differ reads differently in
 * different tools, so it is refused.
 */
export async function readZip(data: Uint8Array): Promise<ArchiveEntry[]> {
  const directory = readZipDirectory(data);
  // Without its central directory a zip cannot say what its entries are (symlinks included).
  if (!directory)
    throw invalidRequest(looksLikeZip(data) ? "The zip archive has no central directory (was it cut short?)." : "The upload is not a zip archive.");
  assertPlainZipEntries(directory);
  const budget = new UnpackBudget(data.byteLength);
  const entries: ArchiveEntry[] = [];
  const seen: string[] = [];
  let failure: unknown = null;
  const unzip = new Unzip((file) => {
    if (failure) return;
    try {
      seen.push(file.name);
      budget.entry(file.name);
    } catch (error) {
      failure = error;
      return;
    }
    if (file.name.endsWith("/") || isJunk(file.name)) return;
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      try {
        if (error instanceof InflatedTooFar) budget.bytes(file.name, error.bytes, 0);
        if (error) throw invalidRequest(`Archive entry ${JSON.stringify(file.name.slice(0, 200))} cannot be unpacked (${error.message}).`);
        size += chunk.byteLength;
        budget.bytes(file.name, size, chunk.byteLength);
        chunks.push(chunk);
        if (final) entries.push({ name: file.name, data: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) });
      } catch (e) {
        failure = e;
        file.terminate();
      }
    };
    file.start();
  });
  unzip.register(ZlibInflate);
  const SLICE = 256 * 1024;
  try {
    for (let at = 0; at < data.byteLength && !failure; at += SLICE) {
      unzip.push(data.subarray(at, at + SLICE), at + SLICE >= data.byteLength);
      await letOthersRun();
    }
  } catch (error) {
    if (failure) throw failure;
    // fflate's own errors (a numeric code) describe the data; anything else is an internal failure, never quoted to the client.
    if (typeof (error as { code?: unknown } | null)?.code !== "number") throw error;
    throw invalidRequest(`The upload is not a readable zip archive (${(error as Error).message}).`);
  }
  if (failure) throw failure;
  if (
    directory &&
    !sameNames(
      directory.map((e) => e.name),
      seen,
    )
  ) {
    throw invalidRequest("The zip archive's central directory does not list the entries it holds (a crafted archive?).");
  }
  if (data.byteLength > 0 && entries.length === 0 && !looksLikeZip(data)) throw invalidRequest("The upload is not a zip archive.");
  return entries;
}

const looksLikeZip = (data: Uint8Array) => data[0] === 0x50 && data[1] === 0x4b;

function sameNames(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  const sorted = (list: string[]) => [...list].sort();
  const [x, y] = [sorted(a), sorted(b)];
  return x.every((name, i) => name === y[i]);
}

/** An entry that inflated past what any entry may hold: `bytes` is how far zlib went before it stopped. */
class InflatedTooFar extends Error implements FlateError {
  code = 0;
  constructor(readonly bytes: number) {
    super(`it unpacks to more than ${bytes - 1} bytes`);
  }
}

/**
 * Deflated entries, inflated by Node's zlib in one call each. fflate's own inflater allocates
 * ~160 kB for every entry (a 32 kB window, then a 128 kB output buffer): for 10,000 notes of a
 * kilobyte that was most of an import's unzip (~0.1 ms an entry, measured). fflate still reads
 * the zip's records and hands over each entry's compressed bytes; zlib stops one byte past the
 * entry limit, so a bomb never unpacks further, and the budget (which holds the rule) is told
 * how far it went.
 */
class ZlibInflate implements UnzipDecoder {
  static readonly compression = 8;
  ondata: AsyncFlateStreamHandler = () => {};
  private readonly chunks: Uint8Array[] = [];
  /** zlib's output buffer: the size the entry declares (a hint only; zlib grows past it) rather than 16 kB for every note. */
  private readonly chunkSize: number;

  constructor(_name: string, _packedSize?: number, declaredSize?: number) {
    this.chunkSize = Math.min(Math.max(declaredSize ?? 0, 1024), 64 * 1024);
  }

  push(chunk: Uint8Array, final: boolean) {
    if (chunk.byteLength > 0) this.chunks.push(chunk);
    if (!final) return;
    const limit = ARCHIVE_LIMITS.entryBytes + 1;
    let data: Uint8Array<ArrayBuffer>;
    try {
      data = inflateRawSync(this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks), {
        maxOutputLength: limit,
        chunkSize: this.chunkSize,
      }) as Uint8Array<ArrayBuffer>;
    } catch (error) {
      const tooFar = (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE";
      this.ondata(tooFar ? new InflatedTooFar(limit + 1) : Object.assign(error as Error, { code: 0 }), new Uint8Array(), true);
      return;
    }
    this.ondata(null, data, true);
  }
}
