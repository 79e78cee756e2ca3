import { OPERATION_ROUTES } from "./operation-routes.ts";
import { z } from "zod";
import { searchQuery } from "./search-wire.ts";
import { storeSearchQuery } from "./store-search-wire.ts";
import { memoryStoreSchema, pageSchema } from "./wire-schemas.ts";

/**
 * The search endpoints (issue 11), an extension the hosted API does not have: their
 * response shapes and operations, which lib/http/operations.ts adds to the one table the
 * routes and the OpenAPI document use.
 */
const timestamp = z.iso.datetime();
const extension = <T extends z.ZodType>(schema: T, id: string, description: string): T => schema.meta({ id, description, "x-memory-console-extension": true });

const searchHitSchema = extension(
  z.object({
    type: z.literal("search_hit"),
    memory_store_id: z.string(),
    memory_id: z.string(),
    memory_version_id: z.string(),
    operation: z.string(),
    path: z.string().nullable(),
    created_at: timestamp,
    current: z.boolean().meta({ description: "The version is the head of a live memory." }),
    field: z.enum(["content", "path"]),
    line: z.number().int().nullable(),
    column: z.number().int().nullable(),
    snippet: z.array(z.object({ text: z.string(), match: z.boolean() })),
  }),
  "SearchHit",
  "A match: the memory (or old version) and a snippet with the match marked.",
);

const search = { beta: false, extension: true } as const;
export const SEARCH_OPERATIONS = {
  search: {
    ...OPERATION_ROUTES.search,
    ...search,
    summary: "Find text in current memories or every version (memory_store_id repeats)",
    permission: "read",
    query: searchQuery,
    response: pageSchema(searchHitSchema),
  },
  findStores: {
    ...OPERATION_ROUTES.findStores,
    ...search,
    summary: "Find stores by name (any part, any case) and metadata key:value pairs (metadata repeats; all must match)",
    permission: "read",
    query: storeSearchQuery,
    response: pageSchema(memoryStoreSchema),
  },
} as const;
