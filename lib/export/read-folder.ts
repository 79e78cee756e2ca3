import { lstat, readdir, readFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { ARCHIVE_LIMITS } from "../archive/limits.ts";
import { invalidRequest } from "../memory/errors.ts";
import type { ImportFile } from "../memory/import/plan-import.ts";

/**
 * A folder's files as memories at their paths below it (`notes/a.md` → `/notes/a.md`). Symlinks
 * are refused rather than followed (they could lead anywhere on the disk); the folder is
 * bounded like an archive.
 */
export async function readFolder(root: string): Promise<ImportFile[]> {
  const files: ImportFile[] = [];
  let total = 0;
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  if (entries.length > ARCHIVE_LIMITS.entries) throw invalidRequest(`${root} holds more than ${ARCHIVE_LIMITS.entries} entries.`);
  for (const entry of entries) {
    const full = join(entry.parentPath, entry.name);
    const info = await lstat(full);
    if (info.isSymbolicLink()) throw invalidRequest(`${full} is a symbolic link; only files and folders can be imported.`);
    if (info.isDirectory()) continue;
    if (!info.isFile()) throw invalidRequest(`${full} is not a regular file.`);
    if (info.size > ARCHIVE_LIMITS.entryBytes) {
      files.push({ path: "/" + relative(root, full).split(sep).join("/"), data: new Uint8Array(info.size) });
      continue;
    }
    total += info.size;
    if (total > ARCHIVE_LIMITS.totalBytes) throw invalidRequest(`${root} holds more than ${ARCHIVE_LIMITS.totalBytes} bytes of files.`);
    files.push({ path: "/" + relative(root, full).split(sep).join("/"), data: await readFile(full) });
  }
  return files;
}
