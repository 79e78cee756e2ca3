import type { Db } from "../memory/db.ts";

/**
 * Display names for the ids that history records (`user_…` → email, `apikey_…` → key name),
 * so reviewers see who acted. Ids of deleted users or keys simply have no name.
 */
export async function listActorNames(db: Db) {
  const [users, keys] = await Promise.all([
    db.sql.$queryRaw<{ id: string; email: string }[]>`SELECT id, email FROM users`,
    db.sql.$queryRaw<{ id: string; name: string }[]>`SELECT id, name FROM api_keys`,
  ]);
  return {
    users: users.map((u) => ({ id: u.id, email: u.email })),
    api_keys: keys.map((k) => ({ id: k.id, name: k.name })),
  };
}
