import { invalidRequest } from "../errors.ts";
import { LIMITS } from "../limits.ts";

/** Store field rules (spec: name 1–255 chars without control characters, description ≤ 1,024, metadata ≤ 16 pairs). */
const CONTROL = /\p{Cc}/u;
const chars = (s: string) => [...s].length;

export function validateStoreName(name: unknown): string {
  if (typeof name !== "string") throw invalidRequest("name: must be a string.");
  if (chars(name) < 1 || chars(name) > LIMITS.storeNameChars) {
    throw invalidRequest(`name: must be 1 to ${LIMITS.storeNameChars} characters long.`);
  }
  if (CONTROL.test(name)) throw invalidRequest("name: must not contain control characters.");
  if (!name.isWellFormed()) throw invalidRequest("name: must be valid Unicode text.");
  return name;
}

export function validateStoreDescription(description: unknown): string {
  if (typeof description !== "string") throw invalidRequest("description: must be a string.");
  if (chars(description) > LIMITS.storeDescriptionChars) {
    throw invalidRequest(`description: must be at most ${LIMITS.storeDescriptionChars} characters long.`);
  }
  if (description.includes("\u0000") || !description.isWellFormed()) {
    throw invalidRequest("description: must be valid text without NUL characters.");
  }
  return description;
}

function validateMetadataEntry(key: string, value: unknown) {
  if (chars(key) < 1 || chars(key) > LIMITS.metadataKeyChars) {
    throw invalidRequest(`metadata: keys must be 1 to ${LIMITS.metadataKeyChars} characters long (got "${key.slice(0, 80)}").`);
  }
  if (typeof value !== "string") throw invalidRequest(`metadata.${key}: must be a string.`);
  if (chars(value) > LIMITS.metadataValueChars) {
    throw invalidRequest(`metadata.${key}: must be at most ${LIMITS.metadataValueChars} characters long.`);
  }
  if (key.includes("\u0000") || value.includes("\u0000") || !key.isWellFormed() || !value.isWellFormed()) {
    throw invalidRequest(`metadata.${key}: must be valid text without NUL characters.`);
  }
}

function assertPairCount(metadata: Record<string, string>) {
  if (Object.keys(metadata).length > LIMITS.metadataPairs) {
    throw invalidRequest(`metadata: a store holds at most ${LIMITS.metadataPairs} key-value pairs.`);
  }
}

function assertObject(value: unknown): asserts value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw invalidRequest("metadata: must be an object of string values.");
  }
}

export function validateMetadata(metadata: unknown): Record<string, string> {
  assertObject(metadata);
  for (const [key, value] of Object.entries(metadata)) validateMetadataEntry(key, value);
  const result = metadata as Record<string, string>;
  assertPairCount(result);
  return result;
}

/** Update semantics: keys left out keep their value, a string replaces, `null` removes. */
export function mergeMetadata(current: Record<string, string>, changes: unknown): Record<string, string> {
  assertObject(changes);
  // A Map, because assigning obj["__proto__"] would set a prototype instead of a key.
  const merged = new Map(Object.entries(current));
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) {
      merged.delete(key);
    } else {
      validateMetadataEntry(key, value);
      merged.set(key, value as string);
    }
  }
  const result = Object.fromEntries(merged);
  assertPairCount(result);
  return result;
}
