import { z } from "zod";
import { exposedSessionWire, type ExposedSession } from "../memory/reads/exposed-sessions.ts";
import { assertStoreAccess, storeFilterOf, type Principal } from "../auth/principal.ts";
import { notFound } from "../memory/errors.ts";
import { PUT_BACK_ACTIONS, PUT_BACK_OUTCOMES, type PutBackItem, type Side } from "../memory/time-travel/put-back-items.ts";
import { restorePhrase, type Restore } from "../memory/time-travel/restore-rows.ts";
import { revertPhrase, type Revert } from "../memory/time-travel/revert-rows.ts";
import { bulkStatusSchema, lifecycleShape, lifecycleWire } from "./bulk-wire.ts";
import { toCsv, type CsvColumn } from "./csv.ts";
import { timestamp } from "./schemas.ts";
import { extension } from "./time-travel-wire.ts";
import { actorSchema } from "./wire-schemas.ts";

/**
 * Wire shapes of restores and reverts (issue 23; lib/memory/time-travel), an extension: the dry
 * run while planned, the report once completed, as JSON or CSV, with the bulk operations'
 * lifecycle fields (lib/http/bulk-wire.ts).
 */
const time = z.iso.datetime();
const iso = (d: Date) => d.toISOString();

export const createRestoreBody = z.strictObject({ memory_store_id: z.string(), as_of: timestamp, path_prefix: z.string().optional() });
export const createRevertBody = z.strictObject({
  memory_store_id: z.string(),
  session_id: z.string().optional(),
  api_key_id: z.string().optional(),
  user_id: z.string().optional(),
  "created_at[gte]": timestamp.optional(),
  "created_at[lte]": timestamp.optional(),
});
export const executePutBackBody = z.strictObject({ confirmation: z.string() });

const itemSide = z.object({
  memory_version_id: z.string(),
  path: z.string().nullable(),
  content_sha256: z.string().nullable(),
  content_size_bytes: z.number().int().nullable(),
});
export const putBackItemSchema = z.object({
  memory_id: z.string().meta({ description: "The memory as the dry run saw it (for one deleted since: its old id; see new_memory_id)." }),
  action: z.enum(PUT_BACK_ACTIONS),
  reason: z.string().nullable(),
  outcome: z.enum(PUT_BACK_OUTCOMES),
  seen: itemSide.nullable().meta({ description: "Its head when the dry run looked (null: not live)." }),
  target: itemSide.nullable().meta({ description: "The state it goes back to (null: it is deleted)." }),
  new_memory_id: z.string().nullable().meta({ description: "A memory re-created under a new id: the old id maps to this one." }),
  new_version_id: z.string().nullable(),
  awaiting_review: z.boolean().meta({
    description:
      "What it puts back holds writes nobody settled, so the memory awaits review afterwards (in a dry run: will). Only a state settled before, or the act's own text, counts as settled.",
  }),
});
export const putBackCountsSchema = z.object(
  Object.fromEntries(PUT_BACK_ACTIONS.map((a) => [a, z.number().int()])) as Record<(typeof PUT_BACK_ACTIONS)[number], z.ZodNumber>,
);

/** An agent session handed content the act removes (removed, once carried out): whose work to check again. */
export const exposedSessionSchema = z.object({
  api_key_id: z.string().meta({ description: "The key that read it (an OAuth grant's key)." }),
  session_id: z.string().nullable().meta({ description: "The session the reads named, or null." }),
  memory_store_ids: z.array(z.string()).meta({ description: "The stores of those memories (an erasure or a batch undo spans several)." }),
  memory_ids: z.array(z.string()).meta({ description: "The memories of this act whose removed content it read." }),
  first_read_at: time,
  last_read_at: time,
  read_count: z.number().int(),
});

export const exposedField = {
  exposed_sessions: z.array(exposedSessionSchema).optional().meta({
    description:
      "With items: the agent sessions that read content this act removes (planned) or removed (completed), from the recorded reads (GET /v1/memory_reads).",
  }),
};

