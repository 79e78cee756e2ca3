/**
 * Import reports: the one column list, row mapper and writes of `imports` and `import_items`.
 * A report is written in the import's own transaction, so an import that landed always has one
 * and a refused import never does.
 */
import type { StoreScope } from "../store-scope.ts";
import { recordAuditEvent } from "../audit/record-audit-event.ts";
import { actorFromColumns, actorId, type Actor } from "../actor.ts";
import { type Sql, empty, join, raw, sql, type SqlClient } from "../db.ts";
import { newId } from "../ids.ts";
import { notFound } from "../errors.ts";

/** One version an import wrote: create / overwrite for files, the version's operation for a history replay. */
export interface ImportItem {
  versionId: string;
  memoryId: string;
  action: string;
}

export interface ImportReportRecord {
  id: string;
  storeId: string;
  source: string;
  sourceName: string | null;
  onConflict: string | null;
  withHistory: boolean;
  newStore: boolean;
  createdBy: Actor | null;
  createdAt: Date;
  counts: Record<string, number>;
  memoriesWritten: number;
  versionsWritten: number;
}

export type NewImportReport = Omit<ImportReportRecord, "id" | "createdAt" | "createdBy" | "versionsWritten"> & {
  actor: Actor;
  /** An import with history: what verifying the file's history chain found (lib/memory/integrity), for the audit log. */
  historyChain?: string;
};

const COLUMNS = raw(
  "id, store_id, source, source_name, on_conflict, with_history, new_store, created_by_type, created_by_id, created_at, counts, memories_written, versions_written",
);

interface ImportRow {
  id: string;
  store_id: string;
  source: string;
  source_name: string | null;
  on_conflict: string | null;
  with_history: boolean | number | bigint;
  new_store: boolean | number | bigint;
  created_by_type: string;
  created_by_id: string;
  created_at: Date | string;
  counts: string;
  memories_written: number | bigint;
  versions_written: number | bigint;
}

function fromRow(row: ImportRow): ImportReportRecord {
  return {
    id: row.id,
    storeId: row.store_id,
    source: row.source,
    sourceName: row.source_name,
    onConflict: row.on_conflict,
    withHistory: Boolean(Number(row.with_history)),
    newStore: Boolean(Number(row.new_store)),
    createdBy: actorFromColumns(row.created_by_type, row.created_by_id),
    createdAt: new Date(row.created_at),
    counts: JSON.parse(row.counts) as Record<string, number>,
    memoriesWritten: Number(row.memories_written),
    versionsWritten: Number(row.versions_written),
  };
}

const ITEMS_PER_STATEMENT = 200;

/** An import's id and time, taken when it starts: every version it writes names them. */
export function startImport(): { id: string; at: Date } {
  return { id: newId("import"), at: new Date() };
}

/** Writes the report and its items; call it inside the import's transaction, with the id and time startImport gave. */
export async function insertImportReport(
  tx: SqlClient,
  started: { id: string; at: Date },
  report: NewImportReport,
  items: readonly ImportItem[],
): Promise<ImportReportRecord> {
  const { id, at: createdAt } = started;
  await tx.$executeRaw`
    INSERT INTO imports (${COLUMNS}, workspace_id)
    VALUES (${id}, ${report.storeId}, ${report.source}, ${report.sourceName}, ${report.onConflict}, ${report.withHistory}, ${report.newStore},
            ${report.actor.type}, ${actorId(report.actor)}, ${createdAt}, ${JSON.stringify(report.counts)}, ${report.memoriesWritten}, ${items.length},
            (SELECT workspace_id FROM memory_stores WHERE id = ${report.storeId}))`;
  for (let i = 0; i < items.length; i += ITEMS_PER_STATEMENT) {
    const values = items.slice(i, i + ITEMS_PER_STATEMENT).map((item) => sql`(${id}, ${item.versionId}, ${item.memoryId}, ${item.action})`);
    await tx.$executeRaw(sql`INSERT INTO import_items (import_id, version_id, memory_id, action) VALUES ${join(values)}`);
  }
  await recordAuditEvent(tx, {
    action: "import.executed",
    actor: report.actor,
    target: { type: "import", id },
    storeId: report.storeId,
    details: {
      source: report.source,
      with_history: report.withHistory,
      new_store: report.newStore,
      memories_written: report.memoriesWritten,
      versions_written: items.length,
      ...(report.historyChain && { history_chain: report.historyChain }),
    },
  });
  const { actor, historyChain: _chain, ...rest } = report;
  // As read back: the key behind a session actor is not part of the report's actor.
  return { ...rest, id, createdAt, createdBy: actorFromColumns(actor.type, actorId(actor)), versionsWritten: items.length };
}

/** One import report of the workspace: one of another answers as one that does not exist. */
export async function getImportReport(client: SqlClient, importId: string, workspaceId: string): Promise<ImportReportRecord> {
  const [row] = await client.$queryRaw<ImportRow[]>`SELECT ${COLUMNS} FROM imports WHERE id = ${importId} AND workspace_id = ${workspaceId}`;
  if (!row) throw notFound(`Import ${importId} not found.`);
  return fromRow(row);
}

/** Every version an import wrote, in the order it wrote them (version ids are time-ordered). */
export async function getImportItems(client: SqlClient, importId: string): Promise<ImportItem[]> {
  const rows = await client.$queryRaw<{ version_id: string; memory_id: string; action: string }[]>`
    SELECT version_id, memory_id, action FROM import_items WHERE import_id = ${importId} ORDER BY version_id`;
  return rows.map((r) => ({ versionId: r.version_id, memoryId: r.memory_id, action: r.action }));
}

/** Reports newest first, of one store or of the stores given (a store-limited key's), or all. */
export async function listImportReports(client: SqlClient, input: { scope: StoreScope; limit: number; afterId?: string }) {
  const where: Sql[] = [sql`workspace_id = ${input.scope.workspaceId}`];
  const { storeIds } = input.scope;
  if (storeIds) where.push(storeIds.length ? sql`store_id IN (${join(storeIds)})` : sql`1 = 0`);
  if (input.afterId) where.push(sql`id < ${input.afterId}`);
  const filter = where.length ? sql`WHERE ${join(where, " AND ")}` : empty;
  const rows = await client.$queryRaw<ImportRow[]>`SELECT ${COLUMNS} FROM imports ${filter} ORDER BY id DESC LIMIT ${input.limit + 1}`;
  const hasMore = rows.length > input.limit;
  const items = (hasMore ? rows.slice(0, input.limit) : rows).map(fromRow);
  return { items, nextAfterId: hasMore ? items[items.length - 1]!.id : null };
}
