/**
 * The benchmark's physical limit: a bare node:http server that answers the benchmark's reads
 * (list depth=1 and depth=0, retrieve, version list by memory) with the same JSON as the API,
 * from hand-written SQL: no framework, no ORM, no validation, no auth lookup. SQLite reads a
 * copy of the benchmark's database through prepared statements; PostgreSQL reads the same
 * database through one pg pool. Started by bench/run.ts:
 *   tsx bench/bare-server.ts --sqlite <file> | --postgres <url>   (prints "listening <port>")
 *
 * On PostgreSQL it also writes (issue 46), each write one transaction that locks its store's
 * row, as ours does, and writes the memory and its version: an update with a precondition, a
 * create (with the overlap check and the store's count), the memory tool's view and str_replace,
 * an import of a zip into a new store, a restore of a store to a moment, and the review inbox's
 * first page. No policies, hash chain, review, search row, webhooks or audit: the cost of
 * those is what "ours / bare" shows.
 */
import Database from "better-sqlite3";
import { unzipSync } from "fflate";
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import pg from "pg";
import { newId } from "../lib/memory/ids.ts";
import { numberedLine } from "../lib/memory/memory-tool/format.ts";
import { DEFAULT_WORKSPACE_ID } from "../lib/memory/workspace.ts";

type Row = Record<string, unknown>;
interface Source {
  /** depth=1: direct children of `prefix` from `from` on, at most limit + 1 keys, leaves with their row. */
  children(store: string, prefix: string, from: string, to: string, limit: number): Promise<{ path: string; row: Row | null }[]>;
  subtree(store: string, from: string, to: string, limit: number): Promise<Row[]>;
  memory(store: string, id: string): Promise<Row | undefined>;
  versions(store: string, memoryId: string, limit: number): Promise<Row[]>;
  /** GET /v1/search's index query alone (words ranked, exact text newest first), rows with content but no snippets. */
  search(store: string, q: string, mode: string, scope: string, limit: number): Promise<Row[]>;
}

/** The statements of lib/memory/search/search-sql.ts, written out for one store and no other filter. */
function searchSql(dialect: "sqlite" | "postgres", mode: string, scope: string, p: { store: string; q: string; limit: string }) {
  const join = scope === "memories" ? "JOIN" : "LEFT JOIN";
  const heads = `${join} memories m ON m.id = v.memory_id AND m.memory_version_id = v.id`;
  const columns = "v.id, v.store_id, v.memory_id, v.operation, v.path, v.content, v.created_at, CASE WHEN m.id IS NULL THEN 0 ELSE 1 END AS is_current";
  if (dialect === "sqlite") {
    // The index as the outer loop (CROSS JOIN), as lib/memory/search does, but in one statement without chunks.
    const table = mode === "words" ? "search_words" : "search_exact";
    const inner = `SELECT rowid${mode === "words" ? `, bm25(${table}, 4.0, 1.0) AS score` : ""} FROM ${table} WHERE ${table} MATCH ${p.q} ORDER BY rowid DESC`;
    const from = `FROM (${inner}) f CROSS JOIN search_keys k ON k.id = f.rowid CROSS JOIN memory_versions v ON v.id = k.version_id ${heads}`;
    const order = mode === "words" ? "f.score, f.rowid DESC" : "f.rowid DESC";
    return `SELECT ${columns} ${from} WHERE v.store_id = ${p.store} ORDER BY ${order} LIMIT ${p.limit}`;
  }
  if (mode === "words") {
    const vector = "search_words_vector(v.path, v.content)";
    const query = `plainto_tsquery('simple', regexp_replace(${p.q}, '[^[:alnum:]]+', ' ', 'g'))`;
    return `SELECT ${columns} FROM memory_versions v ${heads} WHERE ${vector} @@ ${query} AND v.store_id = ${p.store}
      ORDER BY ts_rank(${vector}, ${query}) DESC, v.id DESC LIMIT ${p.limit}`;
  }
  return `SELECT ${columns} FROM memory_versions v ${heads} WHERE (v.content ILIKE ${p.q} OR v.path ILIKE ${p.q}) AND v.store_id = ${p.store}
    ORDER BY v.id DESC LIMIT ${p.limit}`;
}

