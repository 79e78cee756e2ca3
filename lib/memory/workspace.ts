import type { SqlClient } from "./db.ts";
import { workspaceNotFound } from "./errors.ts";

/**
 * Workspaces partition everything (docs/design.md, "Workspaces"). Every install has Default, with
 * this fixed id (migration 0030): everything from before workspaces is in it, and a request that
 * names no workspace acts in it (or in its key's own workspace).
 */
export const DEFAULT_WORKSPACE_ID = "wrkspc_00000000000000000000000000";

/** A workspace id as this server makes them (`wrkspc_` and a ULID), or another install's of the same shape. */
const WORKSPACE_ID = /^wrkspc_[0-9A-Za-z]{1,64}$/;

export const isWorkspaceId = (value: string) => WORKSPACE_ID.test(value);

/**
 * Locks a live workspace's row until the transaction ends, or answers not found (archived ones
 * too). Whatever puts a store into a workspace takes it first, and archiving a workspace takes it
 * before it counts the live stores, so a store can never land in a workspace being archived: the
 * two wait for each other on PostgreSQL, and SQLite's write lock serialises them anyway.
 */
export async function lockLiveWorkspace(tx: SqlClient, workspaceId: string): Promise<void> {
  const [row] = await tx.$queryRaw<{ id: string }[]>`
    UPDATE workspaces SET archived_at = archived_at WHERE id = ${workspaceId} AND archived_at IS NULL RETURNING id`;
  if (!row) throw workspaceNotFound(workspaceId);
}
