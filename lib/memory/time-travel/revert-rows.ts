import { actorFromColumns, actorId, type Actor } from "../actor.ts";
import { countPhrase, LIFECYCLE_COLUMNS, lifecycleFromRow, lifecycleToRow, type BulkLifecycle, type LifecycleRow } from "../bulk/lifecycle.ts";
import { defineTable } from "../bulk/report-tables.ts";
import { putBackItemTable, type PutBackAction } from "./put-back-items.ts";

/** Whose changes a revert undoes: a session, an API key (everything written with it) or a console user. */
export type RevertPrincipal = Extract<Actor, { type: "session_actor" | "api_actor" | "user_actor" }>;

/** A revert: every memory a principal changed in a window put back to its state just before. */
export interface Revert extends BulkLifecycle {
  storeId: string;
  principal: RevertPrincipal;
  gte: Date | null;
  lte: Date | null;
  digest: string;
  actionable: number;
  counts: Record<PutBackAction, number>;
}

type RevertRow = LifecycleRow & {
  store_id: string;
  principal_type: string;
  principal_id: string;
  window_gte: Date | string | null;
  window_lte: Date | string | null;
  digest: string;
  actionable: number | bigint;
  counts: string;
};

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

export const REVERTS = defineTable<Revert, RevertRow>({
  name: "reverts",
  columns: [...LIFECYCLE_COLUMNS, "store_id", "principal_type", "principal_id", "window_gte", "window_lte", "digest", "actionable", "counts"],
  toRow: (r) => ({
    ...lifecycleToRow(r),
    store_id: r.storeId,
    principal_type: r.principal.type,
    principal_id: actorId(r.principal),
    window_gte: r.gte,
    window_lte: r.lte,
    digest: r.digest,
    actionable: r.actionable,
    counts: JSON.stringify(r.counts),
  }),
  fromRow: (row) => ({
    ...lifecycleFromRow(row),
    storeId: row.store_id,
    principal: actorFromColumns(row.principal_type, row.principal_id) as RevertPrincipal,
    gte: dateOrNull(row.window_gte),
    lte: dateOrNull(row.window_lte),
    digest: row.digest,
    actionable: Number(row.actionable),
    counts: JSON.parse(row.counts) as Record<PutBackAction, number>,
  }),
});

export const REVERT_ITEMS = putBackItemTable("revert_items", "revert_id");

/** `revert 3 memories`. */
export const revertPhrase = (revert: Pick<Revert, "actionable">) => countPhrase("revert", revert.actionable, { one: "memory", many: "memories" });
