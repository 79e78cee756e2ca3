// npm run db:compact – rewrite the database (DATABASE_URL) so that nothing deleted stays in its files (lib/db/compact.ts).
import { defineCommand } from "../lib/cli/command-line.ts";
import { config } from "../lib/config.ts";
import { compactPostgres, compactSqlite } from "../lib/db/compact.ts";

defineCommand({
  script: "db:compact",
  summary:
    "Rewrites the database named by DATABASE_URL so that nothing deleted, erased or redacted stays in its files: " +
    "on SQLite the search index is optimised, the file vacuumed and the write-ahead log emptied; on PostgreSQL the content tables get VACUUM FULL. " +
    "It holds the database while it runs: run it with the server stopped or at a quiet hour (docs/operations.md, Erased text on disk).",
  options: {},
  examples: ["npm run db:compact"],
}).parseOrExit();

const { database } = config();
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
try {
  const { bytesBefore, bytesAfter } = database.engine === "sqlite" ? compactSqlite(database.file) : await compactPostgres(database.url);
  console.log(`compacted ${database.engine === "sqlite" ? database.file : "the PostgreSQL database"}: ${mb(bytesBefore)} → ${mb(bytesAfter)}`);
} catch (error) {
  console.error(`compact failed: ${(error as Error).message}`);
  process.exit(1);
}
