import Database from "better-sqlite3";
import pg from "pg";

/**
 * Direct access to a test server's database (DATABASE_URL as the server got it), for what the
 * API cannot show: backdating rows, integrity checks, counting rows the API hides. SQL is
 * written with `?` placeholders; for PostgreSQL they become $1, $2, ….
 */
export interface RawDb {
  engine: "sqlite" | "postgres";
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

export async function openRawDb(databaseUrl: string): Promise<RawDb> {
  if (databaseUrl.startsWith("file:")) {
    const db = new Database(databaseUrl.slice("file:".length), { timeout: 30_000 });
    return {
      engine: "sqlite",
      query: async <T>(sql: string, params: unknown[] = []) => {
        const statement = db.prepare(sql);
        if (statement.reader) return statement.all(...params) as T[];
        statement.run(...params);
        return [];
      },
      close: async () => {
        db.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    engine: "postgres",
    query: async <T>(sql: string, params: unknown[] = []) => (await client.query(numbered(sql), params)).rows as T[],
    close: () => client.end(),
  };
}
