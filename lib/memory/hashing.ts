import { createHash } from "node:crypto";

/** Lowercase hex SHA-256 of the UTF-8 bytes, with no normalisation (the wire's content_sha256). */
export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

export function utf8Length(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

export const SHA256_HEX = /^[0-9a-f]{64}$/;
