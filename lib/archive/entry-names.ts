import { invalidRequest } from "../memory/errors.ts";
import { ARCHIVE_LIMITS } from "./limits.ts";

/** A file found in an archive, by its name there. */
export interface ArchiveEntry {
  name: string;
  data: Uint8Array;
}

/** Names that archivers add on their own and that are never notes. */
const JUNK = /(^|\/)(__MACOSX\/|\.DS_Store$|Thumbs\.db$)/;

/**
 * The memory path of an archive entry, or a refusal of the whole archive: absolute names,
 * drive letters, backslashes, `..` (zip-slip), and names not in NFC are signs of a crafted or
 * foreign archive, and are refused with the entry named, nothing written. Other path rules
 * (length, characters) are per-file problems the dry run lists.
 */
export function memoryPathOf(name: string): string {
  const shown = JSON.stringify(name.slice(0, 200));
  if (name.startsWith("/") || /^[A-Za-z]:/.test(name)) throw invalidRequest(`Archive entry ${shown} has an absolute path; entries must be relative.`);
  if (name.includes("\\")) throw invalidRequest(`Archive entry ${shown} contains a backslash; use '/' between folders.`);
  const relative = name.replace(/^(\.\/)+/, "");
  if (relative.split("/").includes("..")) throw invalidRequest(`Archive entry ${shown} climbs out of the archive with '..'.`);
  if (relative.normalize("NFC") !== relative) throw invalidRequest(`Archive entry ${shown} is not in Unicode NFC; memory paths must be.`);
  return "/" + relative;
}

export const isJunk = (name: string) => JUNK.test(name);

/**
 * Counts entries and bytes; throws as soon as a bound is crossed. A zip declares every entry's
 * unpacked size in its central directory, so `declare` holds those sizes to the bounds before
 * anything is inflated (a zip bomb is refused unread) and `bytes` then counts what really
 * unpacks (declared sizes can lie: the reader stops an entry at its declared size, and the
 * counts here are the rule). A tar.gz has no directory: only `bytes` applies, as it unpacks.
 */
export class UnpackBudget {
  private entries = 0;
  private total = 0;
  private declared = 0;
  private readonly names = new Set<string>();
  constructor(private readonly packedBytes: number) {}

  /** One more entry: the count, a name given twice, and the name itself (zip-slip and the rest, memoryPathOf). */
  entry(name: string) {
    if (++this.entries > ARCHIVE_LIMITS.entries) throw invalidRequest(`The archive has more than ${ARCHIVE_LIMITS.entries} entries.`);
    if (this.names.has(name)) throw invalidRequest(`The archive holds ${JSON.stringify(name.slice(0, 200))} more than once.`);
    this.names.add(name);
    if (!isJunk(name)) memoryPathOf(name);
  }

  /** An entry's unpacked size as its archive declares it, before it is unpacked. */
  declare(name: string, size: number) {
    this.declared += size;
    this.check(name, size, this.declared);
  }

  /** Bytes unpacked: `entrySoFar` of this entry, `added` of them new. */
  bytes(name: string, entrySoFar: number, added: number) {
    this.total += added;
    this.check(name, entrySoFar, this.total);
  }

  private check(name: string, entryBytes: number, total: number) {
    if (entryBytes > ARCHIVE_LIMITS.entryBytes) {
      throw invalidRequest(`Archive entry ${JSON.stringify(name.slice(0, 200))} unpacks to more than ${ARCHIVE_LIMITS.entryBytes} bytes.`);
    }
    if (total > ARCHIVE_LIMITS.totalBytes) throw invalidRequest(`The archive unpacks to more than ${ARCHIVE_LIMITS.totalBytes} bytes.`);
    if (total > 1024 * 1024 && total > this.packedBytes * ARCHIVE_LIMITS.ratio) {
      throw invalidRequest(`The archive unpacks to more than ${ARCHIVE_LIMITS.ratio} times its size (a zip bomb?).`);
    }
  }
}
