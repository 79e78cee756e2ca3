import { createHash } from "node:crypto";
import type { TestServer } from "./server.ts";
import { openRawDb, type RawDb } from "./database.ts";

/**
 * docs/design.md invariants 2–3 plus the store's memory count, checked twice: through the API
 * (what a client sees) and directly in the database (what is really stored). Returns the
 * problems found, so a failing test names them all.
 */
const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

function overlaps(paths: string[]): string[] {
  const live = new Set(paths);
  const problems: string[] = [];
  if (live.size !== paths.length) problems.push("the same path is live twice");
  for (const path of paths) {
    const segments = path.split("/");
    for (let i = 2; i < segments.length; i++) {
      const ancestor = segments.slice(0, i).join("/");
      if (live.has(ancestor)) problems.push(`${ancestor} and ${path} are both live`);
    }
  }
  return problems;
}

export async function problemsSeenThroughApi(server: TestServer, storeId: string): Promise<string[]> {
  const stores = server.client.beta.memoryStores;
  const problems: string[] = [];
  const listed: { id: string; path: string; content_sha256: string; memory_version_id: string }[] = [];
  for await (const item of stores.memories.list(storeId, { limit: 100 })) {
    if (item.type === "memory") listed.push(item);
  }
  for (const m of listed) {
    const full = await stores.memories.retrieve(m.id, { memory_store_id: storeId });
    if (sha256(full.content ?? "") !== full.content_sha256) problems.push(`${m.path}: content_sha256 is not the hash of its content`);
    if (full.content_sha256 !== m.content_sha256) problems.push(`${m.path}: list and retrieve disagree on content_sha256`);
    const newest = await stores.memoryVersions.list(storeId, { memory_id: m.id, limit: 1 });
    const head = newest.data[0];
    if (head?.id !== full.memory_version_id) {
      problems.push(`${m.path}: memory_version_id ${full.memory_version_id} is not the newest version (${head?.id})`);
    } else if (head.content_sha256 !== full.content_sha256 || head.path !== full.path) {
      problems.push(`${m.path}: its newest version holds another path or content`);
    }
  }
  problems.push(...overlaps(listed.map((m) => m.path)));
  const store = (await stores.retrieve(storeId)) as unknown as { memory_count: number };
  if (store.memory_count !== listed.length) problems.push(`memory_count is ${store.memory_count}, the store lists ${listed.length} memories`);
  return problems;
}

