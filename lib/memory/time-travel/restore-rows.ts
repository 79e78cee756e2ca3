import { countPhrase, LIFECYCLE_COLUMNS, lifecycleFromRow, lifecycleToRow, type BulkLifecycle, type LifecycleRow } from "../bulk/lifecycle.ts";
import { defineTable } from "../bulk/report-tables.ts";
import { putBackItemTable, type PutBackAction } from "./put-back-items.ts";

/** A restore: a folder (or the whole store) put back to how it was at `asOf`. */
export interface Restore extends BulkLifecycle {
  storeId: string;
  asOf: Date;
  pathPrefix: string;
  digest: string;
  /** Items that write (create, modify, move, delete): what the confirmation names. */
  actionable: number;
  counts: Record<PutBackAction, number>;
}

type RestoreRow = LifecycleRow & {
  store_id: string;
  as_of: Date | string;
  path_prefix: string;
  digest: string;
  actionable: number | bigint;
  counts: string;
};

export const RESTORES = defineTable<Restore, RestoreRow>({
  name: "restores",
  columns: [...LIFECYCLE_COLUMNS, "store_id", "as_of", "path_prefix", "digest", "actionable", "counts"],
  toRow: (r) => ({
    ...lifecycleToRow(r),
    store_id: r.storeId,
    as_of: r.asOf,
    path_prefix: r.pathPrefix,
    digest: r.digest,
    actionable: r.actionable,
    counts: JSON.stringify(r.counts),
  }),
  fromRow: (row) => ({
    ...lifecycleFromRow(row),
    storeId: row.store_id,
    asOf: new Date(row.as_of),
    pathPrefix: row.path_prefix,
    digest: row.digest,
    actionable: Number(row.actionable),
    counts: JSON.parse(row.counts) as Record<PutBackAction, number>,
  }),
});

export const RESTORE_ITEMS = putBackItemTable("restore_items", "restore_id");

/** `restore 3 memories`. */
export const restorePhrase = (restore: Pick<Restore, "actionable">) => countPhrase("restore", restore.actionable, { one: "memory", many: "memories" });
