import { actorFromColumns, type Actor } from "../actor.ts";
import { join, sql, type SqlClient } from "../db.ts";
import { batches } from "../time-travel/find-put-back.ts";
import { authorJson, authorsFromColumn } from "./review-authors.ts";
import type { ItemFinding } from "./review-rows.ts";

/** A state of a memory that nobody settled, and who wrote what it holds. */
export interface UnsettledState {
  versionId: string;
  memoryId: string;
  authors: Actor[];
  /** What the write policy's detectors found in the writes that state holds (its open item's, up to it). */
  findings: ItemFinding[];
}

/** A stretch of a memory's versions that awaited review: after `from` (all when null) up to `to`. */
type Stretch = { from: string | null; to: string };

const covers = (stretch: Stretch, versionId: string) => (stretch.from === null || stretch.from < versionId) && stretch.to >= versionId;

/**
 * Which of these versions hold a state nobody settled. A memory is settled up to a version and
 * what came after awaits review (its open item), until a reviewer decides it (a decision, from
 * the settled version to the one decided). So a version was a settled state unless such a
 * stretch holds it, and then only when an approval ended there: an approval settles the state it
 * approved, a revert or an edit replaces what it covers, and the versions in the middle of any
 * of them were never states anyone settled. Versions ids of one memory are in the order written
 * (lib/memory/ids.ts), so a stretch is a range of ids. The authors of an unsettled state are
 * those of the versions from its stretch's start up to it (the open item's own list when it is
 * that item's head: it knows whose unsettled state a deliberate act put back there).
 */
export async function unsettledStates(
  client: SqlClient,
  storeId: string,
  versionIds: readonly string[],
  options: { authors?: boolean } = {},
): Promise<Map<string, UnsettledState>> {
  const found = new Map<string, UnsettledState>();
  for (const ids of batches([...new Set(versionIds)])) {
    // By id and memory id alone, the store checked here: with store_id in these statements SQLite
    // (no statistics) walked the store's index instead of the primary key (as find-put-back.ts says).
    // The open items and decisions are asked of the versions' memories by subquery, so that all
    // three statements go at once: on PostgreSQL one round trip (pipelined) instead of three.
    const ofTheirMemories = sql`(SELECT memory_id FROM memory_versions WHERE id IN (${join(ids)}))`;
    const [rows, items, decisions] = await Promise.all([
      client.$queryRaw<{ id: string; memory_id: string; store_id: string }[]>`SELECT id, memory_id, store_id FROM memory_versions WHERE id IN (${join(ids)})`,
      client.$queryRaw<
        {
          memory_id: string;
          store_id: string;
          settled_version_id: string | null;
          head_version_id: string;
          authors: string | null;
          last_actor_type: string;
          last_actor_id: string;
          findings: string | null;
        }[]
      >`SELECT memory_id, store_id, settled_version_id, head_version_id, authors, last_actor_type, last_actor_id, findings FROM review_items
        WHERE memory_id IN ${ofTheirMemories}`,
      client.$queryRaw<{ memory_id: string; action: string; from_version_id: string | null; to_version_id: string }[]>`
        SELECT memory_id, action, from_version_id, to_version_id FROM review_decisions WHERE store_id = ${storeId} AND memory_id IN ${ofTheirMemories}`,
    ]);
    const versions = rows.filter((v) => v.store_id === storeId);
    if (versions.length === 0) continue;
    const openItems = new Map(items.filter((i) => i.store_id === storeId).map((i) => [i.memory_id, i]));
    const decisionsOf = new Map<string, typeof decisions>();
    for (const d of decisions) decisionsOf.set(d.memory_id, [...(decisionsOf.get(d.memory_id) ?? []), d]);
    // Whose writes each unsettled state holds, asked for all of them at once below.
    const unsettled: { state: UnsettledState; stretch: Stretch | null }[] = [];
    for (const version of versions) {
      const item = openItems.get(version.memory_id);
      if (item && covers({ from: item.settled_version_id, to: item.head_version_id }, version.id)) {
        const known = item.head_version_id === version.id && item.authors !== null;
        // The findings of the writes the state holds: those of later writes went with them.
        const findings = item.findings === null ? [] : (JSON.parse(item.findings) as ItemFinding[]).filter((f) => f.version_id <= version.id);
        const authors = known ? authorsFromColumn(item.authors, actorFromColumns(item.last_actor_type, item.last_actor_id)!) : [];
        unsettled.push({
          state: { versionId: version.id, memoryId: version.memory_id, authors, findings },
          stretch: known ? null : { from: item.settled_version_id, to: version.id },
        });
        continue;
      }
      const decided = decisionsOf.get(version.memory_id)?.find((d) => covers({ from: d.from_version_id, to: d.to_version_id }, version.id));
      if (!decided || (decided.action === "approved" && decided.to_version_id === version.id)) continue;
      unsettled.push({
        state: { versionId: version.id, memoryId: version.memory_id, authors: [], findings: [] },
        stretch: { from: decided.from_version_id, to: version.id },
      });
    }
    const wanted = options.authors === false ? [] : unsettled.flatMap((u) => (u.stretch ? [{ memoryId: u.state.memoryId, ...u.stretch }] : []));
    const authors = await authorsOfStretches(client, storeId, wanted);
    for (const { state, stretch } of unsettled) {
      found.set(state.versionId, stretch ? { ...state, authors: authors.get(stretch.to) ?? [] } : state);
    }
  }
  return found;
}