/** The query text as each index takes it: FTS5 strings (quoted words, or the quoted text), or an ILIKE pattern. */
function searchArgument(dialect: "sqlite" | "postgres", mode: string, q: string): string {
  const quote = (t: string) => `"${t.replaceAll('"', '""')}"`;
  if (mode === "words") {
    const words = [...new Set((q.match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => w.toLowerCase()))];
    return dialect === "sqlite" ? words.map(quote).join(" ") : words.join(" ");
  }
  return dialect === "sqlite" ? quote(q) : `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const MEMORY_COLUMNS = "id, store_id, path, content_sha256, content_size_bytes, memory_version_id, created_at, updated_at, last_read_at";
const VERSION_COLUMNS =
  "id, store_id, memory_id, operation, path, content_sha256, content_size_bytes, created_by_type, created_by_id, created_at, redacted_at, redacted_by_type, redacted_by_id, imported";

/**
 * The loose index scan of a depth=1 listing as one recursive statement that also joins the
 * leaves' rows: one statement beat a JS loop of one prepared seek per child by about 2x here.
 */
function childrenSql(dialect: "sqlite" | "postgres", p: { store: string; from: string; to: string; plen: string; limit: string }) {
  const strpos = dialect === "postgres" ? "strpos" : "instr";
  const slash = `${strpos}(substr(walk.path, ${p.plen} + 1), '/')`;
  const m = MEMORY_COLUMNS.split(", ")
    .map((c) => `m.${c}`)
    .join(", ");
  return `WITH RECURSIVE walk(path, n) AS (
      SELECT (SELECT path FROM memories WHERE store_id = ${p.store} AND path >= ${p.from} AND path < ${p.to} ORDER BY path LIMIT 1), 1
      UNION ALL
      SELECT (SELECT x.path FROM memories x WHERE x.store_id = ${p.store} AND x.path < ${p.to} AND x.path >= (
                CASE WHEN ${slash} > 0 THEN substr(walk.path, 1, ${p.plen} + ${slash} - 1) || '0' ELSE walk.path || ' ' END)
              ORDER BY x.path LIMIT 1), walk.n + 1
      FROM walk WHERE walk.path IS NOT NULL AND walk.n <= ${p.limit})
    SELECT walk.path AS walk_path, ${m} FROM walk
    LEFT JOIN memories m ON m.store_id = ${p.store} AND m.path = walk.path AND ${slash} = 0
    WHERE walk.path IS NOT NULL ORDER BY walk.n`;
}

function keysOf(rows: Row[], prefix: string) {
  return rows.map((r) => {
    const path = r.walk_path as string;
    const slash = path.indexOf("/", prefix.length);
    return slash === -1 ? { path, row: r } : { path: path.slice(0, slash + 1), row: null };
  });
}

function sqliteSource(file: string): Source {
  const db = new Database(file, { readonly: true });
  const children = db.prepare(childrenSql("sqlite", { store: "@store", from: "@from", to: "@to", plen: "@plen", limit: "@limit" }));
  const range = db.prepare(`SELECT ${MEMORY_COLUMNS} FROM memories WHERE store_id = ? AND path >= ? AND path < ? ORDER BY path LIMIT ?`);
  const one = db.prepare(`SELECT ${MEMORY_COLUMNS}, content FROM memories WHERE store_id = ? AND id = ?`);
  const versions = db.prepare(`SELECT ${VERSION_COLUMNS} FROM memory_versions WHERE store_id = ? AND memory_id = ? ORDER BY id DESC LIMIT ?`);
  const searches = new Map<string, Database.Statement>();
  const searchStatement = (mode: string, scope: string) => {
    const key = `${mode}:${scope}`;
    if (!searches.has(key)) searches.set(key, db.prepare(searchSql("sqlite", mode, scope, { store: "@store", q: "@q", limit: "@limit" })));
    return searches.get(key)!;
  };
  return {
    search: async (store, q, mode, scope, limit) => searchStatement(mode, scope).all({ store, q: searchArgument("sqlite", mode, q), limit }) as Row[],
    children: async (store, prefix, from, to, limit) => keysOf(children.all({ store, from, to, plen: Array.from(prefix).length, limit }) as Row[], prefix),
    subtree: async (store, from, to, limit) => range.all(store, from, to, limit) as Row[],
    memory: async (store, id) => one.get(store, id) as Row | undefined,
    versions: async (store, memoryId, limit) => versions.all(store, memoryId, limit) as Row[],
  };
}

function postgresSource(pool: pg.Pool): Source {
  return {
    search: async (store, q, mode, scope, limit) =>
      (await pool.query(searchSql("postgres", mode, scope, { store: "$1", q: "$2", limit: "$3::int" }), [store, searchArgument("postgres", mode, q), limit]))
        .rows,
    async children(store, prefix, from, to, limit) {
      const sql = childrenSql("postgres", { store: "$1", from: "$2", to: "$3", plen: "$4::int", limit: "$5::int" });
      return keysOf((await pool.query(sql, [store, from, to, Array.from(prefix).length, limit])).rows, prefix);
    },
    subtree: async (store, from, to, limit) =>
      (
        await pool.query(`SELECT ${MEMORY_COLUMNS} FROM memories WHERE store_id = $1 AND path >= $2 AND path < $3 ORDER BY path LIMIT $4`, [
          store,
          from,
          to,
          limit,
        ])
      ).rows,
    memory: async (store, id) => (await pool.query(`SELECT ${MEMORY_COLUMNS}, content FROM memories WHERE store_id = $1 AND id = $2`, [store, id])).rows[0],
    versions: async (store, memoryId, limit) =>
      (
        await pool.query(`SELECT ${VERSION_COLUMNS} FROM memory_versions WHERE store_id = $1 AND memory_id = $2 ORDER BY id DESC LIMIT $3`, [
          store,
          memoryId,
          limit,
        ])
      ).rows,
  };
}

/** What the bare server writes (PostgreSQL only); each answer is [status, body]. */
interface Writes {
  update(store: string, id: string, body: { content: string; precondition?: { content_sha256: string } }): Promise<[number, unknown]>;
  create(store: string, body: { path: string; content: string }): Promise<[number, unknown]>;
  memoryTool(store: string, body: { command: string; path: string; old_str?: string; new_str?: string }): Promise<[number, unknown]>;
  reviewPage(limit: number): Promise<[number, unknown]>;
  importZip(name: string, zip: Uint8Array): Promise<[number, unknown]>;
  restore(store: string, asOf: string): Promise<[number, unknown]>;
}

const BARE_ACTOR = { type: "api_actor", id: "apikey_bench_bare" };
const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const NOT_FOUND: [number, unknown] = [404, { type: "error", error: { type: "not_found_error", message: "Not found." } }];
const toolResult = (content: string, isError = false): [number, unknown] => [200, { type: "memory_tool_result", content, is_error: isError }];

/** The inbox's first page as bench/review.ts writes it for its in-process baseline. */
const REVIEW_FIRST_PAGE_SQL = `
  SELECT r.memory_id, r.store_id, r.settled_version_id, r.settled_path, r.head_version_id, r.head_operation, r.path, r.change,
    r.version_count, r.last_actor_type, r.last_actor_id, r.last_api_key_id, r.first_pending_at, r.updated_at, s.name AS store_name
  FROM review_items r JOIN memory_stores s ON s.id = r.store_id
  WHERE r.workspace_id = $1
  ORDER BY r.updated_at DESC, r.memory_id DESC LIMIT $2`;

/** `count` rows of `width` placeholders from $`first` on: ($1, $2), ($3, $4)… */
function valuesList(count: number, width: number, first = 1, casts: string[] = []): string {
  return Array.from({ length: count }, (_, r) => `(${Array.from({ length: width }, (_, c) => `$${first + r * width + c}${casts[c] ?? ""}`).join(", ")})`).join(
    ", ",
  );
}

function postgresWrites(pool: pg.Pool): Writes {
  const transaction = async <T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      const result = await fn(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  };
  /** Locks the store's row (writes to one store are serialised by it) and reads the memory, in one statement. */
  const lockedMemory = async (c: pg.PoolClient, store: string, where: "id" | "path", value: string) =>
    (
      await c.query(
        `SELECT m.id, m.path, m.content, m.content_sha256, m.memory_version_id, m.updated_at FROM memory_stores s
         JOIN memories m ON m.store_id = s.id AND m.${where} = $2 WHERE s.id = $1 FOR UPDATE OF s`,
        [store, value],
      )
    ).rows[0] as Row | undefined;
  /** The new version and the memory's new head: two statements, as a hand-written write path would send them. */
  const change = async (c: pg.PoolClient, store: string, m: Row, content: string) => {
    const now = new Date();
    const versionId = newId("memver");
    const [sha, size] = [sha256(content), Buffer.byteLength(content)];
    await c.query(
      `INSERT INTO memory_versions (id, store_id, memory_id, operation, path, content, content_sha256, content_size_bytes,
         created_by_type, created_by_id, api_key_id, created_at, previous_id, previous_created_at, previous_path)
       VALUES ($1, $2, $3, 'modified', $4, $5, $6, $7, $8, $9, $9, $10, $11, $12, $4)`,
      [versionId, store, m.id, m.path, content, sha, size, BARE_ACTOR.type, BARE_ACTOR.id, now, m.memory_version_id, m.updated_at],
    );
    return (
      await c.query(
        `UPDATE memories SET content = $2, content_sha256 = $3, content_size_bytes = $4, memory_version_id = $5, updated_at = $6 WHERE id = $1
         RETURNING ${MEMORY_COLUMNS}`,
        [m.id, content, sha, size, versionId, now],
      )
    ).rows[0] as Row;
  };
  return {
    update: (store, id, body) =>
      transaction(async (c) => {
        const m = await lockedMemory(c, store, "id", id);
        if (!m) return NOT_FOUND;
        if (body.precondition && body.precondition.content_sha256 !== m.content_sha256)
          return [409, { type: "error", error: { type: "memory_precondition_failed_error", message: "Precondition failed." } }];
        return [200, memory(await change(c, store, m, body.content))];
      }),
    create: (store, body) =>
      transaction(async (c) => {
        // The store lock and the overlap check (same path, an ancestor, a descendant) in one statement.
        const segments = body.path.split("/").slice(1);
        const ancestors = segments.map((_, i) => `/${segments.slice(0, i + 1).join("/")}`);
        const { rows } = await c.query(
          `SELECT (SELECT m.path FROM memories m WHERE m.store_id = s.id AND (m.path = ANY($2::text[]) OR (m.path >= $3 AND m.path < $4)) LIMIT 1) AS conflict
           FROM memory_stores s WHERE s.id = $1 FOR UPDATE`,
          [store, ancestors, `${body.path}/`, `${body.path}0`],
        );
        if (rows.length === 0) return NOT_FOUND;
        if (rows[0].conflict !== null) return [409, { type: "error", error: { type: "memory_path_conflict_error", message: "Conflict." } }];
        const now = new Date();
        const [id, versionId] = [newId("mem"), newId("memver")];
        const [sha, size] = [sha256(body.content), Buffer.byteLength(body.content)];
        const inserted = await c.query(
          `INSERT INTO memories (id, store_id, path, content, content_sha256, content_size_bytes, memory_version_id, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING ${MEMORY_COLUMNS}`,
          [id, store, body.path, body.content, sha, size, versionId, now],
        );
        await c.query(
          `INSERT INTO memory_versions (id, store_id, memory_id, operation, path, content, content_sha256, content_size_bytes,
             created_by_type, created_by_id, api_key_id, created_at) VALUES ($1, $2, $3, 'created', $4, $5, $6, $7, $8, $9, $9, $10)`,
          [versionId, store, id, body.path, body.content, sha, size, BARE_ACTOR.type, BARE_ACTOR.id, now],
        );
        await c.query(`UPDATE memory_stores SET memory_count = memory_count + 1 WHERE id = $1`, [store]);
        return [200, memory(inserted.rows[0] as Row)];
      }),
    async memoryTool(store, body) {
      const path = body.path.slice("/memories".length);
      if (body.command === "view") {
        const row = (await pool.query(`SELECT content FROM memories WHERE store_id = $1 AND path = $2`, [store, path])).rows[0] as Row | undefined;
        if (!row) return toolResult(`The path ${body.path} does not exist.`, true);
        const lines = (row.content as string).split("\n").map((line, i) => numberedLine(i + 1, line));
        return toolResult(`Here's the content of ${body.path} with line numbers:\n${lines.join("\n")}`);
      }
      if (body.command !== "str_replace") return toolResult(`Unknown command ${body.command}`, true);
      return transaction(async (c) => {
        const m = await lockedMemory(c, store, "path", path);
        if (!m) return toolResult(`The path ${body.path} does not exist.`, true);
        const content = m.content as string;
        const at = content.indexOf(body.old_str!);
        if (at === -1 || content.indexOf(body.old_str!, at + 1) !== -1) return toolResult("No replacement was performed.", true);
        await change(c, store, m, content.slice(0, at) + (body.new_str ?? "") + content.slice(at + body.old_str!.length));
        return toolResult("The memory file has been edited.");
      });
    },
    reviewPage: async (limit) => [
      200,
      { data: (await pool.query({ name: "review_first_page", text: REVIEW_FIRST_PAGE_SQL, values: [DEFAULT_WORKSPACE_ID, limit + 1] })).rows },
    ],
    importZip: (name, zip) =>
      transaction(async (c) => {
        const files = Object.entries(unzipSync(zip)).filter(([entry]) => !entry.endsWith("/"));
        const now = new Date();
        const store = newId("memstore");
        await c.query(`INSERT INTO memory_stores (id, name, memory_count, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)`, [
          store,
          name,
          files.length,
          now,
        ]);
        // Batches of 500, as ours on PostgreSQL; the versions wait for the search index's flusher, as an import's do.
        for (let start = 0; start < files.length; start += 500) {
          const batch = files.slice(start, start + 500).map(([entry, bytes]) => {
            const content = new TextDecoder().decode(bytes);
            return { id: newId("mem"), versionId: newId("memver"), path: `/${entry}`, content, sha: sha256(content), size: bytes.byteLength };
          });
          await c.query(
            `INSERT INTO memories (id, store_id, path, content, content_sha256, content_size_bytes, memory_version_id, created_at, updated_at)
             VALUES ${valuesList(batch.length, 9, 1, ["", "", "", "", "", "::int", "", "::timestamp", "::timestamp"])}`,
            batch.flatMap((f) => [f.id, store, f.path, f.content, f.sha, f.size, f.versionId, now, now]),
          );
          await c.query(
            `INSERT INTO memory_versions (id, store_id, memory_id, operation, path, content, content_sha256, content_size_bytes,
               created_by_type, created_by_id, created_at, search_pending)
             VALUES ${valuesList(batch.length, 12, 1, ["", "", "", "", "", "", "", "::int", "", "", "::timestamp", "::boolean"])}`,
            batch.flatMap((f) => [f.versionId, store, f.id, "created", f.path, f.content, f.sha, f.size, BARE_ACTOR.type, BARE_ACTOR.id, now, true]),
          );
        }
        return [200, { store_id: store, counts: { create: files.length } }];
      }),
    restore: (store, asOf) =>
      transaction(async (c) => {
        await c.query(`SELECT id FROM memory_stores WHERE id = $1 FOR UPDATE`, [store]);
        // Each memory's version at the moment, where its content differs from the memory's now.
        const { rows } = await c.query(
          `SELECT m.id, m.path, m.memory_version_id, m.updated_at, t.content FROM memories m
           JOIN (SELECT memory_id, content, content_sha256, row_number() OVER (PARTITION BY memory_id ORDER BY created_at DESC, id DESC) AS n
                 FROM memory_versions WHERE store_id = $1 AND created_at <= $2) t ON t.memory_id = m.id AND t.n = 1
           WHERE m.store_id = $1 AND t.content IS NOT NULL AND t.content_sha256 <> m.content_sha256`,
          [store, new Date(asOf)],
        );
        const now = new Date();
        for (let start = 0; start < rows.length; start += 500) {
          const batch = (rows.slice(start, start + 500) as Row[]).map((m) => {
            const content = m.content as string;
            return { m, versionId: newId("memver"), content, sha: sha256(content), size: Buffer.byteLength(content) };
          });
          await c.query(
            `INSERT INTO memory_versions (id, store_id, memory_id, operation, path, content, content_sha256, content_size_bytes,
               created_by_type, created_by_id, created_at, previous_id, previous_created_at, previous_path)
             VALUES ${valuesList(batch.length, 14, 1, ["", "", "", "", "", "", "", "::int", "", "", "::timestamp", "", "::timestamp", ""])}`,
            batch.flatMap((b) => [
              b.versionId,
              store,
              b.m.id,
              "modified",
              b.m.path,
              b.content,
              b.sha,
              b.size,
              BARE_ACTOR.type,
              BARE_ACTOR.id,
              now,
              b.m.memory_version_id,
              b.m.updated_at,
              b.m.path,
            ]),
          );
          await c.query(
            `UPDATE memories SET content = v.column2, content_sha256 = v.column3, content_size_bytes = v.column4, memory_version_id = v.column5, updated_at = v.column6
             FROM (VALUES ${valuesList(batch.length, 6, 1, ["", "", "", "::int", "", "::timestamp"])}) AS v WHERE memories.id = v.column1`,
            batch.flatMap((b) => [b.m.id, b.content, b.sha, b.size, b.versionId, now]),
          );
        }
        return [200, { status: "completed", counts: { modify: rows.length } }];
      }),
  };
}

