import { sql, type Db } from "../memory/db.ts";
import { inStoreScope } from "../memory/store-scope.ts";

/**
 * Display names for the ids that history records (`user_…` → email, `apikey_…` → key name and
 * the user who created it, `sess_…` → the key it ran with), so reviewers see who acted. Ids of
 * deleted users or keys simply have no name. A session's key is read from its versions
 * (memory_versions.api_key_id), through the index of migration 0024 on
 * (created_by_type, created_by_id, api_key_id): one entry per session, not one per version read.
 * A session an imported file claims (an admin's import that kept the file's authors) ran with no
 * key of this server: the importer's key on those versions is not its key.
 *
 * Of one workspace (docs/design.md, "Workspaces"): its keys and the organisation's (which act in
 * every workspace), its members and the organisation admins, the sessions of its stores.
 */
export async function listActorNames(db: Db, workspaceId: string) {
  const [users, keys, sessions] = await Promise.all([
    db.sql.$queryRaw<{ id: string; email: string }[]>`
      SELECT id, email FROM users
      WHERE role = 'admin' OR id IN (SELECT user_id FROM workspace_members WHERE workspace_id = ${workspaceId})`,
    db.sql.$queryRaw<{ id: string; name: string; created_by_user_id: string | null }[]>`
      SELECT id, name, created_by_user_id FROM api_keys WHERE workspace_id = ${workspaceId} OR workspace_id IS NULL`,
    db.sql.$queryRaw<{ id: string; api_key_id: string | null }[]>`
      SELECT created_by_id AS id, MIN(CASE WHEN created_by_claimed THEN NULL ELSE api_key_id END) AS api_key_id FROM memory_versions
      WHERE created_by_type = 'session_actor' AND created_by_id IS NOT NULL AND ${inStoreScope({ workspaceId }, sql`store_id`)}
      GROUP BY created_by_id`,
  ]);
  return {
    users: users.map((u) => ({ id: u.id, email: u.email })),
    api_keys: keys.map((k) => ({ id: k.id, name: k.name, created_by_user_id: k.created_by_user_id })),
    sessions: sessions.map((s) => ({ id: s.id, api_key_id: s.api_key_id })),
  };
}
