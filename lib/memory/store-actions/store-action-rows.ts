import { countPhrase, LIFECYCLE_COLUMNS, lifecycleFromRow, lifecycleToRow, numberOrNull, type BulkLifecycle, type LifecycleRow } from "../bulk/lifecycle.ts";
import { defineItemTable, defineTable, type ItemTable, type Table } from "../bulk/report-tables.ts";
import type { StoreSelection } from "../stores/store-selection.ts";

/** What a bulk store action does to each store it selects. */
export type StoreActionKind = "archive" | "delete";

/** Which stores: an id list, or a store_search filter (lib/memory/stores/store-selection.ts). */
export type StoreActionSelection = { storeIds: readonly string[] } | { filter: StoreSelection };

/**
 * planned (dry run); then archived or deleted; late (written or changed since the dry run: left
 * alone); gone (deleted by someone else meanwhile); skipped (archived meanwhile, for an archival;
 * no longer matching the filter); left (matched the filter afterwards without having been seen).
 */
export type StoreActionOutcome = "planned" | "archived" | "deleted" | "late" | "gone" | "skipped" | "left";

export interface StoreActionItem {
  storeId: string;
  /** The store's name, size and last write when seen. */
  name: string;
  memoryCount: number;
  contentBytes: number;
  lastMemoryWriteAt: Date | null;
  /** The state the dry run saw: its update time and newest version. */
  seen: string;
  kind: "planned" | "late";
  outcome: StoreActionOutcome;
}

export interface StoreAction extends BulkLifecycle {
  action: StoreActionKind;
  /** request: a person or key asked; lifecycle: the workspace's archive_after_idle_days rule swept. */
  origin: "request" | "lifecycle";
  selection: StoreActionSelection;
  digest: string;
  countBefore: number;
  memoriesBefore: number;
  bytesBefore: number;
  /** Stores the selection still holds once done (null until then). */
  countAfter: number | null;
}

type PlanRow = LifecycleRow & {
  origin: string;
  selection: string;
  digest: string;
  count_before: number | bigint;
  memories_before: number | bigint;
  bytes_before: number | bigint;
  count_after: number | bigint | null;
};

type ItemRow = {
  store_id: string;
  name: string;
  seen: string;
  memory_count: number | bigint;
  content_bytes: number | bigint;
  last_memory_write_at: Date | string | null;
  kind: string;
  outcome: string;
};

/** The selection as stored: JSON named as on the wire. */
function selectionToJson(selection: StoreActionSelection): string {
  if ("storeIds" in selection) return JSON.stringify({ memory_store_ids: selection.storeIds });
  const f = selection.filter;
  return JSON.stringify({
    filter: {
      name: f.name ?? null,
      metadata: (f.metadata ?? []).map(([k, v]) => `${k}:${v}`),
      archived: f.archived,
      idle_days: f.idleDays ?? null,
      min_fill_percent: f.minFillPercent ?? null,
      min_content_bytes: f.minContentBytes ?? null,
    },
  });
}

function selectionFromJson(json: string): StoreActionSelection {
  const stored = JSON.parse(json) as { memory_store_ids?: string[]; filter?: Record<string, unknown> };
  if (stored.memory_store_ids) return { storeIds: stored.memory_store_ids };
  const f = stored.filter!;
  const orUndefined = <T>(value: unknown) => (value === null || value === undefined ? undefined : (value as T));
  return {
    filter: {
      name: orUndefined<string>(f.name),
      metadata: (f.metadata as string[]).map((pair) => [pair.slice(0, pair.indexOf(":")), pair.slice(pair.indexOf(":") + 1)] as const),
      archived: f.archived as StoreSelection["archived"],
      idleDays: orUndefined<number>(f.idle_days),
      minFillPercent: orUndefined<number>(f.min_fill_percent),
      minContentBytes: orUndefined<number>(f.min_content_bytes),
    },
  };
}

/** One plan table and one item table per action, the same shape (migration 0037). */
function tablesOf(action: StoreActionKind): { plans: Table<StoreAction>; items: ItemTable<StoreActionItem> } {
  const [plansTable, itemsTable, planColumn] =
    action === "archive" ? ["store_archivals", "store_archival_items", "store_archival_id"] : ["store_deletions", "store_deletion_items", "store_deletion_id"];
  const plans = defineTable<StoreAction, PlanRow>({
    name: plansTable,
    columns: [...LIFECYCLE_COLUMNS, "origin", "selection", "digest", "count_before", "memories_before", "bytes_before", "count_after"],
    toRow: (p) => ({
      ...lifecycleToRow(p),
      origin: p.origin,
      selection: selectionToJson(p.selection),
      digest: p.digest,
      count_before: p.countBefore,
      memories_before: p.memoriesBefore,
      bytes_before: p.bytesBefore,
      count_after: p.countAfter,
    }),
    fromRow: (row) => ({
      ...lifecycleFromRow(row),
      action,
      origin: row.origin as StoreAction["origin"],
      selection: selectionFromJson(row.selection),
      digest: row.digest,
      countBefore: Number(row.count_before),
      memoriesBefore: Number(row.memories_before),
      bytesBefore: Number(row.bytes_before),
      countAfter: numberOrNull(row.count_after),
    }),
  });
  const items = defineItemTable<StoreActionItem, ItemRow>({
    name: itemsTable,
    planColumn,
    keyColumn: "store_id",
    columns: ["store_id", "name", "seen", "memory_count", "content_bytes", "last_memory_write_at", "kind", "outcome"],
    resultColumns: ["outcome"],
    orderBy: ["kind DESC", "name", "store_id"],
    toRow: (i) => ({
      store_id: i.storeId,
      name: i.name,
      seen: i.seen,
      memory_count: i.memoryCount,
      content_bytes: i.contentBytes,
      last_memory_write_at: i.lastMemoryWriteAt,
      kind: i.kind,
      outcome: i.outcome,
    }),
    fromRow: (r) => ({
      storeId: r.store_id,
      name: r.name,
      seen: r.seen,
      memoryCount: Number(r.memory_count),
      contentBytes: Number(r.content_bytes),
      lastMemoryWriteAt: r.last_memory_write_at === null ? null : new Date(r.last_memory_write_at),
      kind: r.kind as StoreActionItem["kind"],
      outcome: r.outcome as StoreActionOutcome,
    }),
  });
  return { plans, items };
}

export const STORE_ACTION_TABLES = { archive: tablesOf("archive"), delete: tablesOf("delete") } as const;

/** The words a person types to confirm: `archive 12 stores`, `delete 1 store`. */
export function storeActionPhrase(plan: Pick<StoreAction, "action" | "countBefore">): string {
  return countPhrase(plan.action, plan.countBefore, { one: "store", many: "stores" });
}
