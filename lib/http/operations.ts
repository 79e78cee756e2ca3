import { OPERATION_ROUTES, type OperationName, type OperationRoute } from "./operation-routes.ts";
import { z } from "zod";
import type { Permission } from "../auth/roles.ts";
import { MEMORY_TOOL_COMMAND_SHAPES } from "../memory/memory-tool/parse-command.ts";
import { createApiKeyBody, createUserBody, updateUserBody } from "./admin-schemas.ts";
import { memoryToolQuery } from "./memory-tool-schemas.ts";
import { REVIEW_OPERATIONS } from "./review-operations.ts";
import { REVIEW_BATCH_OPERATIONS } from "./review-batch-operations.ts";
import { SEARCH_OPERATIONS } from "./search-operations.ts";
import { BULK_OPERATIONS } from "./bulk-operations.ts";
import { STORE_BATCH_OPERATIONS } from "./store-batch-operations.ts";
import { STORE_ACTION_OPERATIONS } from "./store-action-operations.ts";
import { TIME_TRAVEL_OPERATIONS } from "./time-travel-operations.ts";
import { FOLDER_SUMMARY_OPERATIONS } from "./folder-summary-operations.ts";
import { USAGE_OPERATIONS } from "./usage-operations.ts";
import { STORE_AS_OF_OPERATIONS } from "./store-as-of-operations.ts";
import { READ_OPERATIONS } from "./read-operations.ts";
import { POLICY_OPERATIONS } from "./policy-operations.ts";
import { TRANSFER_OPERATIONS } from "./transfer-operations.ts";
import { WEBHOOK_OPERATIONS } from "./webhook-operations.ts";
import { INTEGRITY_OPERATIONS } from "./integrity-operations.ts";
import { ORGANIZATION_OPERATIONS } from "./organization-operations.ts";
import { moveStoreBody, storeMoveSchema } from "./store-move-wire.ts";
import {
  createMemoryBody,
  createStoreBody,
  deleteMemoryQuery,
  listMemoriesQuery,
  listStoresQuery,
  listVersionsQuery,
  updateMemoryBody,
  updateStoreBody,
  viewQuery,
} from "./schemas.ts";
import {
  actorNamesSchema,
  apiKeySchema,
  createdApiKeySchema,
  deletedMemorySchema,
  deletedStoreSchema,
  memoryPrefixSchema,
  memorySchema,
  memoryStoreSchema,
  memoryToolResultSchema,
  memoryVersionSchema,
  pageSchema,
  principalSchema,
  userSchema,
} from "./wire-schemas.ts";

/**
 * Every /v1 operation, declared once: the route wrapper (route.ts) takes its permission, beta
 * header rule and route template from here and parses query and body with its schemas; the
 * OpenAPI document (openapi.ts) is generated from the same declarations, and the handler's
 * return type is checked against `response`. `extension` marks what the hosted API does not have.
 * Each entry spreads its address (method, path, pagination) from operation-routes.ts, the part
 * the typed client (lib/api-client) loads in the browser; the client's types come from here.
 */
export interface Operation extends OperationRoute {
  summary: string;
  permission: Permission;
  /** The Memory Stores API's `anthropic-beta` rule; the console's own admin routes do not need it. */
  beta: boolean;
  extension: boolean;
  query?: z.ZodType<unknown, Record<string, string>>;
  body?: z.ZodType;
  /** A body that is not JSON (a CSV), read by the handler itself: documented as this content type. */
  rawBody?: { contentType: string; description: string };
  /** The body is documented by `body` but checked by the domain (the memory tool answers a wrong shape as a tool result). */
  bodyCheckedByDomain?: true;
  /**
   * The organisation API: the caller needs no power over the workspace's memory (a
   * workspace_billing member may call it); the operation checks the caller's memberships itself.
   */
  organization?: true;
  response: z.ZodType;
}

const op = <const O extends Operation>(o: O): O => o;
const hosted = { beta: true, extension: false } as const;
const consoleAdmin = { beta: false, extension: true } as const;
const memoryToolInput = z.union(Object.values(MEMORY_TOOL_COMMAND_SHAPES));

