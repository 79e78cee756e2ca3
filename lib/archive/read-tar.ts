import { promisify } from "node:util";
import { gunzip } from "node:zlib";
import { extract } from "tar-stream";
import { invalidRequest, MemoryError } from "../memory/errors.ts";
import { isJunk, UnpackBudget, type ArchiveEntry } from "./entry-names.ts";
import { ARCHIVE_LIMITS } from "./limits.ts";

const gunzipAsync = promisify(gunzip);

/**
 * The files of a tar.gz. Gunzip runs off the event loop and stops at the total-size bound;
 * tar-stream then reads the entries. Only regular files and folders are accepted: a symlink
 * or hard link could point anywhere, and devices or FIFOs are never notes.
 */
export async function readTarGz(data: Uint8Array): Promise<ArchiveEntry[]> {
  let tar: Buffer;
  try {
    tar = await gunzipAsync(data, { maxOutputLength: Math.min(ARCHIVE_LIMITS.totalBytes + 1024 * 1024, data.byteLength * ARCHIVE_LIMITS.ratio + 1024 * 1024) });
  } catch (error) {
    if (error instanceof RangeError || (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") {
      throw invalidRequest(
        `The archive unpacks to more than its bounds allow (${ARCHIVE_LIMITS.totalBytes} bytes, ${ARCHIVE_LIMITS.ratio} times its size; a gzip bomb?).`,
      );
    }
    throw invalidRequest("The upload is not a readable tar.gz archive.");
  }
  const budget = new UnpackBudget(data.byteLength);
  const entries: ArchiveEntry[] = [];
  const reader = extract();
  const done = new Promise<void>((ok, fail) => {
    reader.on("entry", (header, stream, next) => {
      const fail2 = (error: unknown) => {
        stream.resume();
        reader.destroy(error as Error);
      };
      try {
        budget.entry(header.name);
        if (header.type === "directory" || isJunk(header.name)) {
          stream.on("end", next).resume();
          return;
        }
        if (header.type !== "file" && header.type !== "contiguous-file") {
          throw invalidRequest(`Archive entry ${JSON.stringify(header.name.slice(0, 200))} is a ${header.type}; only files and folders can be imported.`);
        }
        budget.bytes(header.name, header.size ?? 0, 0);
      } catch (error) {
        fail2(error);
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (data: unknown) => {
        const chunk = data as Buffer;
        size += chunk.byteLength;
        try {
          budget.bytes(header.name, size, chunk.byteLength);
          chunks.push(chunk);
        } catch (error) {
          fail2(error);
        }
      });
      stream.on("end", () => {
        entries.push({ name: header.name, data: Buffer.concat(chunks) });
        next();
      });
    });
    reader.on("finish", ok);
    reader.on("error", fail);
  });
  reader.end(tar);
  try {
    await done;
  } catch (error) {
    if (error instanceof MemoryError) throw error;
    throw invalidRequest("The upload is not a readable tar archive.");
  }
  return entries;
}