export async function problemsSeenInDatabase(databaseUrl: string): Promise<string[]> {
  const db = await openRawDb(databaseUrl);
  const problems: string[] = [];
  try {
    if (db.engine === "sqlite") {
      const [check] = await db.query<{ integrity_check: string }>("PRAGMA integrity_check");
      if (check?.integrity_check !== "ok") problems.push(`integrity_check: ${check?.integrity_check}`);
      const fk = await db.query("PRAGMA foreign_key_check");
      if (fk.length > 0) problems.push(`foreign_key_check: ${JSON.stringify(fk)}`);
      problems.push(...(await searchIndexProblems(db)));
    }
    const counts = await db.query<{ id: string; memory_count: number; live: number }>(
      `SELECT s.id, s.memory_count, (SELECT count(*) FROM memories m WHERE m.store_id = s.id) AS live FROM memory_stores s`,
    );
    for (const s of counts) {
      if (Number(s.memory_count) !== Number(s.live)) problems.push(`store ${s.id}: memory_count ${s.memory_count}, ${s.live} live memories`);
    }
    // The Usage page's daily counters (migration 0036) move with every write: their deltas add up to the store's counts.
    const usage = await db.query<{ id: string; memory_count: number; content_bytes: number; memories: number | null; bytes: number | null }>(
      `SELECT s.id, s.memory_count, s.content_bytes, sum(u.memories_delta) AS memories, sum(u.bytes_delta) AS bytes
       FROM memory_stores s LEFT JOIN store_usage_days u ON u.store_id = s.id GROUP BY s.id, s.memory_count, s.content_bytes`,
    );
    for (const s of usage) {
      if (Number(s.memories ?? 0) !== Number(s.memory_count) || Number(s.bytes ?? 0) !== Number(s.content_bytes)) {
        problems.push(
          `store ${s.id}: usage counters add up to ${s.memories} memories and ${s.bytes} bytes, the store has ${s.memory_count} and ${s.content_bytes}`,
        );
      }
    }
    const memories = await db.query<{
      id: string;
      store_id: string;
      path: string;
      content: string;
      content_sha256: string;
      content_size_bytes: number;
      memory_version_id: string;
      newest: string | null;
      v_path: string | null;
      v_sha: string | null;
      v_content: string | null;
      v_op: string | null;
    }>(
      `SELECT m.id, m.store_id, m.path, m.content, m.content_sha256, m.content_size_bytes, m.memory_version_id,
              (SELECT max(v.id) FROM memory_versions v WHERE v.memory_id = m.id) AS newest,
              h.path AS v_path, h.content_sha256 AS v_sha, h.content AS v_content, h.operation AS v_op
       FROM memories m LEFT JOIN memory_versions h ON h.id = m.memory_version_id`,
    );
    const byStore = new Map<string, string[]>();
    for (const m of memories) {
      if (sha256(m.content) !== m.content_sha256) problems.push(`${m.path}: content_sha256 is not the hash of its content`);
      if (Buffer.byteLength(m.content, "utf8") !== Number(m.content_size_bytes)) problems.push(`${m.path}: content_size_bytes is wrong`);
      if (m.memory_version_id !== m.newest) problems.push(`${m.path}: memory_version_id ${m.memory_version_id} is not the newest version ${m.newest}`);
      if (m.v_op === null) problems.push(`${m.path}: its head version ${m.memory_version_id} does not exist`);
      else if (m.v_op === "deleted" || m.v_path !== m.path || m.v_sha !== m.content_sha256 || m.v_content !== m.content) {
        problems.push(`${m.path}: its head version does not hold its path and content`);
      }
      byStore.set(m.store_id, [...(byStore.get(m.store_id) ?? []), m.path]);
    }
    for (const paths of byStore.values()) problems.push(...overlaps(paths));
    problems.push(...(await predecessorProblems((sql) => db.query(sql))));
    problems.push(...(await reviewHeadProblems((sql) => db.query(sql))));
  } finally {
    await db.close();
  }
  return problems;
}

/**
 * SQLite's search index (FTS5 tables kept by triggers) holds exactly the versions that have a
 * path or content, each once. PostgreSQL's is made of ordinary indexes, which PostgreSQL itself
 * keeps in step with the rows.
 */
async function searchIndexProblems(db: RawDb): Promise<string[]> {
  const problems: string[] = [];
  const count = async (sql: string) => Number((await db.query<{ n: number }>(sql))[0]!.n);
  // A version with text has its index key, or waits in the pending list (migration 0009), never both.
  const missing = await count(
    `SELECT count(*) AS n FROM memory_versions v WHERE (v.path IS NOT NULL OR v.content IS NOT NULL)
       AND NOT EXISTS (SELECT 1 FROM search_keys k WHERE k.version_id = v.id) AND NOT EXISTS (SELECT 1 FROM search_pending p WHERE p.version_id = v.id)`,
  );
  if (missing > 0) problems.push(`search index: ${missing} versions are not indexed`);
  const both = await count(`SELECT count(*) AS n FROM search_pending p JOIN search_keys k ON k.version_id = p.version_id`);
  if (both > 0) problems.push(`search index: ${both} pending versions also have an index key`);
  const stale = await count(
    `SELECT count(*) AS n FROM (SELECT version_id FROM search_keys UNION ALL SELECT version_id FROM search_pending) k
       WHERE NOT EXISTS (SELECT 1 FROM memory_versions v WHERE v.id = k.version_id AND (v.path IS NOT NULL OR v.content IS NOT NULL))`,
  );
  if (stale > 0) problems.push(`search index: ${stale} entries for versions that are gone or redacted`);
  for (const table of ["search_words", "search_exact"]) {
    // Rows of deleted versions awaiting their purge (migration 0006) are unreachable, not strays.
    const strays = await count(
      `SELECT count(*) AS n FROM ${table} WHERE rowid NOT IN (SELECT id FROM search_keys) AND rowid NOT IN (SELECT id FROM search_purge)`,
    );
    const absent = await count(`SELECT count(*) AS n FROM search_keys WHERE id NOT IN (SELECT rowid FROM ${table})`);
    if (strays + absent > 0) problems.push(`search index: ${table} has ${strays} rows without a key and lacks ${absent}`);
    await db.query(`INSERT INTO ${table} (${table}) VALUES ('integrity-check')`).catch((e: Error) => problems.push(`${table}: ${e.message}`));
  }
  return problems;
}

