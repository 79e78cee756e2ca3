// npm run backup -- --out FILE – a consistent online copy of the SQLite database (DATABASE_URL) while the server keeps writing.
import { defineCommand } from "../lib/cli/command-line.ts";
import { config } from "../lib/config.ts";
import { backupSqlite } from "../lib/db/backup.ts";

const { values } = defineCommand({
  script: "backup",
  summary:
    "Takes a consistent copy of the SQLite database named by DATABASE_URL through SQLite's online backup API, " +
    "while the server keeps running and writing, checks it (integrity_check), and never overwrites an existing file. " +
    "On PostgreSQL use pg_dump instead (docs/operations.md, Backups).",
  options: { out: { type: "string", placeholder: "file", required: true, description: "the backup file to create" } },
  examples: ["npm run backup -- --out /backups/memory-console-2026-11-30.db"],
}).parseOrExit();
const { database } = config();
if (database.engine !== "sqlite") {
  console.error("DATABASE_URL is PostgreSQL: back it up with pg_dump (docs/operations.md, Backups).");
  process.exit(2);
}
try {
  const made = await backupSqlite(database.file, values.out);
  console.log(`backed up ${database.file} to ${made.file}: ${made.bytes} bytes, ${made.memories} memories, ${made.versions} versions (integrity check ok)`);
} catch (error) {
  console.error(`backup failed: ${(error as Error).message}`);
  process.exit(1);
}
