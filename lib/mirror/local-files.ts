import { createHash } from "node:crypto";
import { lstat, readdir } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { existsConfined, inTheWayReason, readConfined, removeConfined, writeConfined } from "./confined-folder.ts";
import { localSegments, UnsafePathError } from "./local-names.ts";
import { isPrivateName } from "./private-names.ts";

/** A local file as the mirror sees it: its memory path's content hash. */
export interface LocalFile {
  sha: string;
  size: number;
  mtimeMs: number;
}

export type HashCache = Record<string, { size: number; mtimeMs: number; sha: string }>;

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** The memory path of a file inside the folder. */
function memoryPathOf(dir: string, file: string): string {
  return "/" + relative(dir, file).split(sep).join("/");
}

/** The file's text if it is UTF-8 (memories are text), with the hash the store would compute; undefined if absent. */
export async function readText(dir: string, memoryPath: string): Promise<{ text: string; sha: string } | null | undefined> {
  const bytes = await readConfined(dir, memoryPath);
  if (bytes === undefined) return undefined;
  try {
    return { text: utf8.decode(bytes), sha: sha256(bytes) };
  } catch {
    return null;
  }
}

/**
 * Every regular UTF-8 file below `dir` by memory path, skipping the mirror's own files.
 * Links are never followed: a symbolic link (to a file or a folder) and anything else that is
 * neither file nor folder is reported through `skipped`, and so is a name that could not come
 * back from the store. Hashes come from `cache` while a file's size and mtime are unchanged;
 * the cache is updated in place.
 */
export async function scanLocal(dir: string, cache: HashCache, skipped: (path: string, why: string) => void): Promise<Map<string, LocalFile>> {
  const found = new Map<string, LocalFile>();
  const walk = async (folder: string) => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      if (isPrivateName(entry.name)) continue;
      const file = join(folder, entry.name);
      const path = memoryPathOf(dir, file);
      try {
        localSegments(path);
      } catch (error) {
        if (error instanceof UnsafePathError) skipped(path, `its name cannot be a memory path: ${error.message}`);
        else throw error;
        continue;
      }
      // Dirent types come from readdir without following links: a link is neither file nor directory here.
      if (entry.isDirectory()) await walk(file);
      else if (entry.isFile()) await hashInto(path);
      else skipped(path, inTheWayReason(entry, "file")!);
    }
  };
  const hashInto = async (path: string) => {
    const stat = await lstat(join(dir, ...path.slice(1).split("/"))).catch(() => null);
    if (!stat?.isFile()) return;
    const cached = cache[path];
    if (cached && cached.size === stat.size && cached.mtimeMs === stat.mtimeMs) {
      found.set(path, cached);
      return;
    }
    let read;
    try {
      read = await readText(dir, path);
    } catch (error) {
      // Not a deletion: the file is there but could not be read (a link swapped in since the listing, no permission).
      return skipped(path, `could not be read: ${(error as Error).message}`);
    }
    if (read === undefined) return; // gone since the listing
    if (read === null) return skipped(path, "not UTF-8 text");
    found.set(path, (cache[path] = { sha: read.sha, size: stat.size, mtimeMs: stat.mtimeMs }));
  };
  await walk(dir);
  for (const path of Object.keys(cache)) if (!found.has(path)) delete cache[path];
  return found;
}

/** The local file's hash right now, undefined if it is gone, null if not text: checked just before the mirror overwrites or removes it. */
export async function currentSha(dir: string, memoryPath: string): Promise<string | undefined | null> {
  const read = await readText(dir, memoryPath);
  return read === undefined ? undefined : (read?.sha ?? null);
}

export { existsConfined as existsLocal, removeConfined as removeLocal, writeConfined as writeLocal };
