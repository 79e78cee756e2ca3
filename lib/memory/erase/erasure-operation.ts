import type { BulkOperation } from "../bulk/bulk-operation.ts";
import { letOthersRun } from "../let-others-run.ts";
import type { Db } from "../db.ts";
import { eraseFromMemory } from "./erase-from-memory.ts";
import type { EraseText, EraseValues } from "./erase-values.ts";
import { confirmationPhrase, ERASURE_ITEMS, ERASURES, type EraseAction, type Erasure, type ErasureItem, type PatternType } from "./erasure-rows.ts";
import { findErasable, type ErasableVersion } from "./find-erasable.ts";
import { plannedActions } from "./planned-actions.ts";
import { scrubBulkDeletionReports, scrubWebhookEvents } from "./scrub-records.ts";

export type ErasureTypes = {
  plan: Erasure;
  item: ErasureItem;
  target: ErasableVersion & { plannedAction?: ErasureItem["plannedAction"] };
  selection: {
    /** The text, or the values of a pattern erase, with their hashes. */
    values: EraseValues;
    patternType: PatternType | null;
    storeIds: string[] | null;
    /** The workspace erased in: `storeIds` null means every store of it. */
    workspaceId: string;
    action: EraseAction;
    marker: string | null;
    /** The dry run tells what it plans per memory; the look for late items does not need to. */
    withActions: boolean;
  };
  /** The text or values again: only their hashes were kept. */
  run: { texts: EraseText[] };
};

const textsOf = (texts: readonly EraseText[]) => texts.map((t) => t.text);

/**
 * Erase (lib/memory/bulk/README.md): every retained version holding a text (or any of the
 * values picked from a pattern's matches), memory by memory.
 * A memory whose current version is still the one the dry run saw has the text replaced by the
 * marker (or is deleted), and every version the dry run saw is redacted; whatever holds the
 * text afterwards was written since, and is reported late.
 */
export const ERASURE: BulkOperation<ErasureTypes> = {
  words: { noun: "Erasure", verb: "erase", done: "erased" },
  audit: { action: "erasure.executed", storeOf: (plan) => (plan.storeIds?.length === 1 ? plan.storeIds[0]! : null) },
  idPrefix: "erasure",
  plans: ERASURES,
  items: ERASURE_ITEMS,

  async find(db, { values, storeIds, workspaceId, action, marker, withActions }) {
    const found = await findErasable(db, values.texts, storeIds === null ? { workspaceId } : { workspaceId, storeIds });
    if (!withActions) return found;
    const heads = found.filter((v) => v.current);
    const actions = await plannedActions(db, heads, { texts: textsOf(values.texts), action, marker });
    return found.map((v) => ({ ...v, plannedAction: actions.get(v.versionId) ?? null }));
  },
  planned: (v) => ({
    versionId: v.versionId,
    storeId: v.storeId,
    memoryId: v.memoryId,
    kind: v.current ? "head" : "history",
    outcome: "planned",
    plannedAction: v.current ? (v.plannedAction ?? null) : null,
  }),
  seen: (item) => item.kind,
  describe: (lifecycle, selection, items) => ({
    ...lifecycle,
    querySha256: selection.values.querySha256,
    valueSha256s: selection.values.valueSha256s,
    patternType: selection.patternType,
    action: selection.action,
    marker: selection.marker,
    storeIds: selection.storeIds,
    memoriesBefore: items.filter((i) => i.kind === "head").length,
    versionsBefore: items.length,
    memoriesAfter: null,
    versionsAfter: null,
  }),
  confirmation: confirmationPhrase,
  size: (erasure) => erasure.versionsBefore,

  selection: (erasure, run) => ({
    values: { texts: run.texts, valueSha256s: erasure.valueSha256s, querySha256: erasure.querySha256 },
    patternType: erasure.patternType,
    storeIds: erasure.storeIds,
    workspaceId: erasure.workspaceId,
    action: erasure.action,
    marker: erasure.marker,
    withActions: false,
  }),
  chunks: (_erasure, items) => memoriesTogether(byMemory(items)),
  transaction: () => ({ timeoutMs: 60_000 }),
  async step(tx, memories, { plan, run, actor }) {
    const since = new Date(Date.now() - 1);
    const done: ErasureItem[] = [];
    const written: ErasureItem[] = [];
    for (const group of byMemory(memories)) {
      const result = await eraseFromMemory(tx, plan, group, textsOf(run.texts), actor);
      done.push(...result.done);
      written.push(...(result.written ?? []));
    }
    // The events this erase just wrote (a deletion names the path that may hold the text), before any worker can deliver them.
    for (const text of textsOf(run.texts))
      await scrubWebhookEvents(tx, text, plan.marker, { stores: { workspaceId: plan.workspaceId, storeIds: [memories[0]!.storeId] }, since });
    return { done, written };
  },
  gone: (item) => ({ ...item, outcome: "gone" }),
  late: (v) => ({ versionId: v.versionId, storeId: v.storeId, memoryId: v.memoryId, kind: "late", outcome: "left" }),
  countsAfter: (remaining) => ({ memories_after: remaining.filter((v) => v.current).length, versions_after: remaining.length }),

  // What was written about these memories before (events not yet delivered included), before their own erase writes more.
  beforeChunks: async (db, { plan, run }) => {
    for (const text of textsOf(run.texts)) await scrubRecords(db, plan, text);
  },
  // Old copies of the pages the erase overwrote sit in SQLite's log until it is emptied.
  afterCompletion: async (db) => {
    await db.truncateLog?.();
  },
};