const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string | Date).toISOString());
const actor = (type: unknown, id: unknown) => {
  if (!type || !id) return null;
  const key = { api_actor: "api_key_id", user_actor: "user_id", session_actor: "session_id", service_account_actor: "service_account_id" }[type as string];
  return key ? { type, [key]: id } : null;
};
const memory = (r: Row, content: unknown = null) => ({
  type: "memory",
  id: r.id,
  memory_store_id: r.store_id,
  path: r.path,
  content,
  content_sha256: r.content_sha256,
  content_size_bytes: Number(r.content_size_bytes),
  memory_version_id: r.memory_version_id,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
  last_read_at: iso(r.last_read_at),
});
const version = (r: Row) => ({
  type: "memory_version",
  id: r.id,
  memory_store_id: r.store_id,
  memory_id: r.memory_id,
  operation: r.operation,
  path: r.path,
  content: null,
  content_sha256: r.content_sha256,
  content_size_bytes: r.content_size_bytes === null ? null : Number(r.content_size_bytes),
  created_at: iso(r.created_at),
  created_by: actor(r.created_by_type, r.created_by_id),
  redacted_at: iso(r.redacted_at),
  redacted_by: actor(r.redacted_by_type, r.redacted_by_id),
  imported: r.imported === null ? null : JSON.parse(r.imported as string),
});
const cursor = (state: object) => Buffer.from(JSON.stringify(state), "utf8").toString("base64url");

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The POSTs (and the review inbox) the bare server answers on PostgreSQL. */
async function write(writes: Writes, url: URL, body: Buffer): Promise<[number, unknown]> {
  if (url.pathname === "/v1/imports") return writes.importZip(url.searchParams.get("name") ?? "Bare import", body);
  const input = JSON.parse(body.toString("utf8") || "{}") as Record<string, unknown>;
  if (url.pathname === "/bare/restore") return writes.restore(input.memory_store_id as string, input.as_of as string);
  const parts = url.pathname.split("/"); // "", "v1", "memory_stores", store, kind, id?
  const store = parts[3]!;
  if (parts[4] === "memories" && parts.length === 6) return writes.update(store, decodeURIComponent(parts[5]!), input as Parameters<Writes["update"]>[2]);
  if (parts[4] === "memories") return writes.create(store, input as Parameters<Writes["create"]>[1]);
  if (parts[4] === "memory_tool") return writes.memoryTool(store, input as Parameters<Writes["memoryTool"]>[1]);
  return NOT_FOUND;
}

