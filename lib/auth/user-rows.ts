import { raw } from "../memory/db.ts";

/**
 * Users are read and written with hand-written SQL, like every other table (see
 * lib/memory/memories/memory-rows.ts): one column list and one row mapper. The public columns
 * are what leaves lib/auth; the credentials (password hash, session version) only sign-in and
 * session checks read.
 */
const PUBLIC_COLUMNS = ["id", "email", "name", "role", "created_at", "updated_at", "disabled_at"];
const CREDENTIAL_COLUMNS = ["password_hash", "session_version"];

/** The column list, optionally of a table alias (`"u."`). */
export const userColumns = (withCredentials: boolean, alias = "") =>
  raw((withCredentials ? [...PUBLIC_COLUMNS, ...CREDENTIAL_COLUMNS] : PUBLIC_COLUMNS).map((c) => `${alias}${c}`).join(", "));

export interface UserRow {
  id: string;
  email: string;
  name: string;
  role: string;
  created_at: Date | string;
  updated_at: Date | string;
  disabled_at: Date | string | null;
  password_hash?: string;
  session_version?: number | bigint;
}

export interface UserRecord {
  id: string;
  email: string;
  name: string;
  role: string;
  createdAt: Date;
  updatedAt: Date;
  disabledAt: Date | null;
}

export interface UserWithCredentials extends UserRecord {
  passwordHash: string;
  sessionVersion: number;
}

export function userFromRow(row: UserRow & { password_hash: string }): UserWithCredentials;
export function userFromRow(row: UserRow): UserRecord;
export function userFromRow(row: UserRow): UserRecord | UserWithCredentials {
  const user: UserRecord = {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    disabledAt: row.disabled_at === null ? null : new Date(row.disabled_at),
  };
  return row.password_hash === undefined ? user : { ...user, passwordHash: row.password_hash, sessionVersion: Number(row.session_version ?? 0) };
}
