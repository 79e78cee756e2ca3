import { OPERATION_ROUTES } from "./operation-routes.ts";
import { reportFormatQuery } from "./bulk-wire.ts";
import { listStoresQuery } from "./schemas.ts";
import { createRestoreBody, createRevertBody, executePutBackBody, restoreSchema, revertSchema } from "./put-back-wire.ts";
import {
  pointInTimeListQuery,
  pointInTimeMemorySchema,
  pointInTimeQuery,
  storeActivityQuery,
  storeActivitySchema,
  storeChangesPageSchema,
  storeChangesQuery,
} from "./time-travel-wire.ts";
import { memoryPrefixSchema, pageSchema } from "./wire-schemas.ts";
import { z } from "zod";

/**
 * Time travel's endpoints (issue 23; lib/memory/time-travel), an extension the hosted API does
 * not have, added by lib/http/operations.ts to the one table the routes and the OpenAPI
 * document use. Reading the past takes what reading the present takes; restores and reverts
 * write, so they take what writing does (reviewers and admins, within a key's stores).
 */
const ext = { beta: false, extension: true } as const;
const listPlans = listStoresQuery.pick({ limit: true, page: true }).extend({ memory_store_id: z.string().optional() });

export const TIME_TRAVEL_OPERATIONS = {
  listMemoriesAsOf: {
    ...OPERATION_ROUTES.listMemoriesAsOf,
    ...ext,
    summary: "List the memories as they were at a moment (as_of): the memory list's prefix, depth, view, order and paging",
    permission: "read",
    query: pointInTimeListQuery,
    response: pageSchema(z.union([pointInTimeMemorySchema, memoryPrefixSchema])),
  },
  retrieveMemoryAsOf: {
    ...OPERATION_ROUTES.retrieveMemoryAsOf,
    ...ext,
    summary: "One memory as it was at a moment (404 if it was not live then)",
    permission: "read",
    query: pointInTimeQuery,
    response: pointInTimeMemorySchema,
  },
  listStoreChanges: {
    ...OPERATION_ROUTES.listStoreChanges,
    ...ext,
    summary: "What differs between the store at `from` and at `to` (default now): one item per memory, with who wrote in between",
    permission: "read",
    query: storeChangesQuery,
    response: storeChangesPageSchema,
  },
  storeActivity: {
    ...OPERATION_ROUTES.storeActivity,
    ...ext,
    summary: "Who wrote to a store between two moments (each session, key and user, with counts and first and last write) and its writes over time",
    permission: "read",
    query: storeActivityQuery,
    response: storeActivitySchema,
  },
  listRestores: {
    ...OPERATION_ROUTES.listRestores,
    ...ext,
    summary: "Restore reports and dry runs, newest first",
    permission: "write",
    query: listPlans,
    response: pageSchema(restoreSchema),
  },
  planRestore: {
    ...OPERATION_ROUTES.planRestore,
    ...ext,
    summary: "Dry run of restoring a folder (path_prefix) or the whole store to a moment",
    permission: "write",
    body: createRestoreBody,
    response: restoreSchema,
  },
  retrieveRestore: {
    ...OPERATION_ROUTES.retrieveRestore,
    ...ext,
    summary: "One restore with every memory it saw (format=json or csv downloads it)",
    permission: "write",
    query: reportFormatQuery,
    response: restoreSchema,
  },
  executeRestore: {
    ...OPERATION_ROUTES.executeRestore,
    ...ext,
    summary: "Carry out a restore dry run as new versions, conditional on the heads it saw",
    permission: "write",
    body: executePutBackBody,
    response: restoreSchema,
  },
  listReverts: {
    ...OPERATION_ROUTES.listReverts,
    ...ext,
    summary: "Revert reports and dry runs, newest first",
    permission: "write",
    query: listPlans,
    response: pageSchema(revertSchema),
  },
  planRevert: {
    ...OPERATION_ROUTES.planRevert,
    ...ext,
    summary: "Dry run of undoing one session's, key's or user's changes (optionally in a created_at window)",
    permission: "write",
    body: createRevertBody,
    response: revertSchema,
  },
  retrieveRevert: {
    ...OPERATION_ROUTES.retrieveRevert,
    ...ext,
    summary: "One revert with every memory it saw (format=json or csv downloads it)",
    permission: "write",
    query: reportFormatQuery,
    response: revertSchema,
  },
  executeRevert: {
    ...OPERATION_ROUTES.executeRevert,
    ...ext,
    summary: "Carry out a revert dry run as new versions, conditional on the heads it saw",
    permission: "write",
    body: executePutBackBody,
    response: revertSchema,
  },
} as const;
