import { z } from "zod";
import { assertStoreAccess, storeFilterOf, type Principal } from "../auth/principal.ts";
import { notFound } from "../memory/errors.ts";
import type { MemoryState } from "../memory/time-travel/states-at.ts";
import type { StoreChange } from "../memory/time-travel/store-changes.ts";
import { PUT_BACK_ACTIONS, PUT_BACK_OUTCOMES, type PutBackItem, type Side } from "../memory/time-travel/put-back-items.ts";
import { restorePhrase, type Restore } from "../memory/time-travel/restore-rows.ts";
import { revertPhrase, type Revert } from "../memory/time-travel/revert-rows.ts";
import { bulkStatusSchema, lifecycleShape, lifecycleWire } from "./bulk-wire.ts";
import { toCsv, type CsvColumn } from "./csv.ts";
import { limit, listMemoriesQuery, timestamp } from "./schemas.ts";
import { actorSchema } from "./wire-schemas.ts";

/**
 * Wire shapes of time travel (issue 23), an extension: the store as of a moment, the changes
 * between two moments, restores and reverts (dry run, execution, report as JSON or CSV).
 */
const extension = <T extends z.ZodType>(schema: T, id: string, description: string): T => schema.meta({ id, description, "x-memory-console-extension": true });
const time = z.iso.datetime();
const iso = (d: Date) => d.toISOString();

const asOf = timestamp.meta({ description: "An RFC 3339 moment, not in the future, not before the store's retained history." });

export const pointInTimeListQuery = listMemoriesQuery.extend({ as_of: asOf });
export const pointInTimeQuery = z.object({ as_of: asOf, view: z.enum(["basic", "full"]).optional() });

export const pointInTimeMemorySchema = extension(
  z.object({
    type: z.literal("memory"),
    id: z.string(),
    memory_store_id: z.string(),
    path: z.string().nullable().meta({ description: "The path then; null only for a redacted state no later version names a path for (never listed)." }),
    content: z.string().nullable().meta({ description: "null with view=basic, and when the content it had then was redacted since." }),
    content_sha256: z.string().nullable().meta({ description: "null when redacted since." }),
    content_size_bytes: z.number().int().nullable(),
    memory_version_id: z.string().meta({ description: "The version it was at then." }),
    created_at: time,
    updated_at: time.meta({ description: "When the version it was at then was written." }),
    redacted: z.boolean().meta({ description: "The version it was at then was redacted since: its content is gone, never reconstructed." }),
  }),
  "PointInTimeMemory",
  "A memory as it was at a moment (the memory object, with what it was then).",
);

export function memoryAtWire(state: MemoryState, withContent: boolean) {
  return {
    type: "memory" as const,
    id: state.memoryId,
    memory_store_id: state.storeId,
    path: state.path,
    content: withContent ? (state.content ?? null) : null,
    content_sha256: state.contentSha256,
    content_size_bytes: state.contentSizeBytes,
    memory_version_id: state.versionId,
    created_at: iso(state.createdAt),
    updated_at: iso(state.updatedAt),
    redacted: state.redacted,
  };
}

export const storeChangesQuery = z.object({
  from: timestamp,
  to: timestamp.optional().meta({ description: "Defaults to now (kept by the page cursor)." }),
  path_prefix: z.string().optional(),
  api_key_id: z.string().optional(),
  user_id: z.string().optional(),
  session_id: z.string().optional(),
  limit: limit.optional(),
  page: z.string().optional(),
});

const changeSide = z.object({
  memory_version_id: z.string(),
  path: z.string().nullable(),
  content_sha256: z.string().nullable(),
  content_size_bytes: z.number().int().nullable(),
  redacted: z.boolean(),
});

export const storeChangeSchema = extension(
  z.object({
    type: z.literal("store_change"),
    memory_id: z.string(),
    change: z.enum(["added", "deleted", "modified", "moved", "moved_and_modified"]),
    before: changeSide.nullable().meta({ description: "The memory at `from` (null: not live then)." }),
    after: changeSide.nullable().meta({ description: "The memory at `to` (null: not live then)." }),
    actors: z.array(actorSchema).meta({ description: "Who wrote its versions in between, in the order they first did." }),
  }),
  "StoreChange",
  "How one memory differs between two moments.",
);

