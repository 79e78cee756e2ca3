// npm run restore -- FILE [--force] – put a backup in place of the SQLite database (DATABASE_URL); an existing one only with --force.
import { parseArgs } from "node:util";
import { config } from "../lib/config.ts";
import { restoreSqlite } from "../lib/db/backup.ts";

const { values, positionals } = parseArgs({ options: { force: { type: "boolean", default: false } }, allowPositionals: true });
const { database } = config();
if (positionals.length !== 1) {
  console.error("usage: npm run restore -- FILE [--force]");
  process.exit(2);
}
if (database.engine !== "sqlite") {
  console.error("DATABASE_URL is PostgreSQL: restore it with pg_restore (docs/operations.md, Backups).");
  process.exit(2);
}
try {
  const restored = await restoreSqlite(positionals[0]!, database.file, { force: values.force });
  console.log(
    `restored ${positionals[0]} to ${restored.file}: ${restored.memories} memories, ${restored.versions} versions. Pending migrations are applied when the server starts.`,
  );
} catch (error) {
  console.error(`restore failed: ${(error as Error).message}`);
  process.exit(1);
}
