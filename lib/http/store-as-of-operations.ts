import { z } from "zod";
import type { StoreTotals } from "../memory/stores/store-totals-at.ts";
import { OPERATION_ROUTES } from "./operation-routes.ts";
import { timestamp } from "./schemas.ts";

/**
 * The store as of a moment (GET /v1/point_in_time/{store}?as_of=), an extension beside the
 * point-in-time memory list: what the store held then, for the store page's header in its as-of
 * view. Reading the past takes what reading the present takes.
 */
export const storeAsOfQuery = z.object({
  as_of: timestamp.meta({ description: "An RFC 3339 moment, not in the future, not before the store's retained history." }),
});

export const storeAsOfSchema = z
  .object({
    type: z.literal("memory_store_as_of"),
    memory_store_id: z.string(),
    as_of: z.iso.datetime(),
    memory_count: z.number().int().meta({ description: "Memories live at as_of." }),
    content_size_bytes: z.number().int().meta({ description: "Their content's bytes then, without the redacted ones (redaction removed their size)." }),
    redacted_memory_count: z.number().int().meta({ description: "Memories live then whose version of then has been redacted since." }),
  })
  .meta({
    id: "MemoryStoreAsOf",
    description: "What a store held at a moment: its live memories and their size, derived from versions alone.",
    "x-memory-console-extension": true,
  });

export function storeAsOfWire(totals: StoreTotals): z.infer<typeof storeAsOfSchema> {
  return {
    type: "memory_store_as_of",
    memory_store_id: totals.storeId,
    as_of: totals.at.toISOString(),
    memory_count: totals.memoryCount,
    content_size_bytes: totals.contentSizeBytes,
    redacted_memory_count: totals.redactedCount,
  };
}

export const STORE_AS_OF_OPERATIONS = {
  retrieveStoreAsOf: {
    ...OPERATION_ROUTES.retrieveStoreAsOf,
    beta: false,
    extension: true,
    summary: "What a store held at a moment (as_of): how many memories were live and their size",
    permission: "read",
    query: storeAsOfQuery,
    response: storeAsOfSchema,
  },
} as const;
