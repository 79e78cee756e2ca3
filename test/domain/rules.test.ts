import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The rules of docs/design.md ("Rules and limits", "Memory tool endpoint", "Invariants") and the
 * domain test that covers each, calling lib/memory directly on SQLite or PostgreSQL
 * (TEST_ENGINE). A rule marked `elsewhere` needs what only a server or a browser can show;
 * the note says where it is tested. The test below fails when a named test is renamed or
 * removed, so this list cannot go stale.
 */
type Coverage = { test: string } | { elsewhere: string };

export const RULES: Record<string, Coverage> = {
  // Stores
  "store name 1–255 chars, no control chars": { test: "store name is 1–255 characters without control characters" },
  "store description ≤ 1,024": { test: "store description is at most 1,024 characters" },
  "metadata ≤ 16 pairs, key 1–64, value ≤ 512": { test: "metadata holds at most 16 pairs, keys 1–64 and values up to 512 characters" },
  "update merges metadata, null removes a key": { test: "store update merges metadata and null removes a key" },
  "updated_at changes on store edits and archive, not on memory changes": { test: "updated_at moves on store edits and archive, not on memory changes" },
  // Paths and overlaps
  "path starts with /, 1–20 segments, no empty, . or .. segment": { test: "a path starts with '/', has 1–20 segments and no empty, '.' or '..' segment" },
  "no control or format characters, no U+2028/U+2029, NFC": { test: "a path has no control or format characters, no U+2028/U+2029, and is NFC" },
  "path ≤ 1,024 bytes": { test: "a path is at most 1,024 UTF-8 bytes" },
  "paths are case-sensitive": { test: "paths are case-sensitive" },
  "no two live memories on the same path": { test: "two live memories may not share a path" },
  "no live memory an ancestor of another": { test: "a memory may not be an ancestor or descendant of another" },
  "a path change is checked for overlaps too": { test: "a rename may not overlap another memory, and may keep its own path's folder" },
  "a deleted memory no longer holds its path": { test: "a deleted memory frees its path" },
  // Content and limits
  "content UTF-8 ≤ 102,400 bytes": { test: "content is UTF-8 text of at most 102,400 bytes, NUL refused" },
  "content_sha256 lowercase hex SHA-256 of the UTF-8 bytes, no normalisation; size counts bytes": {
    test: "content_sha256 is the lowercase hex SHA-256 of the UTF-8 bytes, unnormalised; size counts bytes",
  },
  "a store holds at most 10,000 memories, the rest keeps working": { test: "a store holds at most 10,000 memories; the rest keeps working" },
  "views: basic has content null, sha and size set": { test: "view basic lists without content, sha and size still set" },
  "views: which one is the default on each endpoint": { elsewhere: "a wire default: test/api/memories.test.ts" },
  "lists: stable order, pages": { test: "memory lists are in path order, page without gaps, and roll deeper paths into folders at depth 1" },
  "lists: limit default 20, max 100, full view caps at 20": { elsewhere: "wire parameters: test/api/stores.test.ts, test/api/memory-list.test.ts" },
  // Preconditions
  "update applies only if the stored hash matches": { test: "update with a matching content_sha256 precondition applies" },
  "else 409, nothing changed": { test: "update with a stale precondition fails and changes nothing" },
  "unless the stored content and path already equal the request": {
    test: "a stale precondition is no failure when content and path already equal the request",
  },
  "delete with expected_content_sha256 likewise": { test: "delete with expected_content_sha256 applies only if it matches" },
  "a malformed hash is an invalid request": { test: "malformed preconditions are invalid requests" },
  // Versions
  "create, modify, delete write exactly one version; a no-op writes none; newest first": {
    test: "create, modify and delete each write exactly one version; a no-op update writes none",
  },
  "a version keeps path, content, sha, size (null on deleted)": { test: "a version keeps path, content, sha and size (null on deleted)" },
  "created_by: api, user, session, service account actors": { test: "created_by records each kind of actor" },
  "versions outlive their memory": { test: "versions outlive their memory" },
  "memory_version_id is always the newest version": { test: "memory_version_id is the newest version and content_sha256 the hash of content" },
  // Redaction
  "redact refused on the head version of a live memory": { test: "redacting the head version of a live memory is refused" },
  "redact nulls content, path, sha, size; sets redacted_at/by; keeps created_by; retrieve works": {
    test: "redact nulls content, path, sha and size, records who and when, keeps created_by",
  },
  "versions of a deleted memory may all be redacted": { test: "every version of a deleted memory may be redacted" },
  "restore (console) writes an old version back": { elsewhere: "a console flow over update/create: e2e/history-write.spec.ts" },
  // Archive and retention
  "archived store refuses memory creates/updates and store updates": { test: "archived store refuses memory creates and updates and store updates" },
  "reading, deleting memories, redacting and deleting the store still work": {
    test: "archived store still allows reads, memory deletes, redaction and store delete",
  },
  "archive is irreversible": { test: "archive is irreversible and archiving twice changes nothing" },
  "lists hide archived stores unless include_archived": { test: "lists hide archived stores unless asked" },
  "old versions pruned except the head of live memories": { test: "pruning removes old versions except the head version of live memories" },
  "deleting a store removes everything in it": { test: "deleting a store removes its memories and versions" },
  // Memory tool
  "every path validated before anything else; traversal, %2e%2e, backslash, NUL touch nothing": {
    test: "memory tool: every path is validated first; traversal, encoding, backslashes and NUL touch nothing",
  },
  "create, view (directory and file)": { test: "memory tool: create never overwrites, directories are implied, view lists and numbers lines" },
  "str_replace, insert": { test: "memory tool: str_replace needs exactly one occurrence; insert checks its line" },
  "delete, rename (directories too)": { test: "memory tool: delete and rename of a directory write one version per memory, in one transaction" },
  "read-only credentials and archived stores": { test: "memory tool: read-only callers may view but not write; an archived store refuses every write" },
  "session_id attributes writes to session_actor": { test: "memory tool: writes are attributed to the session actor" },
  "a failing command is a result `Error: …` with is_error; an unknown store is an error": {
    test: "memory tool: a malformed or unknown command is an error result; an unknown store is an error",
  },
  "result strings identical to the SDK's BetaLocalFilesystemMemoryTool": { elsewhere: "compared with the SDK's own tool: test/memory-tool/golden.test.ts" },
  // Invariants
  "1. a mutation and its version in one transaction": { test: "a failed write leaves neither memory nor version" },
  "1. a multi-memory command rolls back as a whole": { test: "memory tool: a directory rename that fails part-way changes nothing" },
  "2. content_sha256 = sha256(content); memory_version_id = newest version": {
    test: "memory_version_id is the newest version and content_sha256 the hash of content",
  },
  "3. no overlapping live paths under concurrency": { test: "concurrent overlapping creates never leave overlapping live paths" },
  "4. writes serialised by the database, across instances": { elsewhere: "two servers on one PostgreSQL: test/concurrency/concurrent-writes.test.ts" },
  "5. nothing lost on a crash": { elsewhere: "kill -9 of a server: test/crash/kill-during-writes.test.ts" },
};

describe("docs/design.md rules checklist", () => {
  it("every test the checklist names exists in test/domain", () => {
    const names = new Set(
      readdirSync(import.meta.dirname)
        .filter((file) => file.endsWith(".test.ts"))
        .flatMap((file) =>
          [...readFileSync(join(import.meta.dirname, file), "utf8").matchAll(/\bit\(\s*"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string),
        ),
    );
    const missing = Object.values(RULES).flatMap((coverage) => ("test" in coverage && !names.has(coverage.test) ? [coverage.test] : []));
    expect(missing).toEqual([]);
  });
});