export const storeChangesPageSchema = z.object({
  data: z.array(storeChangeSchema),
  next_page: z.string().nullable(),
  from: time,
  to: time,
});

const sideWire = (state: MemoryState | null) =>
  state && {
    memory_version_id: state.versionId,
    path: state.path,
    content_sha256: state.contentSha256,
    content_size_bytes: state.contentSizeBytes,
    redacted: state.redacted,
  };

export function storeChangeWire(change: StoreChange) {
  return {
    type: "store_change" as const,
    memory_id: change.memoryId,
    change: change.change,
    before: sideWire(change.before),
    after: sideWire(change.after),
    actors: change.actors,
  };
}

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
const putBackItemSchema = z.object({
  memory_id: z.string().meta({ description: "The memory as the dry run saw it (for one deleted since: its old id; see new_memory_id)." }),
  action: z.enum(PUT_BACK_ACTIONS),
  reason: z.string().nullable(),
  outcome: z.enum(PUT_BACK_OUTCOMES),
  seen: itemSide.nullable().meta({ description: "Its head when the dry run looked (null: not live)." }),
  target: itemSide.nullable().meta({ description: "The state it goes back to (null: it is deleted)." }),
  new_memory_id: z.string().nullable().meta({ description: "A memory re-created under a new id: the old id maps to this one." }),
  new_version_id: z.string().nullable(),
});
const countsSchema = z.object(Object.fromEntries(PUT_BACK_ACTIONS.map((a) => [a, z.number().int()])) as Record<(typeof PUT_BACK_ACTIONS)[number], z.ZodNumber>);

export const restoreSchema = extension(
  z.object({
    type: z.literal("restore"),
    id: z.string(),
    status: bulkStatusSchema,
    memory_store_id: z.string(),
    as_of: time,
    path_prefix: z.string(),
    ...lifecycleShape,
    counts: countsSchema,
    items: z.array(putBackItemSchema).optional(),
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
    counts: countsSchema,
    items: z.array(putBackItemSchema).optional(),
  }),
  "Revert",
  "Undoing a session's, a key's or a user's changes: its dry run while planned, its report once completed.",
);

const itemSideWire = (side: Side | null) =>
  side && { memory_version_id: side.versionId, path: side.path, content_sha256: side.sha256, content_size_bytes: side.sizeBytes };

function itemWire(item: PutBackItem) {
  return {
    memory_id: item.memoryId,
    action: item.action,
    reason: item.reason,
    outcome: item.outcome,
    seen: itemSideWire(item.seen),
    target: itemSideWire(item.target),
    new_memory_id: item.newMemoryId,
    new_version_id: item.newVersionId,
  };
}

export function restoreWire(restore: Restore, items?: PutBackItem[]) {
  return {
    type: "restore" as const,
    id: restore.id,
    status: restore.status,
    memory_store_id: restore.storeId,
    as_of: iso(restore.asOf),
    path_prefix: restore.pathPrefix,
    ...lifecycleWire(restore, restorePhrase(restore)),
    counts: restore.counts,
    ...(items && { items: items.map(itemWire) }),
  };
}

export function revertWire(revert: Revert, items?: PutBackItem[]) {
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
    ...(items && { items: items.map(itemWire) }),
  };
}

/** A report as CSV (lib/http/csv.ts), one line per memory; paths are anyone's text. */
export function putBackCsv(planColumn: "restore_id" | "revert_id", id: string, items: PutBackItem[]): string {
  const columns: CsvColumn<PutBackItem>[] = [
    [planColumn, () => id],
    ["memory_id", (i) => i.memoryId],
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
  ];
  return toCsv(columns, items);
}

/** A restore or revert is seen only by those who may touch its store (a store-limited key: its stores; others: not found). */
export function assertMayPutBack(principal: Principal, plan: { id: string; storeId: string }, noun: string) {
  const only = storeFilterOf(principal);
  if (only && !only.includes(plan.storeId)) throw notFound(`${noun} ${plan.id} not found.`);
  assertStoreAccess(principal, plan.storeId);
}
