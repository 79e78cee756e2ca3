import { Unzip, UnzipInflate } from "fflate";
import { invalidRequest } from "../memory/errors.ts";
import { letOthersRun } from "../memory/let-others-run.ts";
import { isJunk, UnpackBudget, type ArchiveEntry } from "./entry-names.ts";

/**
 * The files of a zip, unpacked by fflate's streaming reader so that every byte is counted
 * against the budget as it inflates (declared sizes in a zip can lie). Fed in slices with a
 * yield between them, so a large upload does not hold the event loop.
 */
export async function readZip(data: Uint8Array): Promise<ArchiveEntry[]> {
  const budget = new UnpackBudget(data.byteLength);
  const entries: ArchiveEntry[] = [];
  let failure: unknown = null;
  const unzip = new Unzip((file) => {
    if (failure) return;
    try {
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
  if (data.byteLength > 0 && entries.length === 0 && !looksLikeZip(data)) throw invalidRequest("The upload is not a zip archive.");
  return entries;
}

const looksLikeZip = (data: Uint8Array) => data[0] === 0x50 && data[1] === 0x4b;
