import { empty, raw, sql, type Sql } from "../memory/db.ts";
import { invalidRequest } from "../memory/errors.ts";

/**
 * The organisation API pages as the official SDK's `Page` does: `after_id` / `before_id` (an id
 * of the previous answer) and `limit`, answered with `data`, `has_more`, `first_id`, `last_id`.
 * Every id here is a ULID (or the fixed Default workspace's, which sorts first), so id order is
 * creation order and a page is one index range.
 */
export interface IdPageQuery {
  after_id?: string;
  before_id?: string;
  limit?: number;
}

export interface IdPage<T> {
  data: T[];
  has_more: boolean;
  first_id: string | null;
  last_id: string | null;
}

export const ID_PAGE_DEFAULT = 20;
export const ID_PAGE_MAX = 1000;

/** `AND <column> > after` (or `< before`), the order and the limit (one more row than the page, to tell `has_more`). */
export function idPageSql(column: string, query: IdPageQuery): { where: Sql; orderLimit: Sql } {
  if (query.after_id !== undefined && query.before_id !== undefined) throw invalidRequest("after_id, before_id: give one of them, not both.");
  const limit = query.limit ?? ID_PAGE_DEFAULT;
  const col = raw(column);
  const where =
    query.after_id !== undefined ? sql`AND ${col} > ${query.after_id}` : query.before_id !== undefined ? sql`AND ${col} < ${query.before_id}` : empty;
  const direction = raw(query.before_id !== undefined ? "DESC" : "ASC");
  return { where, orderLimit: sql`ORDER BY ${col} ${direction} LIMIT ${limit + 1}` };
}

/** The page from the rows `idPageSql` selected (a `before_id` page was read backwards). */
export function idPageOf<T>(rows: T[], query: IdPageQuery, idOf: (row: T) => string): IdPage<T> {
  const limit = query.limit ?? ID_PAGE_DEFAULT;
  const has_more = rows.length > limit;
  const data = rows.slice(0, limit);
  if (query.before_id !== undefined) data.reverse();
  return { data, has_more, first_id: data.length ? idOf(data[0]!) : null, last_id: data.length ? idOf(data[data.length - 1]!) : null };
}

export function mapPage<T, U>(page: IdPage<T>, map: (row: T) => U): IdPage<U> {
  return { ...page, data: page.data.map(map) };
}

/** The paging fields of a parsed query, and nothing else of it. */
export const pagingOf = (query: IdPageQuery): IdPageQuery => ({
  ...(query.after_id !== undefined && { after_id: query.after_id }),
  ...(query.before_id !== undefined && { before_id: query.before_id }),
  ...(query.limit !== undefined && { limit: query.limit }),
});
