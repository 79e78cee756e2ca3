import { createHash } from "node:crypto";
import type { SqlClient } from "../db.ts";
import { MemoryError } from "../errors.ts";
import { sha256Hex } from "../hashing.ts";
import { letOthersRun } from "../let-others-run.ts";
import { LIMITS } from "../limits.ts";
import { validateContent } from "../memories/content.ts";
import { ancestorPaths, validateMemoryPath } from "../paths.ts";

/** A file to import: its memory path and its bytes (or text already decoded). */
export interface ImportFile {
  path: string;
  data: Uint8Array | string;
}

export { CONFLICT_MODES, type ConflictMode } from "./conflict-modes.ts";
import type { ConflictMode } from "./conflict-modes.ts";

/**
 * What an import would do with one file: create it, overwrite an existing memory, skip it
 * (exists, on_conflict=skip), leave it (exists with the same content), or nothing because of a
 * problem (which then stops the whole import).
 */
export interface PlanItem {
  path: string;
  action: "create" | "overwrite" | "skip" | "unchanged" | "refused";
  contentSha256: string | null;
  sizeBytes: number;
  existing: { memoryId: string; contentSha256: string } | null;
  problem: string | null;
  content: string | null;
}

export interface ImportPlan {
  items: PlanItem[];
  problems: number;
  /** Hash of what the plan decided per path and the existing hashes it saw: the real import is conditional on it. */
  digest: string;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

function decode(data: Uint8Array | string): { content: string | null; size: number; problem: string | null } {
  if (typeof data === "string") return { content: data, size: Buffer.byteLength(data, "utf8"), problem: null };
  if (data.byteLength > LIMITS.memoryContentBytes) {
    return {
      content: null,
      size: data.byteLength,
      problem: `is ${data.byteLength} bytes; a memory holds at most ${LIMITS.memoryContentBytes} bytes (100 kB).`,
    };
  }
  try {
    return { content: utf8.decode(data), size: data.byteLength, problem: null };
  } catch {
    return { content: null, size: data.byteLength, problem: "is not UTF-8 text (a binary file?)." };
  }
}

function problemOf(check: () => unknown): string | null {
  try {
    check();
    return null;
  } catch (error) {
    if (error instanceof MemoryError) return error.message;
    throw error;
  }
}

interface Existing {
  byPath: Map<string, { id: string; sha: string }>;
  /** Every proper ancestor folder of a live path. */
  folders: Set<string>;
  count: number;
}

async function existingMemories(tx: SqlClient, storeId: string): Promise<Existing> {
  const rows = await tx.$queryRaw<{ id: string; path: string; content_sha256: string }[]>`
    SELECT id, path, content_sha256 FROM memories WHERE store_id = ${storeId}`;
  const byPath = new Map(rows.map((r) => [r.path, { id: r.id, sha: r.content_sha256 }]));
  const folders = new Set(rows.flatMap((r) => ancestorPaths(r.path)));
  return { byPath, folders, count: rows.length };
}

/**
 * Decides, for every file, what an import would do, under the store lock when the import is
 * real (so the plan still holds when it is carried out). The store holds at most 10,000
 * memories, so its paths and hashes (no content) fit in memory; everything here is linear in
 * the files and the store, with a yield every few hundred files.
 */
export async function planImport(tx: SqlClient, storeId: string, files: readonly ImportFile[], onConflict: ConflictMode): Promise<ImportPlan> {
  const existing = await existingMemories(tx, storeId);
  // Byte order, as the databases compare paths; each path's bytes once, not twice a comparison.
  const sorted = files
    .map((file) => ({ file, key: Buffer.from(file.path, "utf8") }))
    .sort((a, b) => Buffer.compare(a.key, b.key))
    .map(({ file }) => file);
  const importedPaths = new Set<string>();
  const importedFolders = new Set<string>();
  for (const file of sorted) {
    importedPaths.add(file.path);
    for (const folder of ancestorPaths(file.path)) importedFolders.add(folder);
  }
  let room = LIMITS.memoriesPerStore - existing.count;
  const items: PlanItem[] = [];
  for (const [i, file] of sorted.entries()) {
    if (i % 500 === 499) await letOthersRun();
    const { content, size, problem: decodeProblem } = decode(file.data);
    const sha = content === null ? null : sha256Hex(content);
    const found = existing.byPath.get(file.path);
    const item: PlanItem = {
      path: file.path,
      action: "create",
      contentSha256: sha,
      sizeBytes: size,
      existing: found ? { memoryId: found.id, contentSha256: found.sha } : null,
      problem:
        (sorted[i - 1]?.path === file.path ? "appears more than once in the import." : null) ??
        problemOf(() => validateMemoryPath(file.path)) ??
        decodeProblem ??
        (content === null ? null : problemOf(() => validateContent(content))) ??
        overlapProblem(file.path, existing, importedPaths, importedFolders),
      content,
    };
    if (!item.problem && found) {
      if (found.sha === sha) item.action = "unchanged";
      else if (onConflict === "skip") item.action = "skip";
      else if (onConflict === "overwrite") item.action = "overwrite";
      else item.problem = "already exists in the store with other content (on_conflict=fail).";
    }
    if (!item.problem && item.action === "create" && --room < 0) {
      item.problem = `would take the store past ${LIMITS.memoriesPerStore.toLocaleString("en-US")} memories.`;
    }
    if (item.problem) item.action = "refused";
    items.push(item);
  }
  const problems = items.filter((item) => item.problem).length;
  const digest = createHash("sha256")
    .update(JSON.stringify(items.map((item) => [item.path, item.action, item.contentSha256, item.existing?.contentSha256 ?? null])))
    .digest("hex");
  return { items, problems, digest };
}

function overlapProblem(path: string, existing: Existing, importedPaths: Set<string>, importedFolders: Set<string>): string | null {
  for (const ancestor of ancestorPaths(path)) {
    if (existing.byPath.has(ancestor)) return `cannot be written: ${ancestor} is a memory in the store, so it cannot also be a folder.`;
    if (importedPaths.has(ancestor)) return `cannot be written: ${ancestor} is also imported as a file, so it cannot also be a folder.`;
  }
  if (existing.folders.has(path)) return "cannot be written: it is a folder of memories in the store.";
  if (importedFolders.has(path)) return "cannot be written: it is also a folder of other imported files.";
  return null;
}
