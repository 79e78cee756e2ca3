/**
 * The benchmark's physical limit: a bare node:http server that answers the benchmark's reads
 * (list depth=1 and depth=0, retrieve, version list by memory) with the same JSON as the API,
 * from hand-written SQL: no framework, no ORM, no validation, no auth lookup. SQLite reads a
 * copy of the benchmark's database through prepared statements; PostgreSQL reads the same
 * database through one pg pool. Started by bench/run.ts:
 *   tsx bench/bare-server.ts --sqlite <file> | --postgres <url>   (prints "listening <port>")
 */
import Database from "better-sqlite3";
import { createServer, type ServerResponse } from "node:http";
import pg from "pg";

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

const MEMORY_COLUMNS = "id, store_id, path, content_sha256, content_size_bytes, memory_version_id, created_at, updated_at";
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

function postgresSource(url: string): Source {
  pg.types.setTypeParser(1114, (value) => new Date(`${value.replace(" ", "T")}Z`)); // timestamp(3) holds UTC
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on("error", (error) => console.error("bare server: idle connection failed:", error.message));
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

const args = process.argv.slice(2);
const engine = args[0];
const source = engine === "--sqlite" ? sqliteSource(args[1]!) : engine === "--postgres" ? postgresSource(args[1]!) : null;
if (!source) throw new Error("usage: tsx bench/bare-server.ts --sqlite <file> | --postgres <url>");
const key = process.env.BENCH_API_KEY;

const server = createServer((req, res) => {
  if (req.headers["x-api-key"] !== key) return send(res, 401, { type: "error", error: { type: "authentication_error", message: "Invalid API key." } });
  answer(source, new URL(req.url!, "http://bare")).then(
    ([status, body]) => send(res, status, body),
    (error: Error) => send(res, 500, { type: "error", error: { type: "api_error", message: error.message } }),
  );
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => console.log(`listening ${(server.address() as { port: number }).port}`));
