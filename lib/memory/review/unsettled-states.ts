import { actorFromColumns, type Actor } from "../actor.ts";
import { empty, join, sql, type SqlClient } from "../db.ts";
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
export async function unsettledStates(client: SqlClient, storeId: string, versionIds: readonly string[]): Promise<Map<string, UnsettledState>> {
  const found = new Map<string, UnsettledState>();
  for (const ids of batches([...new Set(versionIds)])) {
    const versions = await client.$queryRaw<{ id: string; memory_id: string }[]>`
      SELECT id, memory_id FROM memory_versions WHERE store_id = ${storeId} AND id IN (${join(ids)})`;
    if (versions.length === 0) continue;
    const memoryIds = [...new Set(versions.map((v) => v.memory_id))];
    const items = await client.$queryRaw<
      {
        memory_id: string;
        settled_version_id: string | null;
        head_version_id: string;
        authors: string | null;
        last_actor_type: string;
        last_actor_id: string;
        findings: string | null;
      }[]
    >`SELECT memory_id, settled_version_id, head_version_id, authors, last_actor_type, last_actor_id, findings FROM review_items
      WHERE store_id = ${storeId} AND memory_id IN (${join(memoryIds)})`;
    const decisions = await client.$queryRaw<{ memory_id: string; action: string; from_version_id: string | null; to_version_id: string }[]>`
      SELECT memory_id, action, from_version_id, to_version_id FROM review_decisions WHERE store_id = ${storeId} AND memory_id IN (${join(memoryIds)})`;
    const openItems = new Map(items.map((i) => [i.memory_id, i]));
    for (const version of versions) {
      const item = openItems.get(version.memory_id);
      if (item && covers({ from: item.settled_version_id, to: item.head_version_id }, version.id)) {
        const authors =
          item.head_version_id === version.id && item.authors !== null
            ? authorsFromColumn(item.authors, actorFromColumns(item.last_actor_type, item.last_actor_id)!)
            : await authorsBetween(client, storeId, version.memory_id, { from: item.settled_version_id, to: version.id });
        // The findings of the writes the state holds: those of later writes went with them.
        const findings = item.findings === null ? [] : (JSON.parse(item.findings) as ItemFinding[]).filter((f) => f.version_id <= version.id);
        found.set(version.id, { versionId: version.id, memoryId: version.memory_id, authors, findings });
        continue;
      }
      const decided = decisions.find((d) => d.memory_id === version.memory_id && covers({ from: d.from_version_id, to: d.to_version_id }, version.id));
      if (!decided || (decided.action === "approved" && decided.to_version_id === version.id)) continue;
      const authors = await authorsBetween(client, storeId, version.memory_id, { from: decided.from_version_id, to: version.id });
      found.set(version.id, { versionId: version.id, memoryId: version.memory_id, authors, findings: [] });
    }
  }
  return found;
}

/** Who wrote a memory's versions in a stretch, in the order they first wrote. */
export async function authorsBetween(client: SqlClient, storeId: string, memoryId: string, stretch: Stretch): Promise<Actor[]> {
  const rows = await client.$queryRaw<{ created_by_type: string | null; created_by_id: string | null; api_key_id: string | null }[]>`
    SELECT created_by_type, created_by_id, api_key_id FROM memory_versions
    WHERE store_id = ${storeId} AND memory_id = ${memoryId} AND id <= ${stretch.to} ${stretch.from === null ? empty : sql`AND id > ${stretch.from}`}
    GROUP BY created_by_type, created_by_id, api_key_id ORDER BY MIN(id)`;
  const authors = new Map<string, Actor>();
  for (const row of rows) {
    const actor = actorFromColumns(row.created_by_type, row.created_by_id);
    if (!actor) continue;
    const withKey = actor.type === "session_actor" && row.api_key_id ? { ...actor, api_key_id: row.api_key_id } : actor;
    authors.set(authorJson(withKey), withKey);
  }
  return [...authors.values()];
}
