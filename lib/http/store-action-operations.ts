import { OPERATION_ROUTES } from "./operation-routes.ts";
import { reportFormatQuery } from "./bulk-wire.ts";
import { listStoresQuery } from "./schemas.ts";
import { executeStoreActionBody, storeActionBody, storeActionSchema } from "./store-action-wire.ts";
import { pageSchema } from "./wire-schemas.ts";
import { storeLifecycleBody, storeLifecycleSchema } from "./store-lifecycle-wire.ts";

/**
 * The bulk store actions' endpoints (issue 43; lib/memory/store-actions), admins' only: each a
 * dry run (POST), its execution (POST …/execute {confirmation}) and its report (GET, JSON or
 * CSV), listed newest first.
 */
const archival = storeActionSchema("archive");
const deletion = storeActionSchema("delete");
const extension = { beta: false, extension: true, permission: "admin" } as const;
const page = listStoresQuery.pick({ limit: true, page: true });

export const STORE_ACTION_OPERATIONS = {
  listStoreArchivals: {
    ...OPERATION_ROUTES.listStoreArchivals,
    ...extension,
    summary: "Store archival reports and dry runs, newest first",
    query: page,
    response: pageSchema(archival),
  },
  planStoreArchival: {
    ...OPERATION_ROUTES.planStoreArchival,
    ...extension,
    summary: "Dry run of archiving stores by id or by a store_search filter: each store with its size",
    body: storeActionBody,
    response: archival,
  },
  retrieveStoreArchival: {
    ...OPERATION_ROUTES.retrieveStoreArchival,
    ...extension,
    summary: "One store archival with every store it saw (format=json or csv downloads it)",
    query: reportFormatQuery,
    response: archival,
  },
  executeStoreArchival: {
    ...OPERATION_ROUTES.executeStoreArchival,
    ...extension,
    summary: "Carry out a store archival dry run; a store written since is left alone (late)",
    body: executeStoreActionBody,
    response: archival,
  },
  listStoreDeletions: {
    ...OPERATION_ROUTES.listStoreDeletions,
    ...extension,
    summary: "Store deletion reports and dry runs, newest first",
    query: page,
    response: pageSchema(deletion),
  },
  planStoreDeletion: {
    ...OPERATION_ROUTES.planStoreDeletion,
    ...extension,
    summary: "Dry run of deleting stores by id or by a store_search filter: each store with its size",
    body: storeActionBody,
    response: deletion,
  },
  retrieveStoreDeletion: {
    ...OPERATION_ROUTES.retrieveStoreDeletion,
    ...extension,
    summary: "One store deletion with every store it saw (format=json or csv downloads it)",
    query: reportFormatQuery,
    response: deletion,
  },
  executeStoreDeletion: {
    ...OPERATION_ROUTES.executeStoreDeletion,
    ...extension,
    summary: "Carry out a store deletion dry run; a store written since is left alone (late)",
    body: executeStoreActionBody,
    response: deletion,
  },
  retrieveStoreLifecycle: {
    ...OPERATION_ROUTES.retrieveStoreLifecycle,
    ...extension,
    summary: "The workspace's lifecycle rule (archive stores idle N days; off by default) and what its next sweep would archive",
    response: storeLifecycleSchema,
  },
  updateStoreLifecycle: {
    ...OPERATION_ROUTES.updateStoreLifecycle,
    ...extension,
    summary: "Set or turn off the workspace's lifecycle rule (archive_after_idle_days, null: off)",
    body: storeLifecycleBody,
    response: storeLifecycleSchema,
  },
} as const;
