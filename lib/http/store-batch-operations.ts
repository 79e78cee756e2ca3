import { z } from "zod";
import { bulkStatusSchema, lifecycleShape, reportFormatQuery } from "./bulk-wire.ts";
import { OPERATION_ROUTES } from "./operation-routes.ts";
import { listStoresQuery } from "./schemas.ts";
import { copyStoreBody, executeStoreBatchBody, executeStoreBatchQuery, planStoreBatchQuery } from "./store-batch-wire.ts";
import { memoryStoreSchema, pageSchema } from "./wire-schemas.ts";

/**
 * Seeding stores (issue 43, part 4), an extension the hosted API does not have: a copy of one
 * store, and stores from a CSV through the bulk lifecycle (lib/memory/bulk): a dry run (POST
 * with the file as the body), its execution (POST …/execute) and its report (GET, JSON or CSV),
 * listed. lib/http/operations.ts adds them to the one table the routes and the OpenAPI
 * document use.
 */
const extension = <T extends z.ZodType>(schema: T, id: string, description: string): T => schema.meta({ id, description, "x-memory-console-extension": true });

const problemSchema = z.object({ column: z.string(), message: z.string() });

const storeBatchSchema = extension(
  z.object({
    type: z.literal("store_batch"),
    id: z.string(),
    status: bulkStatusSchema,
    source_name: z.string().nullable(),
    template_store_id: z.string().nullable(),
    template_memory_count: z.number().int().meta({ description: "The template's memories the dry run saw: each new store gets a copy of each." }),
    unique_by: z.string().nullable(),
    digest: z.string().meta({ description: "SHA-256 of every row and what the dry run planned for it." }),
    ...lifecycleShape,
    counts: z.object({
      rows: z.number().int(),
      create: z.number().int(),
      skip: z.number().int().meta({ description: "Rows whose unique_by value a store already had at the dry run." }),
      invalid: z.number().int(),
      created: z.number().int().nullable(),
      late: z.number().int().nullable().meta({ description: "Rows whose unique_by value a store took after the dry run: not created." }),
    }),
    problems: z
      .array(z.object({ row: z.number().int(), column: z.string(), message: z.string() }))
      .optional()
      .meta({ description: "Every problem of every bad row, by row (the header is row 1) and column." }),
    items: z
      .array(
        z.object({
          row: z.number().int().meta({ description: "As a spreadsheet numbers it: the header is row 1." }),
          name: z.string(),
          description: z.string(),
          metadata: z.record(z.string(), z.string()),
          unique_value: z.string().nullable(),
          action: z.enum(["create", "skip", "invalid"]),
          problems: z.array(problemSchema),
          existing_memory_store_id: z.string().nullable(),
          outcome: z.enum(["planned", "skipped", "invalid", "created", "late", "gone"]),
          memory_store_id: z.string().nullable().meta({ description: "The store created; for a late row, the store that took its value." }),
        }),
      )
      .optional(),
  }),
  "StoreBatch",
  "Stores from a CSV: the dry run while planned, the report once completed.",
);

const batches = { beta: false, extension: true } as const;
export const STORE_BATCH_OPERATIONS = {
  copyStore: {
    ...OPERATION_ROUTES.copyStore,
    ...batches,
    summary: "Create a store holding another store's current memories (under path_prefix), not their history; each version says it was copied",
    permission: "write",
    body: copyStoreBody,
    response: memoryStoreSchema,
  },
  listStoreBatches: {
    ...OPERATION_ROUTES.listStoreBatches,
    ...batches,
    summary: "Store batch reports and dry runs, newest first",
    permission: "write",
    query: listStoresQuery.pick({ limit: true, page: true }),
    response: pageSchema(storeBatchSchema),
  },
  planStoreBatch: {
    ...OPERATION_ROUTES.planStoreBatch,
    ...batches,
    summary: "Dry run of creating stores from a CSV (the body, text/csv: name, description, metadata.<key>), each from a template if given",
    permission: "write",
    query: planStoreBatchQuery,
    rawBody: { contentType: "text/csv", description: "A CSV: a header naming the columns (name, description, metadata.<key>), one store per row." },
    response: storeBatchSchema,
  },
  retrieveStoreBatch: {
    ...OPERATION_ROUTES.retrieveStoreBatch,
    ...batches,
    summary: "One store batch with every row of its file (format=json or csv downloads it)",
    permission: "write",
    query: reportFormatQuery,
    response: storeBatchSchema,
  },
  executeStoreBatch: {
    ...OPERATION_ROUTES.executeStoreBatch,
    ...batches,
    summary: "Create the stores of a store batch dry run, conditional on what it saw (progress=true streams progress)",
    permission: "write",
    query: executeStoreBatchQuery,
    body: executeStoreBatchBody,
    response: storeBatchSchema,
  },
} as const;
