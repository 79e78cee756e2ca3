import { z } from "zod";
import type { Permission } from "../auth/roles.ts";
import { MEMORY_TOOL_COMMAND_SHAPES } from "../memory/memory-tool/parse-command.ts";
import { createApiKeyBody, createUserBody, updateUserBody } from "./admin-schemas.ts";
import { memoryToolQuery } from "./memory-tool-schemas.ts";
import { REVIEW_OPERATIONS } from "./review-operations.ts";
import { REVIEW_BATCH_OPERATIONS } from "./review-batch-operations.ts";
import { SEARCH_OPERATIONS } from "./search-operations.ts";
import { BULK_OPERATIONS } from "./bulk-operations.ts";
import { TIME_TRAVEL_OPERATIONS } from "./time-travel-operations.ts";
import { POLICY_OPERATIONS } from "./policy-operations.ts";
import { TRANSFER_OPERATIONS } from "./transfer-operations.ts";
import { WEBHOOK_OPERATIONS } from "./webhook-operations.ts";
import { INTEGRITY_OPERATIONS } from "./integrity-operations.ts";
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
 */
export interface Operation {
  method: "GET" | "POST" | "DELETE";
  /** The route template, `{name}` for each dynamic segment (what logs and metrics show). */
  path: string;
  summary: string;
  permission: Permission;
  /** The Memory Stores API's `anthropic-beta` rule; the console's own admin routes do not need it. */
  beta: boolean;
  extension: boolean;
  query?: z.ZodType<unknown, Record<string, string>>;
  body?: z.ZodType;
  /** The body is documented by `body` but checked by the domain (the memory tool answers a wrong shape as a tool result). */
  bodyCheckedByDomain?: true;
  response: z.ZodType;
}

const op = <const O extends Operation>(o: O): O => o;
const hosted = { beta: true, extension: false } as const;
const consoleAdmin = { beta: false, extension: true } as const;
const memoryToolInput = z.union(Object.values(MEMORY_TOOL_COMMAND_SHAPES));