export const OPERATIONS = {
  createStore: op({
    ...OPERATION_ROUTES.createStore,
    ...hosted,
    summary: "Create a memory store",
    permission: "write",
    body: createStoreBody,
    response: memoryStoreSchema,
  }),
  listStores: op({
    ...OPERATION_ROUTES.listStores,
    ...hosted,
    summary: "List memory stores",
    permission: "read",
    query: listStoresQuery,
    response: pageSchema(memoryStoreSchema),
  }),
  retrieveStore: op({
    ...OPERATION_ROUTES.retrieveStore,
    ...hosted,
    summary: "Retrieve a memory store",
    permission: "read",
    response: memoryStoreSchema,
  }),
  updateStore: op({
    ...OPERATION_ROUTES.updateStore,
    ...hosted,
    summary: "Update a memory store",
    permission: "write",
    body: updateStoreBody,
    response: memoryStoreSchema,
  }),
  deleteStore: op({
    ...OPERATION_ROUTES.deleteStore,
    ...hosted,
    summary: "Delete a memory store and everything in it",
    permission: "admin",
    response: deletedStoreSchema,
  }),
  archiveStore: op({
    ...OPERATION_ROUTES.archiveStore,
    ...hosted,
    summary: "Archive a memory store (irreversible)",
    permission: "admin",
    response: memoryStoreSchema,
  }),
  createMemory: op({
    ...OPERATION_ROUTES.createMemory,
    ...hosted,
    summary: "Create a memory",
    permission: "write",
    query: viewQuery,
    body: createMemoryBody,
    response: memorySchema,
  }),
  listMemories: op({
    ...OPERATION_ROUTES.listMemories,
    ...hosted,
    summary: "List memories",
    permission: "read",
    query: listMemoriesQuery,
    response: pageSchema(z.union([memorySchema, memoryPrefixSchema])),
  }),
  retrieveMemory: op({
    ...OPERATION_ROUTES.retrieveMemory,
    ...hosted,
    summary: "Retrieve a memory",
    permission: "read",
    query: viewQuery,
    response: memorySchema,
  }),
  updateMemory: op({
    ...OPERATION_ROUTES.updateMemory,
    ...hosted,
    summary: "Update a memory's content and/or path, optionally on a content_sha256 precondition",
    permission: "write",
    query: viewQuery,
    body: updateMemoryBody,
    response: memorySchema,
  }),
  deleteMemory: op({
    ...OPERATION_ROUTES.deleteMemory,
    ...hosted,
    summary: "Delete a memory",
    permission: "write",
    query: deleteMemoryQuery,
    response: deletedMemorySchema,
  }),
  listVersions: op({
    ...OPERATION_ROUTES.listVersions,
    ...hosted,
    summary: "List memory versions, newest first",
    permission: "read",
    query: listVersionsQuery,
    response: pageSchema(memoryVersionSchema),
  }),
  retrieveVersion: op({
    ...OPERATION_ROUTES.retrieveVersion,
    ...hosted,
    summary: "Retrieve a memory version",
    permission: "read",
    query: viewQuery,
    response: memoryVersionSchema,
  }),
  redactVersion: op({
    ...OPERATION_ROUTES.redactVersion,
    ...hosted,
    summary: "Redact a memory version",
    permission: "write",
    response: memoryVersionSchema,
  }),
  runMemoryTool: op({
    ...OPERATION_ROUTES.runMemoryTool,
    beta: true,
    extension: true,
    summary: "Run one memory-tool (memory_20250818) command against the store",
    // "read" lets viewers and read-only keys in: view works for them, write commands answer with an error result.
    permission: "read",
    query: memoryToolQuery,
    body: memoryToolInput,
    bodyCheckedByDomain: true,
    response: memoryToolResultSchema,
  }),
  me: op({
    ...OPERATION_ROUTES.me,
    ...consoleAdmin,
    summary: "Who the request acts as, and what it may do",
    permission: "read",
    response: principalSchema,
  }),
  listActors: op({
    ...OPERATION_ROUTES.listActors,
    ...consoleAdmin,
    summary: "Names for the ids in version history",
    permission: "read",
    response: actorNamesSchema,
  }),
  listUsers: op({ ...OPERATION_ROUTES.listUsers, ...consoleAdmin, summary: "List console users", permission: "admin", response: pageSchema(userSchema) }),
  createUser: op({
    ...OPERATION_ROUTES.createUser,
    ...consoleAdmin,
    summary: "Create a console user",
    permission: "admin",
    body: createUserBody,
    response: userSchema,
  }),
  updateUser: op({
    ...OPERATION_ROUTES.updateUser,
    ...consoleAdmin,
    summary: "Change a user's role, name, password or disabled flag",
    permission: "admin",
    body: updateUserBody,
    response: userSchema,
  }),
  listApiKeys: op({
    ...OPERATION_ROUTES.listApiKeys,
    ...consoleAdmin,
    summary: "List API keys (never their secrets)",
    permission: "admin",
    response: pageSchema(apiKeySchema),
  }),
  createApiKey: op({
    ...OPERATION_ROUTES.createApiKey,
    ...consoleAdmin,
    summary: "Create an API key; its secret is shown once",
    permission: "admin",
    body: createApiKeyBody,
    response: createdApiKeySchema,
  }),
  revokeApiKey: op({
    ...OPERATION_ROUTES.revokeApiKey,
    ...consoleAdmin,
    summary: "Revoke an API key",
    permission: "admin",
    response: apiKeySchema,
  }),
  moveStore: op({
    ...OPERATION_ROUTES.moveStore,
    ...consoleAdmin,
    summary: "Move a memory store, with its id and history, to another workspace (admin powers in both)",
    permission: "admin",
    body: moveStoreBody,
    response: storeMoveSchema,
  }),
  ...REVIEW_OPERATIONS,
  ...REVIEW_BATCH_OPERATIONS,
  ...SEARCH_OPERATIONS,
  ...BULK_OPERATIONS,
  ...STORE_BATCH_OPERATIONS,
  ...STORE_ACTION_OPERATIONS,
  ...TRANSFER_OPERATIONS,
  ...WEBHOOK_OPERATIONS,
  ...TIME_TRAVEL_OPERATIONS,
  ...FOLDER_SUMMARY_OPERATIONS,
  ...USAGE_OPERATIONS,
  ...STORE_AS_OF_OPERATIONS,
  ...READ_OPERATIONS,
  ...POLICY_OPERATIONS,
  ...INTEGRITY_OPERATIONS,
  ...ORGANIZATION_OPERATIONS,
} satisfies Record<OperationName, Operation>;
