import { join, sql, type Db, type SqlClient } from "../memory/db.ts";
import { invalidRequest, notFound } from "../memory/errors.ts";
import type { Actor } from "../memory/actor.ts";
import { recordAuditEvent } from "../memory/audit/record-audit-event.ts";
import { revokeApiKey } from "./api-keys.ts";
import { idPageOf, idPageSql, type IdPage, type IdPageQuery } from "./id-page.ts";
import { KEY_COLUMNS, keyFromRow, type ApiKeyRecord, type KeyRow } from "./key-rows.ts";

/**
 * API keys as the organisation API shows them (`/v1/organizations/api_keys`). A key here is
 * active until revoked, and a revoked key is revoked for good (nothing can bring its secret
 * back into use), so its status is `archived`, the hosted API's final state. `inactive` and
 * `archived` in an update both revoke; `active` is refused for a revoked key; no key is ever
 * `expired` (none expires) or `inactive`.
 */
export const KEY_STATUSES = ["active", "inactive", "archived", "expired"] as const;
export type KeyStatus = (typeof KEY_STATUSES)[number];

export const keyStatusOf = (key: ApiKeyRecord): KeyStatus => (key.revokedAt ? "archived" : "active");

export interface ListOrgKeysQuery extends IdPageQuery {
  workspaceId?: string;
  status?: KeyStatus;
  createdByUserId?: string;
  /** Only this workspace's keys (a workspace admin); undefined: every key (an organisation admin). */
  onlyWorkspace?: string;
}

export async function listOrgKeys(client: SqlClient, query: ListOrgKeysQuery): Promise<IdPage<ApiKeyRecord>> {
  const page = idPageSql("id", query);
  const conditions = [
    ...(query.onlyWorkspace !== undefined ? [sql`workspace_id = ${query.onlyWorkspace}`] : []),
    ...(query.workspaceId !== undefined ? [sql`workspace_id = ${query.workspaceId}`] : []),
    ...(query.createdByUserId !== undefined ? [sql`created_by_user_id = ${query.createdByUserId}`] : []),
    ...(query.status === "active" ? [sql`revoked_at IS NULL`] : []),
    ...(query.status === "archived" ? [sql`revoked_at IS NOT NULL`] : []),
    ...(query.status === "inactive" || query.status === "expired" ? [sql`1 = 0`] : []),
  ];
  const rows = await client.$queryRaw<KeyRow[]>`
    SELECT ${KEY_COLUMNS} FROM api_keys WHERE ${conditions.length ? join(conditions, " AND ") : sql`1 = 1`} ${page.where} ${page.orderLimit}`;
  return idPageOf(rows.map(keyFromRow), query, (k) => k.id);
}

/** A key; `onlyWorkspace`: a workspace admin's view, where another workspace's or an organisation key is not there. */
export async function findOrgKey(client: SqlClient, id: string, onlyWorkspace?: string): Promise<ApiKeyRecord> {
  const [row] = await client.$queryRaw<KeyRow[]>`SELECT ${KEY_COLUMNS} FROM api_keys WHERE id = ${id}`;
  if (!row || (onlyWorkspace !== undefined && row.workspace_id !== onlyWorkspace)) throw notFound(`API key ${id.slice(0, 80)} not found.`);
  return keyFromRow(row);
}

export async function updateOrgKey(
  db: Db,
  id: string,
  input: { name?: string | null; status?: "active" | "inactive" | "archived" | null },
  by: Actor,
  onlyWorkspace?: string,
): Promise<ApiKeyRecord> {
  const name = input.name == null ? undefined : input.name.trim();
  if (name !== undefined && (name.length < 1 || name.length > 100)) throw invalidRequest("name: must be 1 to 100 characters long.");
  if (name !== undefined && /\p{Cc}/u.test(name)) throw invalidRequest("name: must not contain control characters.");
  const current = await findOrgKey(db.sql, id, onlyWorkspace);
  if (input.status === "active" && current.revokedAt) {
    throw invalidRequest(`API key ${id} is revoked (status archived), and revoked keys stay revoked here: make a new key instead.`);
  }
  if (name !== undefined && name !== current.name) {
    await db.sqlTransaction(async (tx) => {
      await tx.$executeRaw`UPDATE api_keys SET name = ${name} WHERE id = ${id}`;
      await recordAuditEvent(tx, {
        action: "api_key.updated",
        actor: by,
        target: { type: "api_key", id },
        details: { name_before: current.name, name },
        workspaceId: current.workspaceId,
      });
    });
  }
  // Revoking is the one path every revocation takes (its OAuth tokens go with it, and it is audited once).
  if ((input.status === "inactive" || input.status === "archived") && !current.revokedAt) await revokeApiKey(db, id, by);
  return findOrgKey(db.sql, id, onlyWorkspace);
}