export const OPERATIONS = {
  createStore: op({
    ...hosted,
    method: "POST",
    path: "/v1/memory_stores",
    summary: "Create a memory store",
    permission: "write",
    body: createStoreBody,
    response: memoryStoreSchema,
  }),
  listStores: op({
    ...hosted,
    method: "GET",
    path: "/v1/memory_stores",
    summary: "List memory stores",
    permission: "read",
    query: listStoresQuery,
    response: pageSchema(memoryStoreSchema),
  }),
  retrieveStore: op({
    ...hosted,
    method: "GET",
    path: "/v1/memory_stores/{store}",
    summary: "Retrieve a memory store",
    permission: "read",
    response: memoryStoreSchema,
  }),
  updateStore: op({
    ...hosted,
    method: "POST",
    path: "/v1/memory_stores/{store}",
    summary: "Update a memory store",
    permission: "write",
    body: updateStoreBody,
    response: memoryStoreSchema,
  }),
  deleteStore: op({
    ...hosted,
    method: "DELETE",
    path: "/v1/memory_stores/{store}",
    summary: "Delete a memory store and everything in it",
    permission: "admin",
    response: deletedStoreSchema,
  }),
  archiveStore: op({
    ...hosted,
    method: "POST",
    path: "/v1/memory_stores/{store}/archive",
    summary: "Archive a memory store (irreversible)",
    permission: "admin",
    response: memoryStoreSchema,
  }),
  createMemory: op({
    ...hosted,
    method: "POST",
    path: "/v1/memory_stores/{store}/memories",
    summary: "Create a memory",
    permission: "write",
    query: viewQuery,
    body: createMemoryBody,
    response: memorySchema,
  }),
  listMemories: op({
    ...hosted,
    method: "GET",
    path: "/v1/memory_stores/{store}/memories",
    summary: "List memories",
    permission: "read",
    query: listMemoriesQuery,
    response: pageSchema(z.union([memorySchema, memoryPrefixSchema])),
  }),
  retrieveMemory: op({
    ...hosted,
    method: "GET",
    path: "/v1/memory_stores/{store}/memories/{memory}",
    summary: "Retrieve a memory",
    permission: "read",
    query: viewQuery,
    response: memorySchema,
  }),
  updateMemory: op({
    ...hosted,
    method: "POST",
    path: "/v1/memory_stores/{store}/memories/{memory}",
    summary: "Update a memory's content and/or path, optionally on a content_sha256 precondition",
    permission: "write",
    query: viewQuery,
    body: updateMemoryBody,
    response: memorySchema,
  }),
  deleteMemory: op({
    ...hosted,
    method: "DELETE",
    path: "/v1/memory_stores/{store}/memories/{memory}",
    summary: "Delete a memory",
    permission: "write",
    query: deleteMemoryQuery,
    response: deletedMemorySchema,
  }),
  listVersions: op({
    ...hosted,
    method: "GET",
    path: "/v1/memory_stores/{store}/memory_versions",
    summary: "List memory versions, newest first",
    permission: "read",
    query: listVersionsQuery,
    response: pageSchema(memoryVersionSchema),
  }),
  retrieveVersion: op({
    ...hosted,
    method: "GET",
    path: "/v1/memory_stores/{store}/memory_versions/{version}",
    summary: "Retrieve a memory version",
    permission: "read",
    query: viewQuery,
    response: memoryVersionSchema,
  }),
  redactVersion: op({
    ...hosted,
    method: "POST",
    path: "/v1/memory_stores/{store}/memory_versions/{version}/redact",
    summary: "Redact a memory version",
    permission: "write",
    response: memoryVersionSchema,
  }),
  runMemoryTool: op({
    beta: true,
    extension: true,
    method: "POST",
    path: "/v1/memory_stores/{store}/memory_tool",
    summary: "Run one memory-tool (memory_20250818) command against the store",
    // "read" lets viewers and read-only keys in: view works for them, write commands answer with an error result.
    permission: "read",
    query: memoryToolQuery,
    body: memoryToolInput,
    bodyCheckedByDomain: true,
    response: memoryToolResultSchema,
  }),
  me: op({
    ...consoleAdmin,
    method: "GET",
    path: "/v1/me",
    summary: "Who the request acts as, and what it may do",
    permission: "read",
    response: principalSchema,
  }),
  listActors: op({
    ...consoleAdmin,
    method: "GET",
    path: "/v1/actors",
    summary: "Names for the ids in version history",
    permission: "read",
    response: actorNamesSchema,
  }),
  listUsers: op({ ...consoleAdmin, method: "GET", path: "/v1/users", summary: "List console users", permission: "admin", response: pageSchema(userSchema) }),
  createUser: op({
    ...consoleAdmin,
    method: "POST",
    path: "/v1/users",
    summary: "Create a console user",
    permission: "admin",
    body: createUserBody,
    response: userSchema,
  }),
  updateUser: op({
    ...consoleAdmin,
    method: "POST",
    path: "/v1/users/{user}",
    summary: "Change a user's role, name, password or disabled flag",
    permission: "admin",
    body: updateUserBody,
    response: userSchema,
  }),
  listApiKeys: op({
    ...consoleAdmin,
    method: "GET",
    path: "/v1/api_keys",
    summary: "List API keys (never their secrets)",
    permission: "admin",
    response: pageSchema(apiKeySchema),
  }),
  createApiKey: op({
    ...consoleAdmin,
    method: "POST",
    path: "/v1/api_keys",
    summary: "Create an API key; its secret is shown once",
    permission: "admin",
    body: createApiKeyBody,
    response: createdApiKeySchema,
  }),
  revokeApiKey: op({
    ...consoleAdmin,
    method: "POST",
    path: "/v1/api_keys/{key}/revoke",
    summary: "Revoke an API key",
    permission: "admin",
    response: apiKeySchema,
  }),
  ...REVIEW_OPERATIONS,
  ...REVIEW_BATCH_OPERATIONS,
  ...SEARCH_OPERATIONS,
  ...BULK_OPERATIONS,
  ...TRANSFER_OPERATIONS,
  ...WEBHOOK_OPERATIONS,
  ...TIME_TRAVEL_OPERATIONS,
  ...POLICY_OPERATIONS,
  ...INTEGRITY_OPERATIONS,
} satisfies Record<string, Operation>;