/** Who wrote a memory's versions in a stretch, in the order they first wrote. */
export async function authorsBetween(client: SqlClient, storeId: string, memoryId: string, stretch: Stretch): Promise<Actor[]> {
  return (await authorsOfStretches(client, storeId, [{ memoryId, ...stretch }])).get(stretch.to) ?? [];
}

/**
 * The authors of several memories' stretches, keyed by the stretch's last version: one statement
 * per hundred stretches (a restore puts back thousands), each a range of the
 * (store_id, memory_id, id) index. A stretch from the start has '' as its lower bound, below
 * every id, so the VALUES list holds no NULL whose type PostgreSQL would have to guess.
 */
async function authorsOfStretches(client: SqlClient, storeId: string, stretches: readonly ({ memoryId: string } & Stretch)[]): Promise<Map<string, Actor[]>> {
  const authors = new Map<string, Map<string, Actor>>();
  for (const chunk of batches(stretches, STRETCHES_PER_STATEMENT)) {
    const wanted = join(chunk.map((s) => sql`(${s.to}, ${s.memoryId}, ${s.from ?? ""})`));
    const rows = await client.$queryRaw<{ stretch_to: string; created_by_type: string | null; created_by_id: string | null; api_key_id: string | null }[]>`
      SELECT w.column1 AS stretch_to, v.created_by_type, v.created_by_id, v.api_key_id
      FROM (VALUES ${wanted}) AS w
      JOIN memory_versions v ON v.store_id = ${storeId} AND v.memory_id = w.column2 AND v.id <= w.column1 AND v.id > w.column3
      GROUP BY w.column1, v.created_by_type, v.created_by_id, v.api_key_id ORDER BY w.column1, MIN(v.id)`;
    for (const row of rows) {
      const actor = actorFromColumns(row.created_by_type, row.created_by_id);
      if (!actor) continue;
      const withKey = actor.type === "session_actor" && row.api_key_id ? { ...actor, api_key_id: row.api_key_id } : actor;
      const of = authors.get(row.stretch_to) ?? new Map<string, Actor>();
      of.set(authorJson(withKey), withKey);
      authors.set(row.stretch_to, of);
    }
  }
  return new Map([...authors].map(([to, of]) => [to, [...of.values()]]));
}

const STRETCHES_PER_STATEMENT = 100;
