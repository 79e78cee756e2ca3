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
 * What differs between the store at `from` and at `to`: one item per memory whose state (path,
 * content hash) differs, ordered by its path (after, else before) in byte order, then id. Only
 * memories with versions written in (from, to] can differ, so those are the only ones looked
 * at; one changed and changed back is not listed. A redacted state's hash is unknown: it
 * differs from anything but itself. With an actor filter, only memories that actor wrote in
 * between are listed.
 */
export async function storeChanges(db: Db, input: StoreChangesInput): Promise<{ items: StoreChange[]; next: { path: string; memoryId: string } | null }> {
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
  const ids = [...wanted];
  const before = new Map((await headsAt(db.sql, input.storeId, input.from, { memoryIds: ids })).map((s) => [s.memoryId, s]));
  // `to` is usually now: then the states at `to` are the live rows (headsAtLatest), read by id.
  const latest = await headsAtLatest(db.sql, input.storeId, input.to, ids);
  const after = new Map((latest ?? (await headsAt(db.sql, input.storeId, input.to, { memoryIds: ids }))).map((s) => [s.memoryId, s]));
  const under = (state: HeadState | undefined) => state?.path != null && (input.prefix === "/" || state.path.startsWith(input.prefix));

  const changes: (StoreChange & { key: string })[] = [];
  for (const memoryId of ids) {
    const b = before.get(memoryId);
    const a = after.get(memoryId);
    if (!under(b) && !under(a)) continue;
    const change = changeBetween(b ?? null, a ?? null);
    if (change) changes.push({ memoryId, change, before: b ?? null, after: a ?? null, actors: [...actors.get(memoryId)!.values()], key: (a ?? b)!.path ?? "" });
  }
  changes.sort((x, y) => compareBytes(x.key, y.key) || (x.memoryId < y.memoryId ? -1 : 1));
  const start = input.after ? changes.findIndex((c) => (compareBytes(c.key, input.after!.path) || (c.memoryId <= input.after!.memoryId ? -1 : 1)) > 0) : 0;
  const rest = start < 0 ? [] : changes.slice(start);
  const page = rest.slice(0, input.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(({ key: _key, ...change }) => change),
    next: rest.length > input.limit && last ? { path: last.key, memoryId: last.memoryId } : null,
  };
}

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
