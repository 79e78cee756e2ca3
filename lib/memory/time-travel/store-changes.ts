import { actorFromColumns, type Actor } from "../actor.ts";
import { join, sql, type Db } from "../db.ts";
import { invalidRequest } from "../errors.ts";
import { actorFilter, type ActorFilterInput } from "../versions/list-versions.ts";
import { assertAnswerable } from "./answerable-moment.ts";
import { compareBytes, headsAt, headsAtLatest, type HeadState } from "./states-at.ts";

/** How a memory differs between two moments (not version operations: a memory changed and changed back is none of these). */
export const CHANGE_KINDS = ["added", "modified", "moved", "moved_and_modified", "deleted"] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export interface StoreChange {
  memoryId: string;
  change: ChangeKind;
  before: HeadState | null;
  after: HeadState | null;
  /** Who wrote the versions between the two moments, in the order they first wrote. */
  actors: Actor[];
}

export interface StoreChangesInput {
  storeId: string;
  from: Date;
  to: Date;
  /** `/` or a folder ending in `/`, already validated: a memory is listed when it was or is under it. */
  prefix: string;
  actor: ActorFilterInput;
  limit: number;
  /** Continue after this item (the previous page's last). */
  after?: { path: string; memoryId: string };
}

/**
 * What differs between the store at `from` and at `to`, compared by path as well as by memory:
 * a path holding the same content at both moments is no change, whichever memory holds it (one
 * deleted and re-created there under a new id, or two memories that swapped paths and contents),
 * so the list is empty exactly when the store's (path, content) pairs are the same at both
 * moments. A path whose content differs is one item, `modified`, also when another memory holds
 * it now (one re-created there); a memory that left one path for another is one item, `moved` or
 * `moved_and_modified`; the rest are `deleted` and `added`. Only memories with versions written
 * in (from, to] can differ, so those are the only ones looked at. Ordered by path (after, else
 * before) in byte order, then id. A redacted state's hash is unknown: it differs from anything
 * but itself. With an actor filter, only items about a memory that actor wrote in between.
 */
export async function storeChanges(
  db: Db,
  input: StoreChangesInput,
): Promise<{ items: StoreChange[]; next: { path: string; memoryId: string } | null; summary: ChangesSummary }> {
  if (input.from.getTime() > input.to.getTime()) throw invalidRequest("from: must not be later than to.");
  await assertAnswerable(db.sql, input.storeId, input.from, "from");
  await assertAnswerable(db.sql, input.storeId, input.to, "to");
  const filter = actorFilter(input.actor);
  const rows = await db.sql.$queryRaw<{ memory_id: string; created_by_type: string | null; created_by_id: string | null; mine: number | bigint | boolean }[]>`
    SELECT memory_id, created_by_type, created_by_id, ${filter.length ? sql`CASE WHEN ${join(filter, " AND ")} THEN 1 ELSE 0 END` : sql`1`} AS mine
    FROM memory_versions WHERE store_id = ${input.storeId} AND created_at > ${input.from} AND created_at <= ${input.to}
    ORDER BY id`;
  const actors = new Map<string, Map<string, Actor>>();
  const wanted = new Set<string>();
  for (const row of rows) {
    if (Number(row.mine) === 1) wanted.add(row.memory_id);
    const actor = actorFromColumns(row.created_by_type, row.created_by_id);
    const seen = actors.get(row.memory_id) ?? new Map<string, Actor>();
    if (actor) seen.set(`${row.created_by_type}:${row.created_by_id}`, actor);
    actors.set(row.memory_id, seen);
  }
  // Every memory written in between, also with an actor filter: a path is compared whole.
  const ids = [...actors.keys()];
  const before = new Map((await headsAt(db.sql, input.storeId, input.from, { memoryIds: ids })).map((s) => [s.memoryId, s]));
  // `to` is usually now: then the states at `to` are the live rows (headsAtLatest), read by id.
  const latest = await headsAtLatest(db.sql, input.storeId, input.to, ids);
  const after = new Map((latest ?? (await headsAt(db.sql, input.storeId, input.to, { memoryIds: ids }))).map((s) => [s.memoryId, s]));
  const under = (state: HeadState | null) => state?.path != null && (input.prefix === "/" || state.path.startsWith(input.prefix));

  const changes: (StoreChange & { key: string })[] = [];
  for (const pair of pairsByPath(ids, before, after)) {
    if (!under(pair.before) && !under(pair.after)) continue;
    const involved = [pair.before?.memoryId, pair.after?.memoryId].filter((id): id is string => id !== undefined);
    if (filter.length > 0 && !involved.some((id) => wanted.has(id))) continue;
    const who = new Map(involved.flatMap((id) => [...actors.get(id)!]));
    changes.push({ ...pair, actors: [...who.values()], key: (pair.after ?? pair.before)!.path ?? "" });
  }
  changes.sort((x, y) => compareBytes(x.key, y.key) || (x.memoryId < y.memoryId ? -1 : 1));
  const start = input.after ? changes.findIndex((c) => (compareBytes(c.key, input.after!.path) || (c.memoryId <= input.after!.memoryId ? -1 : 1)) > 0) : 0;
  const rest = start < 0 ? [] : changes.slice(start);
  const page = rest.slice(0, input.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(({ key: _key, ...change }) => change),
    next: rest.length > input.limit && last ? { path: last.key, memoryId: last.memoryId } : null,
    summary: summarize(changes),
  };
}

