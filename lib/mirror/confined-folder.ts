import { randomUUID } from "node:crypto";
import { constants } from "node:fs";
import { lstat, mkdir, open, rename, rmdir, unlink } from "node:fs/promises";
import { join } from "node:path";
import { localSegments, PATH_MAX_BYTES, UnsafePathError } from "./local-names.ts";
import { TEMP_PREFIX } from "./private-names.ts";

/**
 * File operations that never leave the mirror folder. Every folder on a memory's path is
 * lstat'ed from the root down and must be a real directory (a symbolic link is never
 * followed, even to a place inside the folder); files are opened with O_NOFOLLOW and written
 * through a temporary file in the same real directory, then renamed into place.
 *
 * This guards against what a store could send and against links lying in the folder. It
 * cannot guard against another local process swapping a folder for a link between the check
 * and the write: Node has no openat(), and such a process can write there itself anyway.
 */

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL, O_NOFOLLOW, O_NONBLOCK } = constants;

/** Something other than a real folder or file is in the way; the memory is skipped, nothing is touched. */
export class InTheWayError extends Error {}

const code = (error: unknown) => (error as NodeJS.ErrnoException).code;

const absentAsNull = (error: unknown) => {
  if (code(error) === "ENOENT") return null;
  throw error;
};

const IS_A_LINK = "is a symbolic link; the mirror does not follow links";

/** What lies at a memory path (or one of its folders) that the mirror must not go through. */
export function inTheWayReason(stat: { isSymbolicLink(): boolean; isDirectory(): boolean; isFile(): boolean }, wanted: "folder" | "file"): string | null {
  if (stat.isSymbolicLink()) return IS_A_LINK;
  if (wanted === "folder" && !stat.isDirectory()) return "is not a folder";
  if (wanted === "file" && !stat.isFile()) return stat.isDirectory() ? "is a folder" : "is not a regular file";
  return null;
}

/** The absolute file of a memory path, after the name checks (UnsafePathError) and the length limit. */
function fileOf(root: string, memoryPath: string): { segments: string[]; file: string } {
  const segments = localSegments(memoryPath);
  const file = join(root, ...segments);
  if (Buffer.byteLength(file, "utf8") > PATH_MAX_BYTES) throw new UnsafePathError(`the local path would be longer than ${PATH_MAX_BYTES} bytes`);
  return { segments, file };
}

/**
 * The real directory that holds the memory's file, checked folder by folder from the root.
 * Missing folders are made one at a time with `create` (mkdir never follows a link at the
 * name it makes), or the answer is null.
 */
async function parentDir(root: string, segments: string[], create: boolean): Promise<string | null> {
  let folder = root;
  for (let i = 0; i < segments.length - 1; i++) {
    folder = join(folder, segments[i]!);
    let stat = await lstat(folder).catch(absentAsNull);
    if (!stat) {
      if (!create) return null;
      await mkdir(folder).catch((error) => {
        if (code(error) !== "EEXIST") throw error;
      });
      stat = await lstat(folder);
    }
    const why = inTheWayReason(stat, "folder");
    if (why) throw new InTheWayError(`/${segments.slice(0, i + 1).join("/")} ${why}`);
  }
  return folder;
}

/** The file's bytes, or undefined if it (or a folder on its way) does not exist. */
export async function readConfined(root: string, memoryPath: string): Promise<Buffer | undefined> {
  const { segments, file } = fileOf(root, memoryPath);
  if ((await parentDir(root, segments, false)) === null) return undefined;
  let handle;
  try {
    // O_NONBLOCK: a FIFO put where a file was fails the check below instead of hanging the mirror.
    handle = await open(file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  } catch (error) {
    if (code(error) === "ENOENT") return undefined;
    if (code(error) === "ELOOP" || code(error) === "EMLINK") throw new InTheWayError(`${memoryPath} ${IS_A_LINK}`);
    throw error;
  }
  try {
    const why = inTheWayReason(await handle.stat(), "file");
    if (why) throw new InTheWayError(`${memoryPath} ${why}`);
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** True if anything at all (a link included) lies at the memory path. */
export async function existsConfined(root: string, memoryPath: string): Promise<boolean> {
  const { segments, file } = fileOf(root, memoryPath);
  if ((await parentDir(root, segments, false)) === null) return false;
  return (await lstat(file).catch(absentAsNull)) !== null;
}

/** Write through a temporary file and a rename, so that a reader (or a crash) never sees half a file. */
export async function writeConfined(root: string, memoryPath: string, content: string): Promise<void> {
  const { segments, file } = fileOf(root, memoryPath);
  const parent = (await parentDir(root, segments, true))!;
  const existing = await lstat(file).catch(absentAsNull);
  const why = existing && inTheWayReason(existing, "file");
  if (why) throw new InTheWayError(`${memoryPath} ${why}`);
  const temp = join(parent, `${TEMP_PREFIX}${randomUUID()}`);
  const handle = await open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o666);
  try {
    try {
      await handle.writeFile(content, "utf8");
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => {});
    throw error;
  }
}

/** Remove the file, and the folders it leaves empty (a store has no empty directories). */
export async function removeConfined(root: string, memoryPath: string): Promise<void> {
  const { segments, file } = fileOf(root, memoryPath);
  if ((await parentDir(root, segments, false)) === null) return;
  const existing = await lstat(file).catch(absentAsNull);
  if (!existing) return;
  const why = inTheWayReason(existing, "file");
  if (why) throw new InTheWayError(`${memoryPath} ${why}`);
  await unlink(file);
  for (let depth = segments.length - 1; depth > 0; depth--) {
    try {
      await rmdir(join(root, ...segments.slice(0, depth)));
    } catch {
      break;
    }
  }
}
