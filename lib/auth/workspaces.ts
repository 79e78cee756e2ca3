import { join, sql, type Db, type SqlClient } from "../memory/db.ts";
import { conflict, invalidRequest, workspaceNotFound } from "../memory/errors.ts";
import { newId } from "../memory/ids.ts";
import type { Actor } from "../memory/actor.ts";
import { recordAuditEvent } from "../memory/audit/record-audit-event.ts";
import { idPageOf, idPageSql, type IdPage, type IdPageQuery } from "./id-page.ts";
import { mergeTags, validateDisplayColor, validateWorkspaceName } from "./workspace-fields.ts";
import { DEFAULT_WORKSPACE_ID } from "./workspace-roles.ts";
import { lockLiveWorkspace } from "../memory/workspace.ts";

/** Workspaces as the organisation API manages them (`/v1/organizations/workspaces`). */
export interface WorkspaceRecord {
  id: string;
  name: string;
  displayColor: string;
  tags: Record<string, string>;
  createdAt: Date;
  archivedAt: Date | null;
}

interface WorkspaceRow {
  id: string;
  name: string;
  display_color: string;
  tags: string;
  created_at: Date | string;
  archived_at: Date | string | null;
}

const COLUMNS = sql`id, name, display_color, tags, created_at, archived_at`;
/** New workspaces get the hosted Console's first colour unless one is given (Default has the migration's). */
const DEFAULT_COLOR = "#6c5ce7";

const fromRow = (row: WorkspaceRow): WorkspaceRecord => ({
  id: row.id,
  name: row.name,
  displayColor: row.display_color,
  tags: JSON.parse(row.tags) as Record<string, string>,
  createdAt: new Date(row.created_at),
  archivedAt: row.archived_at === null ? null : new Date(row.archived_at),
});

export async function findWorkspace(client: SqlClient, id: string): Promise<WorkspaceRecord> {
  const [row] = await client.$queryRaw<WorkspaceRow[]>`SELECT ${COLUMNS} FROM workspaces WHERE id = ${id}`;
  if (!row) throw workspaceNotFound(id);
  return fromRow(row);
}

export async function createWorkspace(db: Db, input: { name: unknown; displayColor?: unknown; tags?: unknown }, by: Actor): Promise<WorkspaceRecord> {
  const name = validateWorkspaceName(input.name);
  const displayColor = input.displayColor == null ? DEFAULT_COLOR : validateDisplayColor(input.displayColor);
  const tags = input.tags == null ? {} : mergeTags({}, input.tags);
  return db.sqlTransaction(async (tx) => {
    const [row] = await tx.$queryRaw<WorkspaceRow[]>`
      INSERT INTO workspaces (id, name, display_color, tags, created_at) VALUES (${newId("wrkspc")}, ${name}, ${displayColor}, ${JSON.stringify(tags)}, ${new Date()})
      RETURNING ${COLUMNS}`;
    await recordAuditEvent(tx, { action: "workspace.created", actor: by, target: { type: "workspace", id: row!.id }, details: { name }, workspaceId: null });
    return fromRow(row!);
  });
}

/** Name, colour, tags (merged: null removes a tag). An archived workspace is read-only. */
export async function updateWorkspace(
  db: Db,
  id: string,
  input: { name?: unknown; displayColor?: unknown; tags?: unknown },
  by: Actor,
): Promise<WorkspaceRecord> {
  const name = input.name === undefined ? undefined : validateWorkspaceName(input.name);
  const displayColor = input.displayColor === undefined ? undefined : validateDisplayColor(input.displayColor);
  return db.sqlTransaction(async (tx) => {
    const current = await findWorkspace(tx, id);
    if (current.archivedAt) throw invalidRequest(`Workspace ${id} is archived; an archived workspace cannot be changed.`);
    const tags = input.tags == null ? undefined : mergeTags(current.tags, input.tags);
    const changes = [
      ...(name !== undefined ? [sql`name = ${name}`] : []),
      ...(displayColor !== undefined ? [sql`display_color = ${displayColor}`] : []),
      ...(tags !== undefined ? [sql`tags = ${JSON.stringify(tags)}`] : []),
    ];
    if (changes.length === 0) return current;
    const [row] = await tx.$queryRaw<WorkspaceRow[]>`UPDATE workspaces SET ${join(changes, ", ")} WHERE id = ${id} RETURNING ${COLUMNS}`;
    await recordAuditEvent(tx, {
      action: "workspace.updated",
      actor: by,
      target: { type: "workspace", id },
      details: { ...(name !== undefined && { name }), ...(displayColor !== undefined && { display_color: displayColor }), ...(tags && { tags_changed: true }) },
      workspaceId: null,
    });
    return fromRow(row!);
  });
}

