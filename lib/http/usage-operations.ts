import { z } from "zod";
import { LIMITS } from "../memory/limits.ts";
import type { StoreUsage, UsageReport } from "../memory/usage/usage-report.ts";
import { USAGE_DEFAULTS } from "../memory/usage/usage-report.ts";
import { WRITE_CHANNELS } from "../memory/usage/write-channel.ts";
import { OPERATION_ROUTES } from "./operation-routes.ts";
import { extension } from "./time-travel-wire.ts";

/**
 * GET /v1/usage (issue 43, the console's Usage page), an extension: a workspace's totals, its
 * growth day by day from the counters the write path keeps, and its largest, fastest-growing
 * and nearly full stores (lib/memory/usage).
 */
const integer = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, "must be an integer")
    .transform(Number)
    .pipe(z.number().int().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
    .optional()
    .meta({ description: name });

export const usageQuery = z.object({
  days: integer(
    `Days answered in \`daily\`, today (UTC) included: default ${USAGE_DEFAULTS.days}, at most ${USAGE_DEFAULTS.maxDays}.`,
    1,
    USAGE_DEFAULTS.maxDays,
  ),
  min_fill_percent: integer(
    `A store is near the limit from this share of its ${LIMITS.memoriesPerStore.toLocaleString("en-US")} memories: default ${USAGE_DEFAULTS.minFillPercent}.`,
    1,
    100,
  ),
});

const count = z.number().int();
const channels = z.object(Object.fromEntries(WRITE_CHANNELS.map((c) => [c, count])) as Record<(typeof WRITE_CHANNELS)[number], typeof count>).meta({
  description:
    "Versions written, by how they came in: an API key through the REST API, the memory tool endpoint or MCP; a person in the console; an import; the server itself (the write policy's expiry); unknown: a key's writes from before the counters, door not recorded.",
});

const storeUsageSchema = z.object({
  memory_store_id: z.string(),
  name: z.string(),
  archived: z.boolean(),
  memory_count: count,
  content_bytes: count,
  fill_percent: z.number().meta({ description: "memory_count as a percentage of the limit, to one decimal." }),
  memories_added_30d: count.meta({ description: "Net memories added in the last 30 days (created minus deleted); negative when it shrank." }),
  content_bytes_added_30d: count.meta({ description: "Net content bytes added in the last 30 days." }),
  writes_30d: count.meta({ description: "Versions written in the last 30 days." }),
  forecast_full_in_days: count.nullable().meta({
    description:
      "Full in about this many days at the last 30 days' rate (net memories added per day, over the days the store and the counters existed); 0: full; null: not growing.",
  }),
});

const level = count.nullable().meta({ description: "At the end of the day (UTC); null before counted_since." });

export const usageSchema = extension(
  z.object({
    type: z.literal("usage"),
    workspace_id: z.string(),
    as_of: z.iso.datetime(),
    days: count,
    counted_since: z.string().nullable().meta({
      description:
        "The first day (UTC, YYYY-MM-DD) the counters kept levels: stores, memories and bytes are known from it on. Writes on earlier days are those the kept versions tell (retention pruned the rest).",
    }),
    memory_limit: count,
    min_fill_percent: count,
    totals: z.object({
      stores: count,
      archived_stores: count,
      memories: count,
      content_bytes: count,
      versions_written: count.meta({ description: "Versions ever written to these stores, retention's pruned ones included." }),
    }),
    daily: z
      .array(
        z.object({
          day: z.string().meta({ description: "UTC, YYYY-MM-DD." }),
          stores: level,
          memories: level,
          content_bytes: level,
          writes: count.meta({ description: "Versions written that day." }),
          writes_by_channel: channels,
          stores_created: count,
          stores_deleted: count,
        }),
      )
      .meta({ description: "One entry per day, oldest first, today last." }),
    largest_stores: z.array(storeUsageSchema).meta({ description: "The 10 stores with the most content bytes." }),
    fastest_growing_stores: z.array(storeUsageSchema).meta({ description: "The 10 stores that gained the most memories (then bytes) in the last 30 days." }),
    near_limit_stores: z.array(storeUsageSchema).meta({ description: "Stores at or above min_fill_percent of the memory limit, fullest first (at most 100)." }),
  }),
  "Usage",
  "A workspace's usage: totals now, growth per day, and its largest, fastest-growing and nearly full stores.",
);

const storeWire = (s: StoreUsage) => ({
  memory_store_id: s.id,
  name: s.name,
  archived: s.archived,
  memory_count: s.memoryCount,
  content_bytes: s.contentBytes,
  fill_percent: s.fillPercent,
  memories_added_30d: s.growth.memories,
  content_bytes_added_30d: s.growth.bytes,
  writes_30d: s.growth.writes,
  forecast_full_in_days: s.forecastFullInDays,
});

export function usageWire(workspaceId: string, report: UsageReport) {
  return {
    type: "usage" as const,
    workspace_id: workspaceId,
    as_of: report.asOf.toISOString(),
    days: report.days,
    counted_since: report.countedSince,
    memory_limit: LIMITS.memoriesPerStore as number,
    min_fill_percent: report.minFillPercent,
    totals: {
      stores: report.totals.stores,
      archived_stores: report.totals.archivedStores,
      memories: report.totals.memories,
      content_bytes: report.totals.contentBytes,
      versions_written: report.totals.versionsWritten,
    },
    daily: report.daily.map((d) => ({
      day: d.day,
      stores: d.stores,
      memories: d.memories,
      content_bytes: d.contentBytes,
      writes: Object.values(d.writes).reduce((n, w) => n + w, 0),
      writes_by_channel: d.writes,
      stores_created: d.storesCreated,
      stores_deleted: d.storesDeleted,
    })),
    largest_stores: report.largestStores.map(storeWire),
    fastest_growing_stores: report.fastestGrowingStores.map(storeWire),
    near_limit_stores: report.nearLimitStores.map(storeWire),
  };
}

export const USAGE_OPERATIONS = {
  retrieveUsage: {
    ...OPERATION_ROUTES.retrieveUsage,
    beta: false,
    extension: true,
    summary: "A workspace's usage: totals, growth per day by channel, the largest, fastest-growing and nearly full stores with a forecast",
    permission: "write",
    query: usageQuery,
    response: usageSchema,
  },
} as const;
