import { createHash, randomUUID } from "node:crypto";
import { lstat, mkdir, readdir, readFile, rename, rmdir, unlink, writeFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { isPrivateName, TEMP_PREFIX } from "./private-names.ts";

/** A local file as the mirror sees it: its memory path's content hash. */
export interface LocalFile {
  sha: string;
  size: number;
  mtimeMs: number;
}

export type HashCache = Record<string, { size: number; mtimeMs: number; sha: string }>;

const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/**
 * The file for a memory path, refusing anything that could leave the folder. The store's path
 * rules already forbid `.`/`..` segments and control characters; this holds even if a server
 * did not.
 */
export function localPathOf(dir: string, memoryPath: string): string {
  const segments = memoryPath.split("/").slice(1);
  if (!memoryPath.startsWith("/") || segments.some((s) => s === "" || s === "." || s === ".." || s.includes("\\") || s.includes("\0"))) {
    throw new Error(`refusing to map memory path ${JSON.stringify(memoryPath)} into the folder`);
  }
  const file = join(dir, ...segments);
  if (!file.startsWith(dir + sep)) throw new Error(`memory path ${JSON.stringify(memoryPath)} would leave the folder`);
  return file;
}

/** The memory path of a file inside the folder. */
export function memoryPathOf(dir: string, file: string): string {
  return "/" + relative(dir, file).split(sep).join("/");
}

/** The file's text if it is UTF-8 (memories are text), with the hash the store would compute. */
export async function readText(file: string): Promise<{ text: string; sha: string } | null> {
  const bytes = await readFile(file);
  try {
    return { text: utf8.decode(bytes), sha: sha256(bytes) };
  } catch {
    return null;
  }
}

/**
 * Every regular UTF-8 file below `dir` by memory path, skipping the mirror's own files and
 * symlinks (which could point outside the folder). Hashes come from `cache` while a file's
 * size and mtime are unchanged; the cache is updated in place.
 */
export async function scanLocal(dir: string, cache: HashCache, skipped: (path: string, why: string) => void): Promise<Map<string, LocalFile>> {
  const found = new Map<string, LocalFile>();
  const walk = async (folder: string) => {
    for (const entry of await readdir(folder, { withFileTypes: true })) {
      if (isPrivateName(entry.name)) continue;
      const file = join(folder, entry.name);
      if (entry.isDirectory()) await walk(file);
      else if (entry.isFile()) await hashInto(file);
    }
  };
  const hashInto = async (file: string) => {
    const path = memoryPathOf(dir, file);
    const stat = await lstat(file).catch(() => null);
    if (!stat?.isFile()) return;
    const cached = cache[path];
    if (cached && cached.size === stat.size && cached.mtimeMs === stat.mtimeMs) {
      found.set(path, cached);
      return;
    }
    const read = await readText(file).catch(() => null);
    if (!read) return skipped(path, "not UTF-8 text");
    found.set(path, (cache[path] = { sha: read.sha, size: stat.size, mtimeMs: stat.mtimeMs }));
  };
  await walk(dir);
  for (const path of Object.keys(cache)) if (!found.has(path)) delete cache[path];
  return found;
}

/** The local file's hash right now, or undefined if it is gone: checked just before the mirror overwrites or removes it. */
export async function currentSha(dir: string, memoryPath: string): Promise<string | undefined | null> {
  try {
    return (await readText(localPathOf(dir, memoryPath)))?.sha ?? null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** Write through a temporary file and a rename, so a reader (or a crash) never sees half a file. */
export async function writeFileAtomic(dir: string, file: string, content: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temp = join(dirname(file), `${TEMP_PREFIX}${randomUUID()}`);
  try {
    await writeFile(temp, content, { encoding: "utf8", flag: "wx" });
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
}

/** Remove the file, and the folders it leaves empty (a store has no empty directories). */
export async function removeLocal(dir: string, memoryPath: string): Promise<void> {
  const file = localPathOf(dir, memoryPath);
  await unlink(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "ENOENT") throw error;
  });
  for (let folder = dirname(file); folder.startsWith(dir + sep); folder = dirname(folder)) {
    try {
      await rmdir(folder);
    } catch {
      break;
    }
  }
}