export interface ListWorkspacesQuery extends IdPageQuery {
  includeArchived: boolean;
  includeDefault: boolean;
  ids?: readonly string[];
  /** Only these (a workspace admin's own); undefined: every workspace (an organisation admin). */
  visibleTo?: readonly string[];
}

export async function listWorkspaces(client: SqlClient, query: ListWorkspacesQuery): Promise<IdPage<WorkspaceRecord>> {
  if (query.ids && query.ids.length > 100) throw invalidRequest("ids: at most 100.");
  const page = idPageSql("id", query);
  const conditions = [
    ...(query.includeArchived ? [] : [sql`archived_at IS NULL`]),
    ...(query.includeDefault ? [] : [sql`id <> ${DEFAULT_WORKSPACE_ID}`]),
    ...(query.ids ? [query.ids.length ? sql`id IN (${join(query.ids)})` : sql`1 = 0`] : []),
    ...(query.visibleTo ? [query.visibleTo.length ? sql`id IN (${join(query.visibleTo)})` : sql`1 = 0`] : []),
  ];
  const rows = await client.$queryRaw<WorkspaceRow[]>`
    SELECT ${COLUMNS} FROM workspaces WHERE ${conditions.length ? join(conditions, " AND ") : sql`1 = 1`} ${page.where} ${page.orderLimit}`;
  return idPageOf(rows.map(fromRow), query, (w) => w.id);
}

/**
 * Archiving is final, as on the hosted API, and the workspace's keys stop with it (api-keys.ts).
 * Default cannot be archived. A workspace whose memory stores are not all archived is refused,
 * so that no live memory becomes unreachable: the answer says how many are live. Archiving an archived workspace answers it as it is.
 */
export async function archiveWorkspace(db: Db, id: string, by: Actor): Promise<WorkspaceRecord> {
  if (id === DEFAULT_WORKSPACE_ID) throw invalidRequest("The Default workspace cannot be archived.");
  return db.sqlTransaction(async (tx) => {
    const current = await findWorkspace(tx, id);
    if (current.archivedAt) return current;
    // Locked before the count, in statements of their own: a store being created or moved in has
    // the lock (memory/workspace.ts) and is counted once it commits; after this, none can land.
    await lockLiveWorkspace(tx, id);
    const [live] = await tx.$queryRaw<{ n: number | bigint | string }[]>`
      SELECT COUNT(*) AS n FROM memory_stores WHERE workspace_id = ${id} AND archived_at IS NULL`;
    const n = Number(live!.n);
    if (n > 0) {
      throw conflict(
        `Workspace ${id} still has ${n} live memory store${n === 1 ? "" : "s"}; archive or delete ${n === 1 ? "it" : "them"} first, so that no live memory becomes unreachable.`,
      );
    }
    const [row] = await tx.$queryRaw<WorkspaceRow[]>`UPDATE workspaces SET archived_at = ${new Date()} WHERE id = ${id} RETURNING ${COLUMNS}`;
    await recordAuditEvent(tx, { action: "workspace.archived", actor: by, target: { type: "workspace", id }, workspaceId: null });
    return fromRow(row!);
  });
}
