/**
 * What a bulk operation supplies to the one lifecycle (lib/memory/bulk/README.md): its tables,
 * its finder, its per-chunk step and the words of its messages. planBulk and executeBulk do the
 * rest, the same way for every operation.
 */
import type { AuditAction } from "../audit/audit-actions.ts";
import type { Actor } from "../actor.ts";
import type { Db, SqlClient, TransactionOptions } from "../db.ts";
import type { IdPrefix } from "../ids.ts";
import type { BulkLifecycle } from "./lifecycle.ts";
import type { ItemTable, Table } from "./report-tables.ts";

/** The types one operation works with, named once. */
export interface BulkTypes {
  /** The plan row, which becomes the report: the lifecycle and the operation's own fields. */
  plan: BulkLifecycle;
  /** One report row: something the dry run saw (with the state it saw), or that the execution wrote or found late. */
  item: object;
  /** What the finder returns: one thing the selection matches now, with its state. */
  target: unknown;
  /** What the finder is asked for (a text and stores, a filter). */
  selection: unknown;
  /** What an execution is given besides the confirmation, once checked (the text again, the caller's stores). */
  run: unknown;
}

export interface StepContext<T extends BulkTypes> {
  plan: T["plan"];
  run: T["run"];
  actor: Actor;
}

export interface StepResult<T extends BulkTypes> {
  /** The chunk's items with what happened to each (their result columns). */
  done: T["item"][];
  /** Items the step wrote that the dry run did not list (an erase's new versions). */
  written?: T["item"][];
}

export interface BulkOperation<T extends BulkTypes> {
  /** How messages name it: `Erasure`, `Bulk deletion`; the verb and its participle: `erase`, `erased`. */
  words: { noun: string; verb: string; done: string };
  /** What the audit log records when one is carried out (lib/memory/audit), and the one store it was about (null: several). */
  audit: { action: AuditAction; storeOf(plan: T["plan"]): string | null };
  idPrefix: IdPrefix;
  plans: Table<T["plan"]>;
  items: ItemTable<T["item"]>;

  /** Everything the selection matches now, with its state: the dry run's items, and afterwards what is late. */
  find(db: Db, selection: T["selection"]): Promise<T["target"][]>;
  /** A target as the dry run lists it. */
  planned(target: T["target"]): T["item"];
  /** The plan's own fields, from the dry run's selection, items and their digest (lib/memory/bulk/lifecycle.ts). */
  describe(lifecycle: BulkLifecycle, selection: T["selection"], items: T["item"][], digest: string): T["plan"];
  /** The state a target was seen in, for the digest (a head version id, a store's update time). */
  seen(item: T["item"]): string;
  /** The words a person types to confirm: they name how much the plan covers. */
  confirmation(plan: T["plan"]): string;
  /** How much the plan covers: one of nothing cannot be carried out. */
  size(plan: T["plan"]): number;

  /** The selection to look for late items with, from the plan and the run. */
  selection(plan: T["plan"], run: T["run"]): T["selection"];
  /** The items to carry out, cut into the chunks each carried out in one transaction of its own, in order. */
  chunks(plan: T["plan"], items: T["item"][]): T["item"][][];
  transaction?: (plan: T["plan"]) => TransactionOptions;
  /**
   * One chunk, inside its transaction: each item only if its target is still as the dry run saw
   * it, else left and reported. A step that throws not_found (the store was deleted meanwhile)
   * has its chunk recorded as `gone`.
   */
  step(tx: SqlClient, chunk: T["item"][], context: StepContext<T>): Promise<StepResult<T>>;
  gone(item: T["item"]): T["item"];
  /**
   * A target found afterwards that no item names: written or changed since, left for a new dry
   * run. Without it the selection is not looked for again (an operation whose late items are
   * planned ones found changed: a restore).
   */
  late?(target: T["target"]): T["item"];
  /**
   * The plan's columns filled in at completion, from everything that matches afterwards (the
   * counts after) and the report's items as the chunks left them (what was done).
   */
  countsAfter?(after: T["target"][], items: T["item"][]): Record<string, number>;

  /** After the claim, before the first chunk (an erase scrubs what other records hold of the text). */
  beforeChunks?(db: Db, context: StepContext<T>): Promise<void>;
  /** After the completion is recorded (SQLite's log emptied of erased bytes, the search index purged). */
  afterCompletion?(db: Db, context: StepContext<T>): Promise<void>;
}