/**
 * Each version names the version of its memory it followed (migration 0027): the one before it
 * in id order, and when that one was written, never after itself; a memory's first names none.
 * Where retention pruned the one it names, nothing newer than that one may be left before it.
 * Its `previous_path` is that one's path: none when that one is gone, was a deletion or was redacted.
 */
export async function predecessorProblems(query: (sql: string) => Promise<unknown[]>): Promise<string[]> {
  const wrong = (await query(
    `SELECT v.id, v.previous_id, l.before FROM memory_versions v
     JOIN (SELECT id, lag(id) OVER chain AS before, lag(created_at) OVER chain AS before_at
           FROM memory_versions WINDOW chain AS (PARTITION BY memory_id ORDER BY id)) l ON l.id = v.id
     WHERE (v.previous_id IS NULL AND l.before IS NOT NULL) OR v.previous_created_at > v.created_at
        OR (v.previous_id = l.before AND v.previous_created_at <> l.before_at)
        OR (v.previous_id IS NOT NULL AND (l.before IS NULL OR v.previous_id <> l.before)
            AND (l.before > v.previous_id OR EXISTS (SELECT 1 FROM memory_versions p WHERE p.id = v.previous_id)))`,
  )) as { id: string; previous_id: string | null; before: string | null }[];
  const paths = (await query(
    `SELECT v.id, v.previous_path FROM memory_versions v
     WHERE v.previous_path IS DISTINCT FROM (SELECT p.path FROM memory_versions p WHERE p.id = v.previous_id AND p.operation <> 'deleted')`,
  )) as { id: string; previous_path: string | null }[];
  return [
    ...wrong.map((v) => `version ${v.id}: names ${v.previous_id ?? "no version"} as the one it followed, not ${v.before ?? "none"}`),
    // Its copy of that one's path (migration 0028): gone with a deletion, a redaction or a pruning.
    ...paths.map((v) => `version ${v.id}: keeps ${JSON.stringify(v.previous_path)} as the path before it, not its predecessor's`),
  ];
}

/**
 * Every open review item shows the memory's real head (issue 42): its head version is the
 * memory's newest version, live or deleted, and its path is that version's (a deleted memory's
 * item keeps the path it had).
 */
export async function reviewHeadProblems(query: (sql: string) => Promise<unknown[]>): Promise<string[]> {
  const wrong = (await query(
    `SELECT r.memory_id, r.head_version_id, (SELECT MAX(v.id) FROM memory_versions v WHERE v.memory_id = r.memory_id) AS newest
     FROM review_items r
     WHERE r.head_version_id <> (SELECT MAX(v.id) FROM memory_versions v WHERE v.memory_id = r.memory_id)
        OR r.path <> (SELECT COALESCE(v.path, r.path) FROM memory_versions v WHERE v.id = r.head_version_id)`,
  )) as { memory_id: string; head_version_id: string; newest: string | null }[];
  return wrong.map((r) => `review item of ${r.memory_id}: shows version ${r.head_version_id}, the memory's newest is ${r.newest ?? "gone"}`);
}
