import type { Sql, SqlClient } from "./db.ts";

/**
 * A write inside a transaction whose result nothing needs before the transaction ends (a
 * version row, the chain head, a counter): on PostgreSQL it is handed to the connection at once
 * and leaves with the next statement the write path waits for, in one socket write and one
 * round trip for both, instead of one each (lib/db/sql.ts, pipelining). Statements still run in
 * the order they are written, in the same transaction; an error of a write sent this way fails
 * the next statement waited for, or the COMMIT, with its own message, so the transaction rolls
 * back as it did. Only writes that no rule can refuse are sent so: a write whose error the
 * caller would catch and act on (a path already taken) is awaited where it is written.
 */
export function writeLater(tx: SqlClient, query: Sql): Promise<void> {
  if (tx.$executeLater) {
    tx.$executeLater(query);
    return Promise.resolve();
  }
  return tx.$executeRaw(query).then(() => {});
}
