/**
 * SQL fragments for the domain's statements: a tagged template whose values become bound
 * parameters (`sql`), fragments nested in it, `join` for lists, `raw` for trusted text such as
 * a column name, and `empty`. From sql-template-tag (by the author of Prisma's own sql tag,
 * with the same semantics), so that the port owns the type and needs nothing of Prisma:
 * lib/db turns a fragment into its engine's statement (`?` on SQLite, `$1` on PostgreSQL).
 */
export { default as sql, empty, join, raw, Sql } from "sql-template-tag";
