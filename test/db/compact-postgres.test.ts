import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { databaseTarget } from "../../lib/config.ts";
import { openDb } from "../../lib/db/client.ts";
import { compactPostgres } from "../../lib/db/compact.ts";
import { migrate } from "../../lib/db/migrate.ts";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { updateMemory } from "../../lib/memory/memories/update-memory.ts";
import { createStore } from "../../lib/memory/stores/create-store.ts";
import { redactVersion } from "../../lib/memory/versions/redact-version.ts";
import { createPostgresDatabase } from "../helpers/postgres.ts";
import { ENGINE } from "../helpers/server.ts";

/**
 * `npm run db:compact` on PostgreSQL: VACUUM FULL rewrites the content tables without the dead
 * rows that updates and redactions leave (which still hold old text until then: the tables
 * shrink by their size: heap and TOAST, where the text is; rebuilt indexes may come out larger
 * or smaller, as a GIN index built at once differs from one grown by inserts), and the live data
 * is all there afterwards. (SQLite's compaction: test/domain/erase-on-disk.test.ts.)
 */
describe.skipIf(ENGINE !== "postgres")("db:compact on PostgreSQL", () => {
  it("drops the dead rows that held old content and keeps every live row", async () => {
    const pg = await createPostgresDatabase("compact");
    const target = databaseTarget(pg.url);
    try {
      await migrate(target);
      const db = await openDb(target, { poolSize: 2 });
      const actor = { type: "api_actor", api_key_id: "apikey_compact" } as const;
      const storeId = (await createStore(db, { name: "compact" })).id;
      // Text that does not compress, so that its dead copies take room: ~2 x 90 kB.
      const old = randomBytes(45_000).toString("hex");
      const m = await createMemory(db, { storeId, path: "/a.md", content: old, actor });
      await updateMemory(db, { storeId, memoryId: m.id, content: "new text", actor });
      await redactVersion(db, { storeId, versionId: m.memoryVersionId, actor });
      const size = async () =>
        Number((await db.sql.$queryRaw<{ n: bigint | number }[]>`SELECT pg_table_size('memory_versions') + pg_table_size('memories') AS n`)[0]!.n);
      const before = await size();

      const summary = await compactPostgres(pg.url);
      expect(summary.bytesAfter).toBeGreaterThan(0);
      // At least one dead copy of the ~45 kB (compressed) text is gone; how many depends on what page pruning took already.
      expect(await size()).toBeLessThan(before - 40_000);
      const rows = await db.sql.$queryRaw<{ content: string | null }[]>`SELECT content FROM memory_versions WHERE memory_id = ${m.id} ORDER BY id`;
      expect(rows.map((r) => r.content)).toEqual([null, "new text"]);
      await db.close();
    } finally {
      await pg.drop();
    }
  });
});
