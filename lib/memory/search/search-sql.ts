import { Prisma, type Db } from "../db.ts";
import { actorFilter, type ActorFilterInput } from "../versions/list-versions.ts";
import type { SearchText } from "./search-text.ts";

export const SEARCH_SCOPES = ["memories", "versions"] as const;
/** memories: the current path and content of live memories (their head versions); versions: every retained version. */
export type SearchScope = (typeof SEARCH_SCOPES)[number];

export interface SearchFilters extends ActorFilterInput {
  text: SearchText;
  scope: SearchScope;
  /** The stores searched; null means every store. */
  storeIds: readonly string[] | null;
  /** A validated folder prefix (`/` or `/notes/`). */
  pathPrefix?: string;
  createdAtGte?: Date;
  createdAtLte?: Date;
}

export interface MatchRow {
  /** Where the row is in the search order: the key to continue after (exact text). */
  search_key: string | number;
  id: string;
  store_id: string;
  memory_id: string;
  operation: string;
  path: string | null;
  content?: string | null;
  created_at: Date | string;
  is_current: number | boolean;
}

/** Ranked (words) results are paged by offset and stop here: past it, narrow the query. */
export const RANKED_MAX_HITS = 1000;

const COLUMNS = (withContent: boolean) =>
  Prisma.raw(
    `v.id, v.store_id, v.memory_id, v.operation, v.path, ${withContent ? "v.content, " : ""}v.created_at, CASE WHEN m.id IS NULL THEN 0 ELSE 1 END AS is_current`,
  );

/** A text as one FTS5 string: quoted, quotes doubled, so no query can be FTS5 syntax (or a syntax error). */
const ftsString = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** `%text%` for ILIKE, its own wildcards and the escape character escaped. */
const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditions(input: SearchFilters): Prisma.Sql[] {
  const prefix = input.pathPrefix && input.pathPrefix !== "/" ? input.pathPrefix : null;
  return [
    ...(input.storeIds ? [Prisma.sql`v.store_id IN (${Prisma.join([...input.storeIds])})`] : []),
    // substr counts characters on both engines; a byte-order range would need memory_versions.path in COLLATE "C" on PostgreSQL.
    ...(prefix ? [Prisma.sql`substr(v.path, 1, ${[...prefix].length}) = ${prefix}`] : []),
    ...actorFilter(input, "v."),
    ...(input.createdAtGte ? [Prisma.sql`v.created_at >= ${input.createdAtGte}`] : []),
    ...(input.createdAtLte ? [Prisma.sql`v.created_at <= ${input.createdAtLte}`] : []),
  ];
}

/** Current memories: only versions that are the head of a live memory. Otherwise the join just says whether a version is one. */
const headJoin = (scope: SearchScope) =>
  Prisma.sql`${Prisma.raw(scope === "memories" ? "JOIN" : "LEFT JOIN")} memories m ON m.id = v.memory_id AND m.memory_version_id = v.id`;

export interface MatchPageInput extends SearchFilters {
  limit: number;
  /** Exact text: continue after this search key. Words: skip this many ranked hits. */
  after?: string;
  offset?: number;
  withContent: boolean;
}

/**
 * One page of matching versions, best first (words: by rank) or newest first (exact text), as a
 * single statement on the engine's index: SQLite's FTS5 tables, or PostgreSQL's GIN indexes.
 */
export function matchPageQuery(engine: Db["engine"], input: MatchPageInput): Prisma.Sql {
  const where = conditions(input);
  const and = where.length > 0 ? Prisma.sql` AND ${Prisma.join(where, " AND ")}` : Prisma.empty;
  const text = input.text;
  if (engine === "sqlite") {
    const table = Prisma.raw(text.mode === "words" ? "search_words" : "search_exact");
    const match = text.mode === "words" ? text.words.map(ftsString).join(" ") : ftsString(text.text);
    // FTS5 takes MATCH and its functions on the table's own name, not on an alias.
    const from = Prisma.sql`FROM ${table} JOIN search_keys k ON k.id = ${table}.rowid JOIN memory_versions v ON v.id = k.version_id ${headJoin(input.scope)}`;
    if (text.mode === "words") {
      // bm25: smaller is better; a word in the path counts four times one in the content.
      return Prisma.sql`
        SELECT k.id AS search_key, ${COLUMNS(input.withContent)} ${from}
        WHERE ${table} MATCH ${match}${and}
        ORDER BY bm25(${table}, 4.0, 1.0), ${table}.rowid DESC LIMIT ${input.limit} OFFSET ${input.offset ?? 0}`;
    }
    const after = input.after === undefined ? Prisma.empty : Prisma.sql` AND ${table}.rowid < ${Number(input.after)}`;
    return Prisma.sql`
      SELECT k.id AS search_key, ${COLUMNS(input.withContent)} ${from}
      WHERE ${table} MATCH ${match}${after}${and}
      ORDER BY ${table}.rowid DESC LIMIT ${input.limit}`;
  }
  const from = Prisma.sql`FROM memory_versions v ${headJoin(input.scope)}`;
  if (text.mode === "words") {
    const vector = Prisma.sql`search_words_vector(v.path, v.content)`;
    const query = Prisma.sql`plainto_tsquery('simple', regexp_replace(${text.words.join(" ")}, '[^[:alnum:]]+', ' ', 'g'))`;
    return Prisma.sql`
      SELECT v.id AS search_key, ${COLUMNS(input.withContent)} ${from}
      WHERE ${vector} @@ ${query}${and}
      ORDER BY ts_rank(${vector}, ${query}) DESC, v.id DESC LIMIT ${input.limit} OFFSET ${input.offset ?? 0}`;
  }
  const pattern = likeContaining(text.text);
  const after = input.after === undefined ? Prisma.empty : Prisma.sql` AND v.id < ${input.after}`;
  return Prisma.sql`
    SELECT v.id AS search_key, ${COLUMNS(input.withContent)} ${from}
    WHERE (v.content ILIKE ${pattern} OR v.path ILIKE ${pattern})${after}${and}
    ORDER BY v.id DESC LIMIT ${input.limit}`;
}
