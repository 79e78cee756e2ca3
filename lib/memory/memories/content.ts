import { invalidRequest } from "../errors.ts";
import { LIMITS } from "../limits.ts";
import { validateMemoryPath } from "../paths.ts";

/**
 * Content is UTF-8 text of at most 102,400 bytes. NUL is refused because PostgreSQL text
 * cannot hold it, and the two engines must accept exactly the same content.
 */
export function validateContent(content: unknown, field = "content"): string {
  if (typeof content !== "string") throw invalidRequest(`${field}: must be a string.`);
  if (!content.isWellFormed()) throw invalidRequest(`${field}: must be valid UTF-8 text (it has an unpaired surrogate).`);
  if (content.includes("\u0000")) throw invalidRequest(`${field}: must not contain NUL (U+0000) characters.`);
  assertContentSize(Buffer.byteLength(content, "utf8"), field);
  return content;
}

/** The size half of validateContent, for a caller that holds a stored version's size and not its text (the export's check). */
export function assertContentSize(bytes: number, field = "content") {
  if (bytes > LIMITS.memoryContentBytes) {
    throw invalidRequest(`${field}: is ${bytes} bytes; a memory holds at most ${LIMITS.memoryContentBytes} bytes (100 kB).`);
  }
}

/** A memory's state as every write path must leave it: a valid path and valid content (mutations.ts checks each write). */
export function validateMemoryState(state: { path: string; content: string }) {
  validateMemoryPath(state.path);
  validateContent(state.content);
}
