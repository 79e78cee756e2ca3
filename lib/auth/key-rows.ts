import { raw } from "../memory/db.ts";

/** API keys are read and written with hand-written SQL: one column list and one row mapper (see user-rows.ts). */
const COLUMN_NAMES = [
  "id",
  "name",
  "secret_hash",
  "prefix",
  "role",
  "store_ids",
  "read_only",
  "created_by_user_id",
  "created_at",
  "revoked_at",
  "oauth_client_id",
  "workspace_id",
];

/** The column list, optionally of a table alias (`"k."`). */
export const keyColumns = (alias = "") => raw(COLUMN_NAMES.map((c) => `${alias}${c}`).join(", "));
export const KEY_COLUMNS = keyColumns();

export interface KeyRow {
  id: string;
  name: string;
  secret_hash: string;
  prefix: string;
  role: string;
  store_ids: string | null;
  /** A boolean on PostgreSQL, 1 or 0 on SQLite. */
  read_only: boolean | number;
  created_by_user_id: string | null;
  created_at: Date | string;
  revoked_at: Date | string | null;
  oauth_client_id: string | null;
  workspace_id: string | null;
}

export interface ApiKeyRecord {
  id: string;
  name: string;
  secretHash: string;
  prefix: string;
  role: string;
  /** JSON array of store ids, or null for every store. */
  storeIds: string | null;
  readOnly: boolean;
  createdByUserId: string | null;
  createdAt: Date;
  revokedAt: Date | null;
  /** Set for an OAuth grant (lib/oauth): the registered client it was granted to. */
  oauthClientId: string | null;
  /** The key's workspace; null: an organisation-scoped key. */
  workspaceId: string | null;
}

export function keyFromRow(row: KeyRow): ApiKeyRecord {
  return {
    id: row.id,
    name: row.name,
    secretHash: row.secret_hash,
    prefix: row.prefix,
    role: row.role,
    storeIds: row.store_ids,
    readOnly: Boolean(row.read_only),
    createdByUserId: row.created_by_user_id,
    createdAt: new Date(row.created_at),
    revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at),
    oauthClientId: row.oauth_client_id,
    workspaceId: row.workspace_id,
  };
}
