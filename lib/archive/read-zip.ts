import yauzl, { type Entry, type LocalFileHeader, type ZipFile } from "yauzl";
import { crc32, inflateRawSync } from "node:zlib";
import { invalidRequest, MemoryError } from "../memory/errors.ts";
import { letOthersRun } from "../memory/let-others-run.ts";
import { isJunk, UnpackBudget, type ArchiveEntry } from "./entry-names.ts";
import { ARCHIVE_LIMITS } from "./limits.ts";

/**
 * The files of a zip, read from its central directory by yauzl 3: a well-kept reader (the one
 * extract-zip is built on) that handles ZIP64, data descriptors and Info-ZIP name fields,
 * exposes the external attributes, and does every read through setImmediate, so no call stack
 * grows with the entries and the event loop turns between them. It replaced fflate's streaming
 * reader and the hand-written central-directory parser that sat beside it (issue 21: fflate
 * recursed once per entry, and with 3,000 tiny entries a zlib constructor ran out of stack
 * between creating its native handle and initialising it, which aborted the process at the next
 * garbage collection).
 *
 * The central directory is the truth, as for `unzip` and most tools, and everything it says is
 * checked before a byte is inflated: the entry count (from the end record, before the first
 * entry is read), names, types (symlinks are refused), encryption, methods, declared sizes
 * against the entry, total and ratio bounds, and overlapping entries (one region of data counted
 * twice is how non-recursive zip bombs work). Then each file's local header must name the same
 * entry (tools that stream local headers would read another archive), and its data is inflated
 * in one zlib call that stops one byte past the declared size and must match that size and the
 * CRC-32: the call creates, initialises and closes its handle, so none is ever left half made.
 * yauzl's own inflating streams took 3× as long for 10,000 small notes (a stream pair per
 * entry); fflate's JS inflater allocates ~160 kB per entry.
 */
export async function readZip(data: Uint8Array): Promise<ArchiveEntry[]> {
  const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const zip = await open(buffer);
  try {
    // The end record's count, before the first entry is read.
    if (zip.entryCount > ARCHIVE_LIMITS.entries) throw invalidRequest(`The archive has more than ${ARCHIVE_LIMITS.entries} entries.`);
    const budget = new UnpackBudget(buffer.byteLength);
    const listed = await listEntries(zip, budget);
    assertNoOverlap(listed.map((l) => l.entry));
    const files = listed.filter(({ name }) => !name.endsWith("/") && !isJunk(name));
    const entries: ArchiveEntry[] = [];
    let since = performance.now();
    for (let at = 0; at < files.length; at += HEADERS_AT_ONCE) {
      const batch = files.slice(at, at + HEADERS_AT_ONCE);
      // yauzl reads each header through two setImmediate hops; asked for together, they take the same turns of the loop.
      const headers = await Promise.all(batch.map(({ entry }) => zip.readLocalFileHeaderPromise(entry, { minimal: false })));
      for (const [i, { entry, name }] of batch.entries()) {
        const content = unpack(buffer, entry, name, headers[i]!);
        budget.bytes(name, content.byteLength, content.byteLength);
        entries.push({ name, data: content });
        // An entry inflates in one synchronous call (at most 1 MiB, a few ms): others run between them.
        if (performance.now() - since > YIELD_AFTER_MS) {
          await letOthersRun();
          since = performance.now();
        }
      }
    }
    return entries;
  } catch (error) {
    throw readable(error);
  } finally {
    zip.close();
  }
}

const HEADERS_AT_ONCE = 64;
const YIELD_AFTER_MS = 8;

const shown = (name: string) => JSON.stringify(name.slice(0, 200));

function open(buffer: Buffer): Promise<ZipFile> {
  return new Promise((ok, fail) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true }, (error, zip) => {
      if (!error) return ok(zip);
      // Without its end record a zip cannot say what its entries are.
      if (/end of central directory record signature not found/i.test(error.message)) {
        fail(
          invalidRequest(
            buffer[0] === 0x50 && buffer[1] === 0x4b ? "The zip archive has no central directory (was it cut short?)." : "The upload is not a zip archive.",
          ),
        );
      } else fail(readable(error));
    }),
  );
}

/** yauzl's own errors describe the archive ("invalid local file header signature"); anything else is ours and stays in the log. */
function readable(error: unknown): MemoryError {
  if (error instanceof MemoryError) return error;
  const told = error instanceof Error && error.constructor === Error ? ` (${error.message.slice(0, 200)})` : "";
  return invalidRequest(`The upload is not a readable zip archive${told}.`);
}

interface Listed {
  entry: Entry;
  name: string;
}

/** Every entry of the central directory, each checked as it is read. */
function listEntries(zip: ZipFile, budget: UnpackBudget): Promise<Listed[]> {
  return new Promise((ok, fail) => {
    const listed: Listed[] = [];
    zip.on("entry", (entry: Entry) => {
      try {
        listed.push({ entry, name: checkedEntry(entry, budget) });
      } catch (error) {
        zip.close();
        return fail(error);
      }
      zip.readEntry();
    });
    zip.on("end", () => ok(listed));
    zip.on("error", fail);
    zip.readEntry();
  });
}

