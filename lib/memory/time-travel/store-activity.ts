import { actorFromColumns, type Actor } from "../actor.ts";
import { Prisma, type Db } from "../db.ts";
import { invalidRequest } from "../errors.ts";
import { getStore } from "../stores/get-store.ts";

/** One principal that wrote to a store: a session, a key, a user or a service account. */
export interface ActivityPrincipal {
  /** As on the wire: a session's key is in `apiKey`. */
  actor: Actor;
  /** The key behind the writes (a key's own, or a session's written through a key), and its name. */
  apiKey: { id: string; name: string | null } | null;
  /** A console user's name (null for other actors, or a user since deleted). */
  userName: string | null;
  versionCount: number;
  memoryCount: number;
  firstAt: Date;
  lastAt: Date;
}

export interface StoreActivity {
  from: Date;
  to: Date;
  principals: ActivityPrincipal[];
  hasMore: boolean;
  /** Versions written per equal slice of (from, to], oldest first: the console's activity strip. */
  buckets: { start: Date; count: number }[];
}

export interface StoreActivityInput {
  storeId: string;
  /** Defaults to the store's first version. */
  from?: Date;
  /** Defaults to now. */
  to?: Date;
  /** Principals answered, most recent writer first (the answer says when there are more). */
  limit: number;
  bucketCount: number;
}

type Row = {
  created_by_type: string | null;
  created_by_id: string | null;
  api_key_id: string | null;
  key_name: string | null;
  user_name: string | null;
  versions: number | bigint;
  memories: number | bigint;
  first_at: Date | string | number;
  last_at: Date | string | number;
};

/**
 * Who wrote to a store between two moments, with counts and time spans, and how many versions
 * were written in each slice of that time. Two statements over the store's versions in the
 * window (the (store_id, created_at) index); principals are bounded by `limit`, buckets by
 * `bucketCount`, so the answer stays small whatever the history.
 */
export async function storeActivity(db: Db, input: StoreActivityInput): Promise<StoreActivity> {
  await getStore(db.read, input.storeId);
  const to = input.to ?? new Date();
  let from = input.from;
  if (!from) {
    const [first] = await db.read.$queryRaw<{ at: Date | string | number | null }[]>`
      SELECT MIN(created_at) AS at FROM memory_versions WHERE store_id = ${input.storeId}`;
    from = first?.at != null ? new Date(first.at) : to;
  }
  if (from.getTime() > to.getTime()) throw invalidRequest("from: must not be later than to.");
  const window = Prisma.sql`v.store_id = ${input.storeId} AND v.created_at >= ${from} AND v.created_at <= ${to}`;
  const rows = await db.read.$queryRaw<Row[]>`
    SELECT v.created_by_type, v.created_by_id, v.api_key_id, MAX(k.name) AS key_name, MAX(u.name) AS user_name,
      COUNT(*) AS versions, COUNT(DISTINCT v.memory_id) AS memories, MIN(v.created_at) AS first_at, MAX(v.created_at) AS last_at
    FROM memory_versions v
    LEFT JOIN api_keys k ON k.id = v.api_key_id
    LEFT JOIN users u ON v.created_by_type = 'user_actor' AND u.id = v.created_by_id
    WHERE ${window}
    GROUP BY v.created_by_type, v.created_by_id, v.api_key_id
    ORDER BY MAX(v.created_at) DESC, v.created_by_id
    LIMIT ${input.limit + 1}`;
  const principals = rows.slice(0, input.limit).flatMap((row): ActivityPrincipal[] => {
    const actor = actorFromColumns(row.created_by_type, row.created_by_id);
    if (!actor) return [];
    return [
      {
        actor,
        apiKey: row.api_key_id ? { id: row.api_key_id, name: row.key_name } : null,
        userName: actor.type === "user_actor" ? row.user_name || null : null,
        versionCount: Number(row.versions),
        memoryCount: Number(row.memories),
        firstAt: new Date(row.first_at),
        lastAt: new Date(row.last_at),
      },
    ];
  });
  return { from, to, principals, hasMore: rows.length > input.limit, buckets: await countBuckets(db, window, from, to, input.bucketCount) };
}

/** Versions per slice, one statement: each version's slice by comparisons only, so that both engines answer it alike. */
async function countBuckets(db: Db, window: Prisma.Sql, from: Date, to: Date, count: number) {
  const span = Math.max(to.getTime() - from.getTime(), 1);
  const starts = Array.from({ length: count }, (_, i) => new Date(from.getTime() + Math.floor((span * i) / count)));
  const cases = starts.slice(1).map((start, i) => Prisma.sql`WHEN v.created_at < ${start} THEN ${Prisma.raw(String(i))}`);
  const slice = cases.length ? Prisma.sql`CASE ${Prisma.join(cases, " ")} ELSE ${Prisma.raw(String(count - 1))} END` : Prisma.sql`0`;
  const rows = await db.read.$queryRaw<{ b: number | bigint; n: number | bigint }[]>`
    SELECT ${slice} AS b, COUNT(*) AS n FROM memory_versions v WHERE ${window} GROUP BY 1`;
  const counts = new Map(rows.map((r) => [Number(r.b), Number(r.n)]));
  return starts.map((start, i) => ({ start, count: counts.get(i) ?? 0 }));
}