export const restoreSchema = extension(
  z.object({
    type: z.literal("restore"),
    id: z.string(),
    status: bulkStatusSchema,
    memory_store_id: z.string(),
    as_of: time,
    path_prefix: z.string(),
    ...lifecycleShape,
    counts: putBackCountsSchema,
    items: z.array(putBackItemSchema).optional(),
    ...exposedField,
  }),
  "Restore",
  "A restore of a folder or a store to a moment: its dry run while planned, its report once completed.",
);

export const revertSchema = extension(
  z.object({
    type: z.literal("revert"),
    id: z.string(),
    status: bulkStatusSchema,
    memory_store_id: z.string(),
    principal: actorSchema.meta({ description: "Whose changes are undone." }),
    "created_at[gte]": time.nullable(),
    "created_at[lte]": time.nullable(),
    ...lifecycleShape,
    counts: putBackCountsSchema,
    items: z.array(putBackItemSchema).optional(),
    ...exposedField,
  }),
  "Revert",
  "Undoing a session's, a key's or a user's changes: its dry run while planned, its report once completed.",
);

const itemSideWire = (side: Side | null) =>
  side && { memory_version_id: side.versionId, path: side.path, content_sha256: side.sha256, content_size_bytes: side.sizeBytes };

export function putBackItemWire(item: PutBackItem) {
  return {
    memory_id: item.memoryId,
    action: item.action,
    reason: item.reason,
    outcome: item.outcome,
    seen: itemSideWire(item.seen),
    target: itemSideWire(item.target),
    new_memory_id: item.newMemoryId,
    new_version_id: item.newVersionId,
    awaiting_review: item.awaitingReview,
  };
}

export function restoreWire(restore: Restore, items?: PutBackItem[], exposed?: ExposedSession[]) {
  return {
    type: "restore" as const,
    id: restore.id,
    status: restore.status,
    memory_store_id: restore.storeId,
    as_of: iso(restore.asOf),
    path_prefix: restore.pathPrefix,
    ...lifecycleWire(restore, restorePhrase(restore)),
    counts: restore.counts,
    ...(items && { items: items.map(putBackItemWire) }),
    ...(exposed && { exposed_sessions: exposed.map(exposedSessionWire) }),
  };
}

export function revertWire(revert: Revert, items?: PutBackItem[], exposed?: ExposedSession[]) {
  return {
    type: "revert" as const,
    id: revert.id,
    status: revert.status,
    memory_store_id: revert.storeId,
    principal: revert.principal,
    "created_at[gte]": revert.gte && iso(revert.gte),
    "created_at[lte]": revert.lte && iso(revert.lte),
    ...lifecycleWire(revert, revertPhrase(revert)),
    counts: revert.counts,
    ...(items && { items: items.map(putBackItemWire) }),
    ...(exposed && { exposed_sessions: exposed.map(exposedSessionWire) }),
  };
}

/** A report as CSV (lib/http/csv.ts), one line per memory; paths are anyone's text; `extra` columns follow the memory id. */
export function putBackCsv<I extends PutBackItem>(planColumn: string, id: string, items: I[], extra: CsvColumn<I>[] = []): string {
  const columns: CsvColumn<I>[] = [
    [planColumn, () => id],
    ["memory_id", (i) => i.memoryId],
    ...extra,
    ["action", (i) => i.action],
    ["outcome", (i) => i.outcome],
    ["reason", (i) => i.reason],
    ["seen_version_id", (i) => i.seen?.versionId ?? null],
    ["seen_path", (i) => i.seen?.path ?? null],
    ["seen_sha256", (i) => i.seen?.sha256 ?? null],
    ["target_version_id", (i) => i.target?.versionId ?? null],
    ["target_path", (i) => i.target?.path ?? null],
    ["target_sha256", (i) => i.target?.sha256 ?? null],
    ["new_memory_id", (i) => i.newMemoryId],
    ["new_version_id", (i) => i.newVersionId],
    ["awaiting_review", (i) => (i.awaitingReview ? "true" : "false")],
  ];
  return toCsv(columns, items);
}

/** A restore or revert is seen only by those who may touch its store (a store-limited key: its stores; others: not found). */
export function assertMayPutBack(principal: Principal, plan: { id: string; storeId: string }, noun: string) {
  const only = storeFilterOf(principal);
  if (only && !only.includes(plan.storeId)) throw notFound(`${noun} ${plan.id} not found.`);
  assertStoreAccess(principal, plan.storeId);
}