const UNIX = 3;
const OSX = 19;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
const STORED = 0;
const DEFLATED = 8;

/**
 * An entry as its central directory describes it: its name (checked, counted), its type by
 * the Unix mode in the external attributes when a Unix archiver made it (a symbolic link's
 * content is its target: unpacked by `unzip`, it points anywhere on the disk), its method and
 * its declared size (held to the bounds here, before anything is inflated).
 */
function checkedEntry(entry: Entry, budget: UnpackBudget): string {
  const name = nameOf(entry);
  budget.entry(name);
  const os = entry.versionMadeBy >>> 8;
  const type = os === UNIX || os === OSX ? (entry.externalFileAttributes >>> 16) & S_IFMT : 0;
  // Type 0: the archiver recorded no type (permissions only, or a DOS-made entry).
  if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) {
    throw invalidRequest(
      `Archive entry ${shown(name)} is ${type === S_IFLNK ? "a symbolic link" : "not a regular file"}; only files and folders can be imported.`,
    );
  }
  if (entry.isEncrypted()) throw invalidRequest(`Archive entry ${shown(name)} is encrypted.`);
  if (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATED) {
    throw invalidRequest(`Archive entry ${shown(name)} uses compression method ${entry.compressionMethod}; only stored and deflated entries can be imported.`);
  }
  budget.declare(name, entry.uncompressedSize);
  return name;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });
const UNICODE_PATH_FIELD = 0x7075;

/**
 * An entry's name. Zips flag UTF-8 names (bit 11) or carry them in an Info-ZIP Unicode Path
 * field, and yauzl reads both (and CP437 otherwise); many archivers (macOS's among them) write
 * UTF-8 without the flag, so an unflagged name that is valid UTF-8 is read as UTF-8. Backslashes
 * are kept (strictFileNames), so that memoryPathOf refuses them rather than guessing.
 */
function nameOf(entry: Entry): string {
  const flagged = (entry.generalPurposeBitFlag & 0x800) !== 0 || entry.extraFields.some((f) => f.id === UNICODE_PATH_FIELD);
  if (!flagged) {
    try {
      return utf8.decode(entry.fileNameRaw);
    } catch {
      // CP437, below.
    }
  }
  return yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
}

/** The local header is 30 bytes and the entry's name before its data. */
const LOCAL_HEADER = 30;

/** Refuses entries whose data overlap: each must end before the next local header starts. */
function assertNoOverlap(entries: Entry[]) {
  const sorted = [...entries].sort((a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader);
  for (let i = 1; i < sorted.length; i++) {
    const before = sorted[i - 1]!;
    if (before.relativeOffsetOfLocalHeader + LOCAL_HEADER + before.fileNameLength + before.compressedSize > sorted[i]!.relativeOffsetOfLocalHeader) {
      throw invalidRequest("The zip archive's entries overlap (a crafted archive?).");
    }
  }
}

/** One file's content: its local header checked against the directory, then its data unpacked and verified. */
function unpack(buffer: Buffer, entry: Entry, name: string, local: LocalFileHeader): Uint8Array {
  if (!local.fileName.equals(entry.fileNameRaw) || local.compressionMethod !== entry.compressionMethod) {
    throw invalidRequest("The zip archive's central directory does not list the entries it holds (a crafted archive?).");
  }
  // yauzl has checked that the data lies within the archive.
  const packed = buffer.subarray(local.fileDataStart, local.fileDataStart + entry.compressedSize);
  let content: Buffer = packed;
  if (entry.compressionMethod === DEFLATED) {
    try {
      content = inflateRawSync(packed, {
        maxOutputLength: entry.uncompressedSize + 1,
        // zlib's output buffer: the declared size (a hint; zlib grows past it) rather than 16 kB for every note.
        chunkSize: Math.min(Math.max(entry.uncompressedSize + 1, 1024), 64 * 1024),
      });
    } catch (error) {
      if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") {
        throw invalidRequest(`Archive entry ${shown(name)} unpacks to more than the ${entry.uncompressedSize} bytes its directory entry declares.`);
      }
      throw invalidRequest(`Archive entry ${shown(name)} cannot be unpacked (its deflated data is damaged).`);
    }
  }
  if (content.byteLength !== entry.uncompressedSize) {
    throw invalidRequest(
      `Archive entry ${shown(name)} unpacks to ${content.byteLength} bytes, not the ${entry.uncompressedSize} its directory entry declares.`,
    );
  }
  if (crc32(content) >>> 0 !== entry.crc32 >>> 0) throw invalidRequest(`Archive entry ${shown(name)} is damaged (its CRC-32 does not match).`);
  return content;
}
