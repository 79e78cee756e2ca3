import { empty, sql, type Db, type Sql } from "../db.ts";
import { notFound } from "../errors.ts";
import { assertStoreExists } from "../stores/assert-store-exists.ts";
import { flushReads } from "./read-buffer.ts";
import type { ReadChannel } from "./reader.ts";

/** One row of memory_reads: a reader's reads of one version through one channel, as the API answers it. */
export interface ReadRecord {
  id: string;
  storeId: string;
  memoryId: string;
  versionId: string;
  readerType: "api_key" | "user";
  readerId: string;
  sessionId: string | null;
  channel: ReadChannel;
  firstReadAt: Date;
  lastReadAt: Date;
  readCount: number;
}

interface ReadRow {
  id: string;
  store_id: string;
  memory_id: string;
  version_id: string;
  reader_type: "api_key" | "user";
  reader_id: string;
  session_id: string;
  channel: ReadChannel;
  first_read_at: Date | string;
  last_read_at: Date | string;
  read_count: number | bigint;
}

const fromRow = (row: ReadRow): ReadRecord => ({
  id: row.id,
  storeId: row.store_id,
  memoryId: row.memory_id,
  versionId: row.version_id,
  readerType: row.reader_type,
  readerId: row.reader_id,
  sessionId: row.session_id === "" ? null : row.session_id,
  channel: row.channel,
  firstReadAt: new Date(row.first_read_at),
  lastReadAt: new Date(row.last_read_at),
  readCount: Number(row.read_count),
});

export interface ReadFilters {
  memoryId?: string;
  versionId?: string;
  sessionId?: string;
  apiKeyId?: string;
  userId?: string;
  channel?: ReadChannel;
  /** On the last read. */
  lastReadGte?: Date;
  lastReadLte?: Date;
}

const and = (condition: Sql | false | undefined) => (condition ? sql` AND ${condition}` : empty);

function filterSql(f: ReadFilters): Sql {
  return sql`${and(f.memoryId !== undefined && sql`memory_id = ${f.memoryId}`)}${and(f.versionId !== undefined && sql`version_id = ${f.versionId}`)}${and(
    f.sessionId !== undefined && sql`session_id = ${f.sessionId}`,
  )}${and(f.apiKeyId !== undefined && sql`reader_type = 'api_key' AND reader_id = ${f.apiKeyId}`)}${and(
    f.userId !== undefined && sql`reader_type = 'user' AND reader_id = ${f.userId}`,
  )}${and(f.channel !== undefined && sql`channel = ${f.channel}`)}${and(f.lastReadGte && sql`last_read_at >= ${f.lastReadGte}`)}${and(
    f.lastReadLte && sql`last_read_at <= ${f.lastReadLte}`,
  )}`;
}

/**
 * A store's reads, newest reader row first (by when the row was first written), `limit` a page
 * after `before` (the last id of the previous page). This process's buffered reads are written
 * first, so a reader sees its own reads at once; another instance's within its flush interval.
 */
export async function listReads(
  db: Db,
  input: { storeId: string; filters: ReadFilters; limit: number; before?: string },
): Promise<{ reads: ReadRecord[]; next: string | null }> {
  await flushReads(db);
  await assertStoreExists(db.sql, input.storeId);
  const rows = await db.sql.$queryRaw<ReadRow[]>(sql`
    SELECT id, store_id, memory_id, version_id, reader_type, reader_id, session_id, channel, first_read_at, last_read_at, read_count
    FROM memory_reads WHERE store_id = ${input.storeId}${filterSql(input.filters)}${and(input.before !== undefined && sql`id < ${input.before}`)}
    ORDER BY id DESC LIMIT ${input.limit + 1}`);
  const more = rows.length > input.limit;
  const reads = rows.slice(0, input.limit).map(fromRow);
  return { reads, next: more ? reads.at(-1)!.id : null };
}

/** A key (an agent) that read a version while it was its memory's head: one entry per key and session. */
export interface VersionReader {
  /** The group's first row id: where the next page starts. */
  id: string;
  readerType: "api_key" | "user";
  readerId: string;
  sessionId: string | null;
  channels: ReadChannel[];
  firstReadAt: Date;
  lastReadAt: Date;
  readCount: number;
}

interface ReaderRow {
  id: string;
  reader_type: "api_key" | "user";
  reader_id: string;
  session_id: string;
  channels: string;
  first_read_at: Date | string;
  last_read_at: Date | string;
  read_count: number | bigint;
}

/**
 * The blast radius of one version: every key and session that was handed its content, with the
 * first and last read and how many, first readers first. People reading in the console are
 * reviewers looking, not agents taking it in: they are in listReads, not here. Paged `limit` a page after `after` (the
 * previous page's last `id`). A version that is not in the store is not found.
 */
export async function versionReaders(
  db: Db,
  input: { storeId: string; versionId: string; limit: number; after?: string },
): Promise<{ readers: VersionReader[]; next: string | null; total: number }> {
  await flushReads(db);
  const [version] = await db.sql.$queryRaw<{ id: string }[]>`SELECT id FROM memory_versions WHERE id = ${input.versionId} AND store_id = ${input.storeId}`;
  if (!version) {
    await assertStoreExists(db.sql, input.storeId);
    throw notFound(`Memory version ${input.versionId} not found in memory store ${input.storeId}.`);
  }
  const grouped = sql`
    SELECT MIN(id) AS id, reader_type, reader_id, session_id, ${db.dialect.joinText}(channel, ',') AS channels,
           MIN(first_read_at) AS first_read_at, MAX(last_read_at) AS last_read_at, SUM(read_count) AS read_count
    FROM memory_reads WHERE version_id = ${input.versionId} AND reader_type = 'api_key'
    GROUP BY reader_type, reader_id, session_id`;
  const rows = await db.sql.$queryRaw<ReaderRow[]>(sql`
    SELECT * FROM (${grouped}) g${input.after !== undefined ? sql` WHERE g.id > ${input.after}` : empty} ORDER BY g.id LIMIT ${input.limit + 1}`);
  const [counted] = await db.sql.$queryRaw<{ total: number | bigint }[]>(sql`SELECT COUNT(*) AS total FROM (${grouped}) g`);
  const more = rows.length > input.limit;
  const readers = rows.slice(0, input.limit).map((row): VersionReader => ({
    id: row.id,
    readerType: row.reader_type,
    readerId: row.reader_id,
    sessionId: row.session_id === "" ? null : row.session_id,
    channels: [...new Set(row.channels.split(","))].sort() as ReadChannel[],
    firstReadAt: new Date(row.first_read_at),
    lastReadAt: new Date(row.last_read_at),
    readCount: Number(row.read_count),
  }));
  return { readers, next: more ? readers.at(-1)!.id : null, total: Number(counted!.total) };
}
