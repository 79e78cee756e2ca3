import type { Db } from "../memory/db.ts";

/**
 * Sign-in failures counted per account and per client address in the database (not in
 * process memory, so several instances share the count). Past the limit, sign-in for that
 * key is refused until the window ends, even with the right password.
 */
const WINDOW_MS = 15 * 60_000;
const LIMITS = { account: 5, address: 30 } as const;

export type LimitKey = { kind: keyof typeof LIMITS; value: string };
const keyOf = (k: LimitKey) => `${k.kind}:${k.value}`;

/** Minutes until sign-in is allowed again for any of the keys, or 0. */
export async function lockedForMinutes(db: Db, keys: LimitKey[], now = new Date()): Promise<number> {
  const rows = await db.read.signInFailure.findMany({ where: { key: { in: keys.map(keyOf) } } });
  let wait = 0;
  for (const row of rows) {
    const kind = row.key.split(":")[0] as keyof typeof LIMITS;
    const endsIn = row.windowStart.getTime() + WINDOW_MS - now.getTime();
    if (endsIn > 0 && row.count >= LIMITS[kind]) wait = Math.max(wait, Math.ceil(endsIn / 60_000));
  }
  return wait;
}

export async function recordFailure(db: Db, keys: LimitKey[], now = new Date()) {
  await db.transaction(async (tx) => {
    for (const k of keys) {
      const key = keyOf(k);
      const row = await tx.signInFailure.findUnique({ where: { key } });
      if (!row || now.getTime() - row.windowStart.getTime() > WINDOW_MS) {
        await tx.signInFailure.upsert({ where: { key }, create: { key, count: 1, windowStart: now }, update: { count: 1, windowStart: now } });
      } else {
        await tx.signInFailure.update({ where: { key }, data: { count: { increment: 1 } } });
      }
    }
  });
}

export async function clearFailures(db: Db, key: LimitKey) {
  await db.transaction((tx) => tx.signInFailure.deleteMany({ where: { key: keyOf(key) } }));
}
