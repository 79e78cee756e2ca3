// npm run db:compact – rewrite the database (DATABASE_URL) so that nothing deleted stays in its files (lib/db/compact.ts).
import { config } from "../lib/config.ts";
import { compactPostgres, compactSqlite } from "../lib/db/compact.ts";

const { database } = config();
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
try {
  const { bytesBefore, bytesAfter } = database.engine === "sqlite" ? compactSqlite(database.file) : await compactPostgres(database.url);
  console.log(`compacted ${database.engine === "sqlite" ? database.file : "the PostgreSQL database"}: ${mb(bytesBefore)} → ${mb(bytesAfter)}`);
} catch (error) {
  console.error(`compact failed: ${(error as Error).message}`);
  process.exit(1);
}
