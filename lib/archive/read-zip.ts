import { Unzip, UnzipInflate } from "fflate";
import { invalidRequest } from "../memory/errors.ts";
import { letOthersRun } from "../memory/let-others-run.ts";
import { isJunk, UnpackBudget, type ArchiveEntry } from "./entry-names.ts";
import { assertPlainZipEntries, readZipDirectory } from "./zip-directory.ts";

/**
 * The files of a zip, unpacked by fflate's streaming reader so that every byte is counted
 * against the budget as it inflates (declared sizes in a zip can lie). Fed in slices with a
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
        if (error) throw invalidRequest(`Archive entry ${JSON.stringify(file.name.slice(0, 200))} cannot be unpacked (${error.message}).`);
        size += chunk.byteLength;
        budget.bytes(file.name, size, chunk.byteLength);
        chunks.push(chunk);
        if (final) entries.push({ name: file.name, data: Buffer.concat(chunks) });
      } catch (e) {
        failure = e;
        file.terminate();
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  const SLICE = 256 * 1024;
  try {
    for (let at = 0; at < data.byteLength && !failure; at += SLICE) {
      unzip.push(data.subarray(at, at + SLICE), at + SLICE >= data.byteLength);
      await letOthersRun();
    }
  } catch (error) {
    throw failure ?? invalidRequest(`The upload is not a readable zip archive (${(error as Error).message}).`);
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
