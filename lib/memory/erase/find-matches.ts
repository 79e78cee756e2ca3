import type { Db } from "../db.ts";
import { join } from "../db.ts";
import { invalidRequest } from "../errors.ts";
import { letOthersRun, SLICE_MS } from "../let-others-run.ts";
import { assertStoresInWorkspace } from "../stores/assert-store-in-workspace.ts";
import type { PatternType } from "./erasure-rows.ts";
import { erasableValue, parsePattern, type Pattern } from "./match-pattern.ts";

/** At most this many distinct values are listed; past it the scan goes on counting the ones listed. */
const MAX_DISTINCT_MATCHES = 1000;
/** A scan stops after this long and says so (complete: false). */
const MATCH_SCAN_MS = 5_000;
/** Versions read per statement (content included: up to 100 kB each). */
const PAGE = 100;

export interface FindMatchesInput {
  pattern: unknown;
  /** The stores to look in; null: every store of the workspace. */
  storeIds: readonly string[] | null;
  /** The request's workspace: a store of another answers as missing, and is never looked in. */
  workspaceId: string;
  /** Distinct values listed at most (1 to MAX_DISTINCT_MATCHES). */
  limit?: number;
}

export interface PatternMatch {
  /** The value as first found (an erase ignores case: values differing only in case are one). */
  value: string;
  /** Occurrences in every retained version looked at (path and content). */
  count: number;
  versions: number;
  memories: number;
  /** Memories whose current version holds it. */
  currentMemories: number;
  storeIds: string[];
}

export interface PatternMatches {
  patternType: PatternType;
  storeIds: string[] | null;
  matches: PatternMatch[];
  /** More distinct values than listed were found. */
  truncated: boolean;
  /** Every retained version was looked at (false: the scan ran out of time). */
  complete: boolean;
  scannedVersions: number;
  /** Occurrences that cannot be erased as exact text (shorter than 3 or longer than 128 characters). */
  skipped: number;
}

type Tally = { value: string; count: number; versions: number; lastVersion: string; memories: Set<string>; current: Set<string>; stores: Set<string> };
type VersionRow = { id: string; memory_id: string; path: string | null; content: string | null };

/**
 * The dry run of a pattern erase: every distinct value the pattern finds in the retained,
 * unredacted versions of the stores (null: all), with how often and where. Changes nothing,
 * records nothing (the values are what an erase must not keep). Bounded: store by store, a page
 * of versions per statement, the event loop's turn every SLICE_MS, a MATCH_SCAN_MS deadline, at
 * most `limit` distinct values; the pattern itself is linear (lib/memory/erase/match-pattern.ts).
 */
export async function findMatches(db: Db, input: FindMatchesInput): Promise<PatternMatches> {
  const pattern = parsePattern(input.pattern);
  const limit = input.limit ?? MAX_DISTINCT_MATCHES;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_DISTINCT_MATCHES)
    throw invalidRequest(`limit: must be an integer from 1 to ${MAX_DISTINCT_MATCHES}.`);
  const storeIds = input.storeIds === null ? null : [...new Set(input.storeIds)];
  await assertStoresInWorkspace(db.sql, input.workspaceId, storeIds ?? []);
  const stores =
    storeIds ?? (await db.sql.$queryRaw<{ id: string }[]>`SELECT id FROM memory_stores WHERE workspace_id = ${input.workspaceId} ORDER BY id`).map((s) => s.id);

  const scan = { tallies: new Map<string, Tally>(), limit, truncated: false, skipped: 0, scanned: 0, deadline: Date.now() + MATCH_SCAN_MS, slice: Date.now() };
  let complete = true;
  outer: for (const storeId of stores) {
    for (let after = ""; ;) {
      const rows = await db.sql.$queryRaw<VersionRow[]>`
        SELECT id, memory_id, path, content FROM memory_versions
        WHERE store_id = ${storeId} AND id > ${after} AND redacted_at IS NULL
        ORDER BY id LIMIT ${PAGE}`;
      if (rows.length === 0) break;
      const current = await currentVersions(db, storeId, rows);
      for (const row of rows) {
        if (!(await scanVersion(pattern, scan, storeId, row, current.has(row.id)))) {
          complete = false;
          break outer;
        }
        scan.scanned++;
      }
      if (rows.length < PAGE) break;
      after = rows[rows.length - 1]!.id;
      await letOthersRun();
      scan.slice = Date.now();
    }
  }
  const matches = [...scan.tallies.values()]
    .map((t) => ({ value: t.value, count: t.count, versions: t.versions, memories: t.memories.size, currentMemories: t.current.size, storeIds: [...t.stores] }))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
  return { patternType: pattern.type, storeIds, matches, truncated: scan.truncated, complete, scannedVersions: scan.scanned, skipped: scan.skipped };
}

async function currentVersions(db: Db, storeId: string, rows: readonly VersionRow[]): Promise<Set<string>> {
  const memoryIds = [...new Set(rows.map((r) => r.memory_id))];
  const heads = await db.sql.$queryRaw<{ memory_version_id: string }[]>`
    SELECT memory_version_id FROM memories WHERE store_id = ${storeId} AND id IN (${join(memoryIds)})`;
  return new Set(heads.map((h) => h.memory_version_id));
}

type Scan = { tallies: Map<string, Tally>; limit: number; truncated: boolean; skipped: number; deadline: number; slice: number };

/** One version's path and content; false when the deadline passed. */
async function scanVersion(pattern: Pattern, scan: Scan, storeId: string, row: VersionRow, isCurrent: boolean): Promise<boolean> {
  for (const text of [row.path, row.content]) {
    if (!text) continue;
    for (const step of pattern.values(text)) {
      const now = Date.now();
      if (now > scan.deadline) return false;
      if (now - scan.slice >= SLICE_MS) {
        await letOthersRun();
        scan.slice = Date.now();
      }
      if (step === null) continue;
      if (!erasableValue(step)) {
        scan.skipped++;
        continue;
      }
      tally(scan, step, storeId, row, isCurrent);
    }
  }
  return Date.now() <= scan.deadline;
}

function tally(scan: Scan, value: string, storeId: string, row: VersionRow, isCurrent: boolean) {
  const key = value.toLowerCase();
  let t = scan.tallies.get(key);
  if (!t) {
    if (scan.tallies.size >= scan.limit) {
      scan.truncated = true;
      return;
    }
    t = { value, count: 0, versions: 0, lastVersion: "", memories: new Set(), current: new Set(), stores: new Set() };
    scan.tallies.set(key, t);
  }
  t.count++;
  if (t.lastVersion !== row.id) {
    t.versions++;
    t.lastVersion = row.id;
  }
  t.memories.add(row.memory_id);
  if (isCurrent) t.current.add(row.memory_id);
  t.stores.add(storeId);
}
