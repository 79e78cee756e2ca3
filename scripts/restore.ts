// npm run restore -- FILE [--force] – put a backup in place of the SQLite database (DATABASE_URL); an existing one only with --force.
import { defineCommand } from "../lib/cli/command-line.ts";
import { config } from "../lib/config.ts";
import { restoreSqlite } from "../lib/db/backup.ts";

const { values, positionals } = defineCommand({
  script: "restore",
  summary:
    "Puts a backup made by npm run backup in place of the SQLite database named by DATABASE_URL, after checking it. " +
    "Stop the server first. Migrations newer than the backup are applied when the server starts. " +
    "On PostgreSQL use pg_restore instead (docs/operations.md, Backups).",
  positionals: { name: "FILE", description: "the backup file", min: 1, max: 1 },
  options: { force: { type: "boolean", description: "replace an existing database (without it, only a new location is written)" } },
  examples: ["npm run restore -- /backups/memory-console-2026-11-30.db --force"],
}).parseOrExit();
const { database } = config();
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
