import { createGunzip } from "node:zlib";
import { extract, type Header } from "tar-stream";
import { invalidRequest, MemoryError } from "../memory/errors.ts";
import { isJunk, UnpackBudget, type ArchiveEntry } from "./entry-names.ts";
import { ARCHIVE_LIMITS } from "./limits.ts";

/**
 * The files of a tar.gz, streamed: one zlib gunzip stream (its handle made and initialised in
 * its constructor, off the event loop as it inflates) feeds tar-stream chunk by chunk, so the
 * archive is never unpacked whole. A tar has no directory to check first, so everything is
 * counted as it unpacks and the first bound crossed stops both streams: all bytes gunzip
 * produces (headers included) against the total and ratio bounds, each entry's declared and
 * real size, the entry count, names and types. Only regular files and folders are accepted: a
 * symlink or hard link could point anywhere, and devices or FIFOs are never notes.
 */
export async function readTarGz(data: Uint8Array): Promise<ArchiveEntry[]> {
  const budget = new UnpackBudget(data.byteLength);
  const bound = Math.min(ARCHIVE_LIMITS.totalBytes, data.byteLength * ARCHIVE_LIMITS.ratio) + 1024 * 1024;
  const entries: ArchiveEntry[] = [];
  const gunzip = createGunzip();
  const reader = extract();
  await new Promise<void>((ok, fail) => {
    let settled = false;
    const stop = (error: unknown) => {
      if (settled) return;
      settled = true;
      gunzip.destroy();
      reader.destroy();
      fail(error instanceof MemoryError ? error : invalidRequest("The upload is not a readable tar archive."));
    };
    reader.on("entry", (header: Header, stream, next) => {
      try {
        checkEntry(header, budget);
      } catch (error) {
        stream.resume();
        return stop(error);
      }
      if (header.type === "directory" || isJunk(header.name)) {
        stream.on("end", next).resume();
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
          stop(error);
        }
      });
      stream.on("end", () => {
        if (settled) return;
        entries.push({ name: header.name, data: Buffer.concat(chunks) });
        next();
      });
    });
    reader.on("finish", () => {
      if (settled) return;
      settled = true;
      ok();
    });
    reader.on("error", stop);
    gunzip.on("error", () => stop(invalidRequest("The upload is not a readable tar.gz archive.")));
    let unpacked = 0;
    gunzip.on("data", (chunk: Buffer) => {
      unpacked += chunk.byteLength;
      if (unpacked > bound) {
        return stop(
          invalidRequest(
            `The archive unpacks to more than its bounds allow (${ARCHIVE_LIMITS.totalBytes} bytes, ${ARCHIVE_LIMITS.ratio} times its size; a gzip bomb?).`,
          ),
        );
      }
      if (!settled && !reader.write(chunk)) {
        gunzip.pause();
        reader.once("drain", () => gunzip.resume());
      }
    });
    gunzip.on("end", () => {
      if (!settled) reader.end(new Uint8Array());
    });
    gunzip.end(data);
  });
  return entries;
}

/** An entry's name, type and declared size, before its data is read. */
function checkEntry(header: Header, budget: UnpackBudget) {
  budget.entry(header.name);
  if (header.type === "directory" || isJunk(header.name)) return;
  if (header.type !== "file" && header.type !== "contiguous-file") {
    throw invalidRequest(`Archive entry ${JSON.stringify(header.name.slice(0, 200))} is a ${header.type}; only files and folders can be imported.`);
  }
  budget.declare(header.name, header.size ?? 0);
}
