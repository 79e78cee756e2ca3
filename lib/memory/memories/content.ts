import { invalidRequest } from "../errors.ts";
import { LIMITS } from "../limits.ts";

/**
 * Content is UTF-8 text of at most 102,400 bytes. NUL is refused because PostgreSQL text
 * cannot hold it, and the two engines must accept exactly the same content.
 */
export function validateContent(content: unknown, field = "content"): string {
  if (typeof content !== "string") throw invalidRequest(`${field}: must be a string.`);
  if (!content.isWellFormed()) throw invalidRequest(`${field}: must be valid UTF-8 text (it has an unpaired surrogate).`);
  if (content.includes("\u0000")) throw invalidRequest(`${field}: must not contain NUL (U+0000) characters.`);
  const bytes = Buffer.byteLength(content, "utf8");
  if (bytes > LIMITS.memoryContentBytes) {
    throw invalidRequest(`${field}: is ${bytes} bytes; a memory holds at most ${LIMITS.memoryContentBytes} bytes (100 kB).`);
  }
  return content;
}
