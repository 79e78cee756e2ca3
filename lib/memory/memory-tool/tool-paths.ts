import { posix } from "node:path";
import { MemoryError } from "../errors.ts";
import { validateMemoryPath } from "../paths.ts";
import { fail } from "./tool-failure.ts";

/** The memory tool's root: `/memories` is the store root, `/memories/a/b.md` is memory `/a/b.md`. */
export const MEMORY_ROOT = "/memories";

const MAX_SHOWN_PATH = 4096;

/** A tool path resolved to the store: `store` is null for the root itself. */
export interface ResolvedPath {
  store: string | null;
}

/** The tool path the model sees for a memory path. */
export function toolPathOf(memoryPath: string): string {
  return MEMORY_ROOT + memoryPath;
}

/**
 * Turns `%2e`, `%2E`, `%252e` (encoded twice) and the overlong UTF-8 forms of `.`, `/` and `\`
 * into the characters they stand for, so encoded traversal is seen whatever the case mix.
 */
function decodeForInspection(path: string): string {
  let current = path;
  for (let round = 0; round < 4; round++) {
    const next = current
      .replace(/%u([0-9a-f]{4})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      .replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      .replace(/\xc0\xae|\xe0\x80\xae/g, ".")
      .replace(/\xc0\xaf|\xe0\x80\xaf/g, "/")
      .replace(/\xc1\x9c/g, "\\");
    if (next === current) break;
    current = next;
  }
  return current;
}

function hasDotSegment(path: string): boolean {
  return path.split(/[/\\]/).some((segment) => segment === "." || segment === "..");
}

/**
 * Validates a tool path before anything else happens, and maps it to the store. Refused, in
 * this order: anything outside `/memories` or escaping it (the reference's own messages), `..`
 * segments, encoded traversal, backslashes, NUL, a sibling of the root such as `/memoriesX`;
 * then the store's own path rules. A single trailing `/` names the same file or directory, as
 * it does on the reference's filesystem.
 */
export function resolveToolPath(path: string): ResolvedPath {
  // Far past any valid path (1,024 bytes); not echoed back, so a huge one costs nothing more.
  if (path.length > MAX_SHOWN_PATH) fail(`Path is ${path.length} characters long; a memory path is at most 1,024 bytes`);
  if (!path.startsWith(MEMORY_ROOT)) fail(`Path must start with /memories, got: ${path}`);
  const rest = path.slice(MEMORY_ROOT.length);
  const relative = rest.replace(/^\//, "");
  const resolved = posix.resolve(relative ? posix.join(MEMORY_ROOT, relative) : MEMORY_ROOT);
  if (resolved !== MEMORY_ROOT && !resolved.startsWith(MEMORY_ROOT + "/")) fail(`Path ${path} would escape /memories directory`);
  if (rest.split("/").includes("..")) fail(`Path ${path} must not contain '..' segments`);
  const decoded = decodeForInspection(path);
  if (decoded !== path && (hasDotSegment(decoded) || decoded.includes("\\") || decoded.includes("\0"))) {
    fail(`Path ${path} must not contain URL-encoded traversal sequences such as %2e%2e`);
  }
  if (path.includes("\\")) fail(`Path ${path} must not contain backslashes`);
  // The path itself is left out of this message: a NUL would travel on inside the result text.
  if (path.includes("\0")) fail("Path must not contain NUL characters");
  // The reference would read `/memoriesX/a` as `/memories/X/a`; a sibling of the root is refused.
  if (rest !== "" && !rest.startsWith("/")) fail(`Path must be /memories or start with /memories/, got: ${path}`);

  const memoryPath = rest.length > 1 && rest.endsWith("/") ? rest.slice(0, -1) : rest;
  if (memoryPath === "" || memoryPath === "/") return { store: null };
  return { store: storePath(memoryPath, path) };
}

/** The store's path rules (segments, length, characters, NFC), reported against the tool path. */
export function storePath(memoryPath: string, shownPath: string): string {
  try {
    return validateMemoryPath(memoryPath, `Path ${shownPath}`);
  } catch (error) {
    if (error instanceof MemoryError) fail(error.message);
    throw error;
  }
}
