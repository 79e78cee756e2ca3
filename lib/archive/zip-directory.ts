/**
 * The part of a zip that fflate's streaming reader never sees: the central directory at the
 * end, where each entry's "external attributes" say what it is. A zip made on Unix records the
 * file type there (the upper 16 bits are st_mode), and a symbolic link is an entry whose content
 * is the link's target: unpacked by `unzip`, it points anywhere on the disk. fflate exposes no
 * attributes when reading, so this reads only the fixed-size records APPNOTE.txt defines
 * (4.3.12 and 4.3.16), bounded by the entry limit, and the unpacking itself stays fflate's.
 */
import { invalidRequest } from "../memory/errors.ts";
import { ARCHIVE_LIMITS } from "./limits.ts";

export interface ZipDirectoryEntry {
  name: string;
  /** The Unix file type and permissions (st_mode), when the entry was made on Unix; else null. */
  unixMode: number | null;
}

const END_SIGNATURE = 0x06054b50;
const ENTRY_SIGNATURE = 0x02014b50;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const END_SEARCH = 22 + 0xffff;
const UNIX = 3;
const OSX = 19;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;

const decoder = new TextDecoder();

/** The central directory's entries, or null when the data has no end record (not a zip: fflate says so later). */
export function readZipDirectory(data: Uint8Array): ZipDirectoryEntry[] | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let end = -1;
  for (let at = data.byteLength - 22; at >= Math.max(0, data.byteLength - END_SEARCH); at--) {
    if (view.getUint32(at, true) === END_SIGNATURE) {
      end = at;
      break;
    }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  // ZIP64 archives mark these fields 0xffff / 0xffffffff; an archive of notes never needs one.
  if (count === 0xffff || at === 0xffffffff) throw invalidRequest("The zip archive uses ZIP64, which imports do not accept.");
  if (count > ARCHIVE_LIMITS.entries) throw invalidRequest(`The archive has more than ${ARCHIVE_LIMITS.entries} entries.`);
  const entries: ZipDirectoryEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > data.byteLength || view.getUint32(at, true) !== ENTRY_SIGNATURE) throw invalidRequest("The zip archive's central directory is damaged.");
    const madeBy = view.getUint8(at + 5);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const attributes = view.getUint32(at + 38, true);
    const name = decoder.decode(data.subarray(at + 46, at + 46 + nameLength));
    entries.push({ name, unixMode: madeBy === UNIX || madeBy === OSX ? attributes >>> 16 : null });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Refuses an entry that is not a plain file or folder by its Unix type (symlinks above all). */
export function assertPlainZipEntries(entries: readonly ZipDirectoryEntry[]) {
  for (const entry of entries) {
    const type = (entry.unixMode ?? 0) & S_IFMT;
    // Type 0: the archiver recorded no type (permissions only, or a DOS-made entry).
    if (type === 0 || type === S_IFREG || type === S_IFDIR) continue;
    const kind = type === S_IFLNK ? "a symbolic link" : "not a regular file";
    throw invalidRequest(`Archive entry ${JSON.stringify(entry.name.slice(0, 200))} is ${kind}; only files and folders can be imported.`);
  }
}
