import { createHash } from "node:crypto";
import type { Db, SqlClient } from "../memory/db.ts";

/**
 * Sign-in attempts, counted in the database (several instances share the count) BEFORE the
 * password is checked, one atomic upsert per key, so parallel guesses cannot slip past the
 * limit. Two keys per attempt:
 * - (account, address): 5 attempts per 15 minutes. Keyed by the pair, not the account alone,
 *   so a stranger guessing an admin's password locks only their own address out of that
 *   account; the admin, from an address that has not failed, still signs in.
 * - address: 30 attempts per 15 minutes across all accounts, so one address cannot guess
 *   across many accounts or dodge the first key by rotating emails.
 * A success deletes the pair's row and takes its attempt back off the address count.
 * Keys are a kind prefix and a SHA-256, so rows have a fixed size whatever the input;
 * expired rows are purged a few at a time on every attempt.
 */
export const WINDOW_MS = 15 * 60_000;
export const ATTEMPT_LIMITS = { pair: 5, address: 30 } as const;
const PURGE_BATCH = 50;

export type SignInKeys = { pair: string; address: string };

function digest(...parts: string[]): string {
  return createHash("sha256").update(parts.join("\0")).digest("base64url");
}

export function signInKeys(email: string, address: string): SignInKeys {
  return { pair: `p:${digest(email, address)}`, address: `a:${digest(address)}` };
}

async function countAttempt(tx: SqlClient, key: string, now: Date): Promise<{ count: number; windowStart: Date }> {
  const expired = new Date(now.getTime() - WINDOW_MS);
  const [row] = await tx.$queryRaw<{ count: number | bigint; window_start: Date | string }[]>`
    INSERT INTO sign_in_failures (key, count, window_start) VALUES (${key}, 1, ${now})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN sign_in_failures.window_start <= ${expired} THEN 1 ELSE sign_in_failures.count + 1 END,
      window_start = CASE WHEN sign_in_failures.window_start <= ${expired} THEN ${now} ELSE sign_in_failures.window_start END
    RETURNING count, window_start`;
  return { count: Number(row!.count), windowStart: new Date(row!.window_start) };
}

/**
 * Counts this attempt against both keys. Returns when sign-in unlocks if either key is past
 * its limit (this attempt included), else null: the caller may then check the password.
 */
export async function countSignInAttempt(db: Db, keys: SignInKeys, now = new Date()): Promise<Date | null> {
  return db.sqlTransaction(async (tx) => {
    await tx.$executeRaw`
      DELETE FROM sign_in_failures WHERE key IN (
        SELECT key FROM sign_in_failures WHERE window_start <= ${new Date(now.getTime() - WINDOW_MS)} LIMIT ${PURGE_BATCH})`;
    let unlocksAt: Date | null = null;
    for (const kind of ["pair", "address"] as const) {
      const { count, windowStart } = await countAttempt(tx, keys[kind], now);
      if (count > ATTEMPT_LIMITS[kind]) {
        const ends = new Date(windowStart.getTime() + WINDOW_MS);
        if (!unlocksAt || ends > unlocksAt) unlocksAt = ends;
      }
    }
    return unlocksAt;
  });
}

/** After a successful sign-in: the pair starts afresh and the attempt no longer counts against the address. */
export async function countSignInSuccess(db: Db, keys: SignInKeys) {
  await db.sqlTransaction(async (tx) => {
    await tx.$executeRaw`DELETE FROM sign_in_failures WHERE key = ${keys.pair}`;
    await tx.$executeRaw`UPDATE sign_in_failures SET count = count - 1 WHERE key = ${keys.address} AND count > 0`;
  });
}