/** Webhook events a page per transaction, then the bulk-deletion reports (lib/memory/erase/scrub-records.ts). */
async function scrubRecords(db: Db, erasure: Erasure, text: string) {
  const scope = { stores: erasure.storeIds === null ? { workspaceId: erasure.workspaceId } : { workspaceId: erasure.workspaceId, storeIds: erasure.storeIds } };
  let after: string | null = "";
  while (after !== null) {
    const from: string = after;
    after = await db.sqlTransaction((tx) => scrubWebhookEvents(tx, text, erasure.marker, scope, from));
    await letOthersRun();
  }
  await db.sqlTransaction((tx) => scrubBulkDeletionReports(tx, text, erasure.marker, scope));
}

/**
 * Memories erased in one transaction: a transaction per memory made the commits most of an
 * erase's time on PostgreSQL; each memory's statements are the same either way. At most so many
 * versions too, so a chunk holds the event loop no longer than a few ordinary memories do (a
 * memory with more versions than that is a chunk of its own, as every memory used to be).
 */
const MEMORIES_PER_TRANSACTION = 25;
const VERSIONS_PER_TRANSACTION = 100;

/** Consecutive memories of one store, within both limits, as one chunk. */
function memoriesTogether(memories: ErasureItem[][]): ErasureItem[][] {
  const chunks: ErasureItem[][][] = [];
  const versions = (chunk: ErasureItem[][]) => chunk.reduce((n, memory) => n + memory.length, 0);
  for (const memory of memories) {
    const last = chunks.at(-1);
    const fits =
      last &&
      last.length < MEMORIES_PER_TRANSACTION &&
      versions(last) + memory.length <= VERSIONS_PER_TRANSACTION &&
      last[0]![0]!.storeId === memory[0]!.storeId;
    if (fits) last.push(memory);
    else chunks.push([memory]);
  }
  return chunks.map((chunk) => chunk.flat());
}

/** The items by memory (they come grouped by store and memory). */
function byMemory(items: ErasureItem[]): ErasureItem[][] {
  const groups = new Map<string, ErasureItem[]>();
  for (const item of items) {
    const key = `${item.storeId}\u0000${item.memoryId}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  return [...groups.values()];
}
