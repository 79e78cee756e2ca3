// npm run backup -- --out FILE – a consistent online copy of the SQLite database (DATABASE_URL) while the server keeps writing.
import { parseArgs } from "node:util";
import { config } from "../lib/config.ts";
import { backupSqlite } from "../lib/db/backup.ts";

const { values } = parseArgs({ options: { out: { type: "string" } } });
const { database } = config();
if (!values.out) {
  console.error("usage: npm run backup -- --out FILE");
  process.exit(2);
}
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
