import { invalidRequest, preconditionFailed } from "../errors.ts";
import { SHA256_HEX } from "../hashing.ts";

/** A `content_sha256` value from a caller: 64 lowercase hex characters. */
export function validateSha256(value: unknown, field: string): string {
  if (typeof value !== "string" || !SHA256_HEX.test(value)) {
    throw invalidRequest(`${field}: must be 64 lowercase hexadecimal characters (the SHA-256 of the content's UTF-8 bytes).`);
  }
  return value;
}

/** The update `precondition` object; currently only `{ type: "content_sha256", content_sha256 }`. */
export function parsePrecondition(precondition: unknown): string | undefined {
  if (precondition == null) return undefined;
  if (typeof precondition !== "object" || Array.isArray(precondition)) throw invalidRequest("precondition: must be an object.");
  const { type, content_sha256 } = precondition as { type?: unknown; content_sha256?: unknown };
  if (type !== "content_sha256") throw invalidRequest('precondition.type: must be "content_sha256".');
  return validateSha256(content_sha256, "precondition.content_sha256");
}

export function assertContentSha(memory: { id: string; contentSha256: string }, expected: string | undefined) {
  if (expected !== undefined && expected !== memory.contentSha256) {
    throw preconditionFailed(
      `Precondition failed: the content of memory ${memory.id} no longer has content_sha256 ${expected}. Retrieve the memory and retry against its current content.`,
    );
  }
}
