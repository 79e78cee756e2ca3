import { empty, sql, type SqlClient } from "../db.ts";
import { folderRange } from "../paths.ts";

export interface LiveMemory {
  path: string;
  contentSha256: string;
  contentSizeBytes: number;
  /** Only when read with content. */
  content?: string;
}

type Row = { path: string; content_sha256: string; content_size_bytes: number | bigint; content?: string };

/**
 * A store's live memories under a folder (`/`: all of them), a page at a time in path order (the
 * (store_id, path) index), with or without their content: a copy of 10,000 memories holds one
 * page of content in memory, never the store's.
 */
export async function* liveMemoryPages(
  client: SqlClient,
  storeId: string,
  input: { prefix: string; withContent: boolean; pageSize: number },
): AsyncGenerator<LiveMemory[]> {
  const range = input.prefix === "/" ? null : folderRange(input.prefix);
  const content = input.withContent ? sql`, content` : empty;
  for (let after = ""; ;) {
    const rows = await client.$queryRaw<Row[]>`
      SELECT path, content_sha256, content_size_bytes${content} FROM memories
      WHERE store_id = ${storeId} AND path > ${after}${range ? sql` AND path >= ${range.from} AND path < ${range.to}` : empty}
      ORDER BY path LIMIT ${input.pageSize}`;
    if (rows.length > 0) {
      yield rows.map((r) => ({
        path: r.path,
        contentSha256: r.content_sha256,
        contentSizeBytes: Number(r.content_size_bytes),
        ...(r.content !== undefined && { content: r.content }),
      }));
    }
    if (rows.length < input.pageSize) return;
    after = rows[rows.length - 1]!.path;
  }
}
