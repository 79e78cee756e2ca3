import { z } from "zod";
import type { MemoryStore } from "../memory/db.ts";

/** GET/PUT /v1/store_lifecycle (an extension): the workspace's rule and its next sweep's preview. */
export const storeLifecycleBody = z.strictObject({
  archive_after_idle_days: z
    .number()
    .int()
    .nullable()
    .meta({ description: "Archive the workspace's stores with no memory written for this many days (1 to 36,500); null turns the rule off." }),
});

/** Stores the preview lists in full; the count covers them all. */
export const PREVIEW_SHOWN = 100;

export const storeLifecycleSchema = z
  .object({
    type: z.literal("store_lifecycle"),
    archive_after_idle_days: z.number().int().nullable(),
    next_sweep: z.object({
      store_count: z.number().int().meta({ description: "Stores the next sweep would archive if it ran now." }),
      stores: z
        .array(
          z.object({
            memory_store_id: z.string(),
            name: z.string(),
            memory_count: z.number().int(),
            content_bytes: z.number().int(),
            last_memory_write_at: z.iso.datetime().nullable(),
          }),
        )
        .meta({ description: `The first ${PREVIEW_SHOWN} of them, oldest id first.` }),
    }),
  })
  .meta({ id: "StoreLifecycle", description: "A workspace's lifecycle rule and what its next sweep would archive.", "x-memory-console-extension": true });

export function storeLifecycleWire(archiveAfterIdleDays: number | null, due: MemoryStore[]) {
  return {
    type: "store_lifecycle" as const,
    archive_after_idle_days: archiveAfterIdleDays,
    next_sweep: {
      store_count: due.length,
      stores: due.slice(0, PREVIEW_SHOWN).map((s) => ({
        memory_store_id: s.id,
        name: s.name,
        memory_count: s.memoryCount,
        content_bytes: s.contentBytes,
        last_memory_write_at: s.lastMemoryWriteAt?.toISOString() ?? null,
      })),
    },
  };
}
