import { actorFromColumns, actorFromWire, actorId, type Actor } from "../actor.ts";
import { sql, type Sql } from "../db.ts";

/**
 * Who wrote what a review item awaits (review_items.authors, migration 0029): a JSON array of
 * actors as on the wire, a session's key beside it. Kept in SQL as items open and grow, so each
 * author's text is canonical (fixed key order): an author is in the list when its text is.
 */
export function authorJson(actor: Actor): string {
  const wire = actorFromColumns(actor.type, actorId(actor))!;
  return JSON.stringify(actor.type === "session_actor" && actor.api_key_id ? { ...wire, api_key_id: actor.api_key_id } : wire);
}

export const authorsJson = (actors: readonly Actor[]): string => `[${[...new Set(actors.map(authorJson))].join(",")}]`;

/** Past this many characters the list stops growing: a memory that many agents wrote says so already. */
const AUTHORS_MAX_CHARS = 4_000;

/**
 * The authors column with one more author, in SQL: unchanged when it is there already (`replace`
 * is literal on both engines, where LIKE would read `_` in ids as a wildcard) or the list is long.
 */
export function withAuthor(column: Sql, actor: Actor): Sql {
  const one = authorJson(actor);
  return sql`CASE WHEN ${column} IS NULL THEN ${`[${one}]`}
    WHEN replace(${column}, ${one}, '') <> ${column} OR length(${column}) > ${AUTHORS_MAX_CHARS} THEN ${column}
    ELSE substr(${column}, 1, length(${column}) - 1) || ',' || ${one} || ']' END`;
}

/** The authors an item names; an item from before migration 0029 names its last actor. */
export function authorsFromColumn(json: string | null, lastActor: Actor): Actor[] {
  if (json === null) return [lastActor];
  return (JSON.parse(json) as { api_key_id?: string }[]).flatMap((wire) => {
    const read = actorFromWire(wire);
    if (!("actor" in read) || !read.actor) return [];
    return read.actor.type === "session_actor" && wire.api_key_id ? [{ ...read.actor, api_key_id: wire.api_key_id }] : [read.actor];
  });
}