/** The whole comparison at a glance, whatever page is asked for: how many of each kind, and per folder. */
export interface ChangesSummary {
  total: number;
  byChange: Record<ChangeKind, number>;
  /** Each folder holding changes (the folder of the path listed), in path order; at most SUMMARY_FOLDERS. */
  byFolder: { folder: string; total: number; byChange: Record<ChangeKind, number> }[];
  /** More folders than listed. */
  moreFolders: boolean;
}

const SUMMARY_FOLDERS = 200;
const noChanges = () => Object.fromEntries(CHANGE_KINDS.map((k) => [k, 0])) as Record<ChangeKind, number>;

function summarize(changes: readonly (StoreChange & { key: string })[]): ChangesSummary {
  const byChange = noChanges();
  const folders = new Map<string, { folder: string; total: number; byChange: Record<ChangeKind, number> }>();
  for (const change of changes) {
    byChange[change.change] += 1;
    const folder = change.key.slice(0, change.key.lastIndexOf("/") + 1) || "/";
    const entry = folders.get(folder) ?? { folder, total: 0, byChange: noChanges() };
    entry.total += 1;
    entry.byChange[change.change] += 1;
    folders.set(folder, entry);
  }
  // Changes are in path order, so their folders come in order too.
  const byFolder = [...folders.values()];
  return { total: changes.length, byChange, byFolder: byFolder.slice(0, SUMMARY_FOLDERS), moreFolders: byFolder.length > SUMMARY_FOLDERS };
}

type Pair = Omit<StoreChange, "actors">;

/**
 * The differences between two sets of states of the same memories, path first: states at one
 * path with the same content cancel out, whichever memories hold them. What is left pairs up by
 * memory (a memory changed, or moved), then by path (a memory gone and another there now: one
 * change at that path), and the rest stands alone (added, deleted); so no path is both deleted
 * and added. A state placed at no path (redacted, with no later version naming one) is compared
 * by memory alone.
 */
export function pairsByPath(ids: readonly string[], before: ReadonlyMap<string, HeadState>, after: ReadonlyMap<string, HeadState>): Pair[] {
  const gone = new Map<string, HeadState>(); // path → a state at `from` not matched yet
  const come = new Map<string, HeadState>(); // path → a state at `to` not matched yet
  const pairs: Pair[] = [];
  for (const id of ids) {
    const b = before.get(id) ?? null;
    const a = after.get(id) ?? null;
    if (b && a && b.versionId === a.versionId) continue;
    if (b?.path === null || a?.path === null) {
      const change = changeBetween(b, a);
      if (change) pairs.push({ memoryId: id, change, before: b, after: a });
      continue;
    }
    if (b) gone.set(b.path!, b);
    if (a) come.set(a.path!, a);
  }
  for (const [path, b] of gone) {
    const a = come.get(path);
    if (a && sameState(b, a)) {
      gone.delete(path);
      come.delete(path);
    }
  }
  const arrivals = new Map([...come.values()].map((a) => [a.memoryId, a]));
  for (const [path, b] of gone) {
    const a = arrivals.get(b.memoryId);
    if (!a) continue;
    pairs.push({ memoryId: b.memoryId, change: changeBetween(b, a) ?? "modified", before: b, after: a });
    gone.delete(path);
    come.delete(a.path!);
  }
  for (const [path, b] of gone) {
    const a = come.get(path) ?? null;
    come.delete(path);
    pairs.push({ memoryId: a?.memoryId ?? b.memoryId, change: a ? "modified" : "deleted", before: b, after: a });
  }
  for (const a of come.values()) pairs.push({ memoryId: a.memoryId, change: "added", before: null, after: a });
  return pairs;
}

/** Two states are the same when they are one version, or have the same path and a known, equal content hash. */
const sameState = (b: HeadState, a: HeadState) =>
  b.versionId === a.versionId || (b.path !== null && b.path === a.path && b.contentSha256 !== null && b.contentSha256 === a.contentSha256);

/** How a memory's state at one moment differs from another, or null when it does not. */
export function changeBetween(before: HeadState | null, after: HeadState | null): ChangeKind | null {
  if (!before && !after) return null;
  if (!before) return "added";
  if (!after) return "deleted";
  if (before.versionId === after.versionId) return null;
  const sameContent = before.contentSha256 !== null && before.contentSha256 === after.contentSha256;
  const samePath = before.path !== null && before.path === after.path;
  if (sameContent && samePath) return null;
  if (sameContent) return "moved";
  return samePath || before.path === null || after.path === null ? "modified" : "moved_and_modified";
}
