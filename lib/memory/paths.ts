import { invalidRequest } from "./errors.ts";
import { LIMITS } from "./limits.ts";

/**
 * Memory path rules (spec: "path"): starts with `/`, 1–20 segments, no empty, `.` or `..`
 * segment, no control or format characters, no U+2028/U+2029, NFC, at most 1,024 UTF-8 bytes.
 * Paths are case-sensitive and compared byte by byte (SQLite BINARY, PostgreSQL COLLATE "C").
 */
const FORBIDDEN_CHARS = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

function describeChar(ch: string): string {
  return `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
}

function checkCharacters(field: string, value: string) {
  if (!value.isWellFormed()) throw invalidRequest(`${field}: must be valid Unicode text (it has an unpaired surrogate).`);
  const bad = FORBIDDEN_CHARS.exec(value);
  if (bad) throw invalidRequest(`${field}: must not contain control or format characters (found ${describeChar(bad[0])}).`);
  if (value.normalize("NFC") !== value) throw invalidRequest(`${field}: must be in Unicode Normalization Form C (NFC).`);
}

function checkSegments(field: string, segments: string[]) {
  for (const segment of segments) {
    if (segment === "") throw invalidRequest(`${field}: must not contain empty segments (no '//' and no trailing '/').`);
    if (segment === "." || segment === "..") throw invalidRequest(`${field}: must not contain '.' or '..' segments.`);
  }
}

/** Throws invalid_request unless `path` is a valid memory path. */
export function validateMemoryPath(path: unknown, field = "path"): string {
  if (typeof path !== "string") throw invalidRequest(`${field}: must be a string.`);
  if (!path.startsWith("/")) throw invalidRequest(`${field}: must start with '/'.`);
  if (Buffer.byteLength(path, "utf8") > LIMITS.memoryPathBytes) {
    throw invalidRequest(`${field}: must be at most ${LIMITS.memoryPathBytes} bytes.`);
  }
  checkCharacters(field, path);
  const segments = path.slice(1).split("/");
  if (segments.length > LIMITS.memoryPathSegments) {
    throw invalidRequest(`${field}: must have at most ${LIMITS.memoryPathSegments} segments.`);
  }
  checkSegments(field, segments);
  return path;
}

/** A `path_prefix` is `/` or a folder path ending in `/`; it matches whole segments. */
export function validatePathPrefix(prefix: string): string {
  if (!prefix.startsWith("/") || !prefix.endsWith("/")) {
    throw invalidRequest("path_prefix: must start and end with '/', such as '/' or '/notes/'.");
  }
  if (prefix === "/") return prefix;
  checkCharacters("path_prefix", prefix);
  if (Buffer.byteLength(prefix, "utf8") > LIMITS.memoryPathBytes) {
    throw invalidRequest(`path_prefix: must be at most ${LIMITS.memoryPathBytes} bytes.`);
  }
  checkSegments("path_prefix", prefix.slice(1, -1).split("/"));
  return prefix;
}

/** The proper ancestors of a path as memory paths: `/a/b/c` → `/a`, `/a/b`. */
export function ancestorPaths(path: string): string[] {
  const segments = path.slice(1).split("/");
  return segments.slice(0, -1).map((_, i) => "/" + segments.slice(0, i + 1).join("/"));
}

/**
 * The half-open range [from, to) of paths strictly inside folder `prefix` (which ends in `/`).
 * Byte order puts every `<prefix>…` between `<prefix>` and the prefix with its `/` bumped to `0`.
 */
export function folderRange(prefix: string): { from: string; to: string } {
  return { from: prefix, to: prefix.slice(0, -1) + "0" };
}

/**
 * The smallest string ordered after `path` that is not inside it. No valid path holds a
 * character below U+0020, so `path + " "` is the least valid path greater than `path`.
 */
export function after(path: string): string {
  return path + " ";
}
