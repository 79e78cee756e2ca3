// Exit 0 when the test PostgreSQL server answers, 1 otherwise (scripts/test.sh decides what that means).
import pg from "pg";

const url = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  await client.query("SELECT 1");
  process.exitCode = 0;
} catch {
  process.exitCode = 1;
} finally {
  await client.end().catch(() => {});
}
