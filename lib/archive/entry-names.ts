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

/** Counts entries and bytes as they unpack; throws as soon as a bound is crossed. */
export class UnpackBudget {
  private entries = 0;
  private total = 0;
  private readonly names = new Set<string>();
  constructor(private readonly packedBytes: number) {}

  entry(name: string) {
    if (++this.entries > ARCHIVE_LIMITS.entries) throw invalidRequest(`The archive has more than ${ARCHIVE_LIMITS.entries} entries.`);
    if (this.names.has(name)) throw invalidRequest(`The archive holds ${JSON.stringify(name.slice(0, 200))} more than once.`);
    this.names.add(name);
  }

  bytes(name: string, entrySoFar: number, added: number) {
    this.total += added;
    if (entrySoFar > ARCHIVE_LIMITS.entryBytes) {
      throw invalidRequest(`Archive entry ${JSON.stringify(name.slice(0, 200))} unpacks to more than ${ARCHIVE_LIMITS.entryBytes} bytes.`);
    }
    if (this.total > ARCHIVE_LIMITS.totalBytes) throw invalidRequest(`The archive unpacks to more than ${ARCHIVE_LIMITS.totalBytes} bytes.`);
    if (this.total > 1024 * 1024 && this.total > this.packedBytes * ARCHIVE_LIMITS.ratio) {
      throw invalidRequest(`The archive unpacks to more than ${ARCHIVE_LIMITS.ratio} times its size (a zip bomb?).`);
    }
  }
}
