import { z } from "zod";
import type { HeadState, MemoryState } from "../memory/time-travel/states-at.ts";
import type { StoreActivity } from "../memory/time-travel/store-activity.ts";
import { CHANGE_KINDS, type ChangesSummary, type StoreChange } from "../memory/time-travel/store-changes.ts";
import { limit, listMemoriesQuery, timestamp } from "./schemas.ts";
import { actorSchema } from "./wire-schemas.ts";

/**
 * Wire shapes of time travel's reads (issue 23), an extension: the store as of a moment and the
 * changes between two moments. Restores and reverts are in put-back-wire.ts.
 */
export const extension = <T extends z.ZodType>(schema: T, id: string, description: string): T =>
  schema.meta({ id, description, "x-memory-console-extension": true });
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
  memory_id: z.string().meta({
    description: "The memory holding this state: differs from the item's when another memory holds the path now (one re-created there under a new id).",
  }),
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
    change: z.enum(CHANGE_KINDS),
    before: changeSide.nullable().meta({ description: "The memory at `from` (null: not live then)." }),
    after: changeSide.nullable().meta({ description: "The memory at `to` (null: not live then)." }),
    actors: z.array(actorSchema).meta({ description: "Who wrote its versions in between, in the order they first did." }),
  }),
  "StoreChange",
  "How one path (one memory, or one re-created there) differs between two moments.",
);

const changeCounts = z.object(Object.fromEntries(CHANGE_KINDS.map((k) => [k, z.number().int()])) as Record<(typeof CHANGE_KINDS)[number], z.ZodNumber>);

export const storeChangesSummarySchema = extension(
  z.object({
    total: z.number().int(),
    by_change: changeCounts,
    by_folder: z
      .array(z.object({ folder: z.string(), total: z.number().int(), by_change: changeCounts }))
      .meta({ description: "Each folder holding changes (the folder of the path listed), in path order; at most 200." }),
    more_folders: z.boolean(),
  }),
  "StoreChangesSummary",
  "The whole comparison at a glance, whatever page this is: changes per kind and per folder.",
);

export const storeChangesPageSchema = z.object({
  data: z.array(storeChangeSchema),
  next_page: z.string().nullable(),
  from: time,
  to: time,
  summary: storeChangesSummarySchema,
});

export function changesSummaryWire(summary: ChangesSummary) {
  return {
    total: summary.total,
    by_change: summary.byChange,
    by_folder: summary.byFolder.map((f) => ({ folder: f.folder, total: f.total, by_change: f.byChange })),
    more_folders: summary.moreFolders,
  };
}

const sideWire = (state: HeadState | null) =>
  state && {
    memory_id: state.memoryId,
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

export const storeActivityQuery = z.object({
  from: timestamp.optional().meta({ description: "Defaults to the store's first version." }),
  to: timestamp.optional().meta({ description: "Defaults to now." }),
  limit: limit.optional().meta({ description: "Principals answered, most recent writer first (default 50, at most 100)." }),
  buckets: z
    .string()
    .regex(/^\d+$/, "must be an integer")
    .transform(Number)
    .pipe(z.number().int().min(1, "must be at least 1").max(96, "must be at most 96"))
    .optional()
    .meta({ description: "Slices of (from, to] counted for the activity strip (default 48, at most 96)." }),
});

const activityPrincipalSchema = z.object({
  actor: actorSchema,
  api_key: z
    .object({ id: z.string(), name: z.string().nullable().meta({ description: "null: the key was deleted since." }) })
    .nullable()
    .meta({ description: "The key behind the writes: the key's own, or the one a session wrote through." }),
  user_name: z.string().nullable().meta({ description: "A console user's name." }),
  version_count: z.number().int(),
  memory_count: z.number().int(),
  first_at: time,
  last_at: time,
});

export const storeActivitySchema = extension(
  z.object({
    type: z.literal("store_activity"),
    memory_store_id: z.string(),
    from: time,
    to: time,
    principals: z
      .array(activityPrincipalSchema)
      .meta({ description: "Each session, key, user or service account that wrote in the window, most recent first." }),
    has_more: z.boolean(),
    buckets: z
      .array(
        z.object({
          start: time,
          count: z.number().int().meta({ description: "Versions written in the slice." }),
          reads: z.number().int().meta({
            description:
              "Agents' reads of the store's memories in the slice (reads are kept per version and session: each counts at its session's last read of that version).",
          }),
        }),
      )
      .meta({ description: "Versions written and agents' reads per equal slice of the window, oldest first." }),
  }),
  "StoreActivity",
  "Who wrote to a store between two moments, with counts and time spans, and its writes over time.",
);

export function storeActivityWire(storeId: string, activity: StoreActivity) {
  return {
    type: "store_activity" as const,
    memory_store_id: storeId,
    from: iso(activity.from),
    to: iso(activity.to),
    principals: activity.principals.map((p) => ({
      actor: p.actor,
      api_key: p.apiKey,
      user_name: p.userName,
      version_count: p.versionCount,
      memory_count: p.memoryCount,
      first_at: iso(p.firstAt),
      last_at: iso(p.lastAt),
    })),
    has_more: activity.hasMore,
    buckets: activity.buckets.map((b) => ({ start: iso(b.start), count: b.count, reads: b.reads })),
  };
}