async function answer(source: Source, url: URL): Promise<[number, unknown]> {
  if (url.pathname === "/v1/search") {
    const q = url.searchParams;
    const limit = Number(q.get("limit") ?? 20);
    const rows = await source.search(q.get("memory_store_id")!, q.get("q")!, q.get("mode") ?? "words", q.get("scope") ?? "memories", limit + 1);
    const hits = rows.slice(0, limit).map((r) => ({ id: r.id, memory_id: r.memory_id, path: r.path, current: Number(r.is_current) === 1 }));
    return [200, { data: hits, next_page: rows.length > limit ? cursor({ more: true }) : null }];
  }
  const parts = url.pathname.split("/"); // "", "v1", "memory_stores", store, kind, id?
  const store = parts[3]!;
  const q = url.searchParams;
  const limit = Number(q.get("limit") ?? 20);
  if (parts[4] === "memories" && parts.length === 6) {
    const row = await source.memory(store, decodeURIComponent(parts[5]!));
    return row ? [200, memory(row, row.content)] : [404, { type: "error", error: { type: "not_found_error", message: "Not found." } }];
  }
  if (parts[4] === "memories") {
    const prefix = q.get("path_prefix") ?? "/";
    const depth = Number(q.get("depth") ?? 0);
    const page = q.get("page");
    const to = prefix.slice(0, -1) + "0";
    const from = page ? (JSON.parse(Buffer.from(page, "base64url").toString("utf8")) as { from: string }).from : prefix;
    if (depth === 0) {
      const rows = await source.subtree(store, from, to, limit + 1);
      const items = rows.slice(0, limit);
      const next = rows.length > limit ? cursor({ from: `${items[items.length - 1]!.path} `, prefix, depth }) : null;
      return [200, { data: items.map((r) => memory(r)), next_page: next }];
    }
    const keys = await source.children(store, prefix, from, to, limit);
    const items = keys.slice(0, limit);
    const last = items[items.length - 1];
    const next = keys.length > limit && last ? cursor({ from: last.row ? `${last.path} ` : last.path.slice(0, -1) + "0", prefix, depth }) : null;
    return [200, { data: items.map((k) => (k.row ? memory(k.row) : { type: "memory_prefix", path: k.path })), next_page: next }];
  }
  if (parts[4] === "memory_versions") {
    const rows = await source.versions(store, q.get("memory_id")!, limit + 1);
    const items = rows.slice(0, limit);
    return [200, { data: items.map(version), next_page: rows.length > limit ? cursor({ after: items[items.length - 1]!.id }) : null }];
  }
  return [404, { type: "error", error: { type: "not_found_error", message: "Not found." } }];
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

function postgresPool(url: string): pg.Pool {
  pg.defaults.parseInputDatesAsUTC = true; // timestamps are written as UTC, as ours writes them
  pg.types.setTypeParser(1114, (value) => new Date(`${value.replace(" ", "T")}Z`)); // timestamp(3) holds UTC
  // 8: the creates' 8 requests in flight each hold a connection for their transaction, as ours can (its pool has 10).
  const pool = new pg.Pool({ connectionString: url, max: 8 });
  pool.on("error", (error) => console.error("bare server: idle connection failed:", error.message));
  return pool;
}

const args = process.argv.slice(2);
const engine = args[0];
const pool = engine === "--postgres" ? postgresPool(args[1]!) : null;
const source = engine === "--sqlite" ? sqliteSource(args[1]!) : pool ? postgresSource(pool) : null;
if (!source) throw new Error("usage: tsx bench/bare-server.ts --sqlite <file> | --postgres <url>");
const writes = pool ? postgresWrites(pool) : null;
const key = process.env.BENCH_API_KEY;

const server = createServer((req, res) => {
  if (req.headers["x-api-key"] !== key) return send(res, 401, { type: "error", error: { type: "authentication_error", message: "Invalid API key." } });
  const url = new URL(req.url!, "http://bare");
  const answered =
    writes && (req.method === "POST" || url.pathname === "/v1/reviews")
      ? url.pathname === "/v1/reviews"
        ? writes.reviewPage(Number(url.searchParams.get("limit") ?? 20))
        : readBody(req).then((body) => write(writes, url, body))
      : answer(source, url);
  answered.then(
    ([status, body]) => send(res, status, body),
    (error: Error) => send(res, 500, { type: "error", error: { type: "api_error", message: error.message } }),
  );
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => console.log(`listening ${(server.address() as { port: number }).port}`));
