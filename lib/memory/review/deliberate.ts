import type { SqlClient } from "../db.ts";
import type { VersionOperation } from "../versions/operations.ts";
import { settleOpenItems, type Settlement } from "./settle.ts";
import { awaitReviews, extendOpenItem, type VersionWritten } from "./track-change.ts";
import { unsettledStates, type UnsettledState } from "./unsettled-states.ts";

/**
 * The write options of a deliberate act of a reviewer or an admin (an undo, a restore, a batch
 * undo, a revert, an erase, a bulk delete, an import), whoever runs it: the console or a key.
 * Each takes reviewer or admin rights and a dry run, so it was decided by the person the inbox
 * would ask about what it writes itself; its versions open no review items of their own, and it
 * states what review becomes with `settleDeliberateWrites`. Those that put back or remove
 * content already in the store are not checked by its write policy either; an import brings new
 * content in, so it is (IMPORTED_DELIBERATELY).
 */
export const DELIBERATE = { settling: true, deliberate: true } as const;
export const IMPORTED_DELIBERATELY = { settling: true } as const;

/** A version a deliberate act wrote to a memory, as review needs it when the act did not decide it alone. */
interface WrittenVersion {
  memoryId: string;
  versionId: string;
  operation: VersionOperation;
  path: string;
  /** The memory's head before the write and its path then (null path: it was deleted); null for a new memory. */
  previous: { versionId: string; path: string | null } | null;
}

/** One version a deliberate act wrote, and what it left the memory holding. */
export type DeliberateWrite =
  /** The act's own text, or the memory gone: the act decided it. */
  | { kind: "own"; memoryId: string; versionId: string }
  /** What the memory held, changed by the act (an erase's rewrite): settled only if what it held was. */
  | (WrittenVersion & { kind: "kept" })
  /** A state the store had before, that of version `from.versionId` of memory `from.memoryId`: settled only if that state was. */
  | (WrittenVersion & { kind: "restored"; from: { versionId: string; memoryId: string } });

/**
 * The one rule of review after a deliberate act: it settles only what it wrote. A memory it
 * left holding its own text, or nothing, is settled by it (the decision recorded as
 * `settlement` says). A memory it put back to a state that was settled before is settled too.
 * A memory it put back to a state nobody settled (an agent's writes undone by undoing the
 * session that overwrote them), or whose unsettled content it only edited, stays in the inbox,
 * or returns to it, from its last settled state, naming the authors of those writes. When a
 * state comes back on another memory (re-created under a new id), what awaited review on the
 * one it came from is decided. Returns the memories left awaiting review, for the act's report.
 * Call it once per transaction, after the act's writes (their versions are `settling`).
 */
export async function settleDeliberateWrites(tx: SqlClient, storeId: string, writes: readonly DeliberateWrite[], settlement: Settlement): Promise<Set<string>> {
  const awaiting = new Set<string>();
  if (writes.length === 0) return awaiting;
  const restored = writes.flatMap((w) => (w.kind === "restored" ? [w.from.versionId] : []));
  const unsettled = restored.length > 0 ? await unsettledStates(tx, storeId, restored) : new Map<string, UnsettledState>();
  // The last write to a memory decides it: one parked aside (kept) and then put back settled is settled.
  const decided = new Map<string, { settle: true; resultVersionId: string } | { settle: false }>();
  const at = new Date();
  const versionWritten = (w: WrittenVersion): VersionWritten => ({
    storeId,
    memoryId: w.memoryId,
    versionId: w.versionId,
    operation: w.operation,
    path: w.path,
    previousPath: w.previous?.path ?? null,
    previousVersionId: w.previous?.versionId ?? null,
    actor: settlement.actor,
    at,
  });
  // Memories put back to unsettled states are written to the inbox together, each once in a batch;
  // a later write to one of them (an erase's rewrite reads its item) first sends what waits.
  let waiting: { v: VersionWritten; state: UnsettledState }[] = [];
  const flush = async () => {
    await awaitReviews(tx, storeId, waiting);
    waiting = [];
  };
  for (const w of writes) {
    if (waiting.some((q) => q.v.memoryId === w.memoryId)) await flush();
    if (w.kind === "own") {
      decided.set(w.memoryId, { settle: true, resultVersionId: w.versionId });
    } else if (w.kind === "kept") {
      await flush();
      if (await extendOpenItem(tx, versionWritten(w))) decided.set(w.memoryId, { settle: false });
    } else {
      if (w.from.memoryId !== w.memoryId) decided.set(w.from.memoryId, { settle: true, resultVersionId: w.versionId });
      const state = unsettled.get(w.from.versionId);
      if (!state) {
        decided.set(w.memoryId, { settle: true, resultVersionId: w.versionId });
      } else {
        waiting.push({ v: versionWritten(w), state });
        decided.set(w.memoryId, { settle: false });
      }
    }
  }
  await flush();
  const settled = [...decided].flatMap(([memoryId, d]) => (d.settle ? [{ memoryId, resultVersionId: d.resultVersionId }] : []));
  await settleOpenItems(tx, settled, settlement);
  for (const [memoryId, d] of decided) if (!d.settle) awaiting.add(memoryId);
  return awaiting;
}
