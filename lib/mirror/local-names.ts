import { sep } from "node:path";

/**
 * Which memory paths may become files in the folder. The store's own rules already forbid
 * empty, `.` and `..` segments and control characters, but the mirror trusts no server: a
 * hostile or buggy store must not be able to name a file outside the folder, a name the local
 * filesystem cannot hold, or bytes that would rewrite the terminal when the path is logged.
 */

/** Bytes in one file name (NAME_MAX on Linux and macOS). */
export const NAME_MAX_BYTES = 255;
/** Bytes in a whole file path handed to the kernel (PATH_MAX is 4,096 with its NUL). */
export const PATH_MAX_BYTES = 4095;

const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}\u2028\u2029]/u;
/** On Windows `\` and `:` separate paths and drives; on POSIX they are ordinary characters. */
const WINDOWS_SPECIAL = /[\\:]/;

export class UnsafePathError extends Error {}

/** The folder names and file name of a memory path, or UnsafePathError saying why it cannot be a local file. */
export function localSegments(memoryPath: string): string[] {
  if (!memoryPath.startsWith("/")) throw new UnsafePathError("it does not start with '/'");
  const segments = memoryPath.slice(1).split("/");
  for (const segment of segments) {
    if (segment === "" || segment === "." || segment === "..") throw new UnsafePathError("it has an empty, '.' or '..' segment");
    if (CONTROL_OR_FORMAT.test(segment)) throw new UnsafePathError("it has control or format characters");
    if (sep === "\\" && WINDOWS_SPECIAL.test(segment)) throw new UnsafePathError("it has '\\' or ':', which separate paths here");
    if (Buffer.byteLength(segment, "utf8") > NAME_MAX_BYTES) {
      throw new UnsafePathError(`a segment is longer than ${NAME_MAX_BYTES} bytes, the most a local file name can hold`);
    }
  }
  return segments;
}

/** A path for messages: quoted and escaped, so that no name can forge a log line or a terminal sequence. */
export function shown(memoryPath: string): string {
  return CONTROL_OR_FORMAT.test(memoryPath) ? JSON.stringify(memoryPath) : memoryPath;
}
