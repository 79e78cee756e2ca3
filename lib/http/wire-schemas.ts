import { z } from "zod";
import { ROLES } from "../auth/roles.ts";
import { WORKSPACE_ROLES } from "../auth/workspace-roles.ts";
import { ATTRIBUTIONS } from "../memory/import/attribution.ts";
import { DETECTOR_CLASSES } from "../memory/policies/write-policy.ts";
import { VERSION_OPERATIONS } from "../memory/versions/operations.ts";

/**
 * Wire shapes of responses, the ones the serializers (serialize.ts, admin-wire.ts) are typed
 * against and the OpenAPI document (openapi.ts) is generated from. Named schemas are the
 * document's components; `x-memory-console-extension` marks what the hosted API does not have.
 * The official SDK's types are the authority for the hosted objects.
 */
const timestamp = z.iso.datetime();
/** A component of the OpenAPI document: its id, what it is, and whether the hosted API lacks it. */
const named = <T extends z.ZodType>(schema: T, id: string, description: string, extension = false): T =>
  schema.meta({ id, description, ...(extension ? { "x-memory-console-extension": true } : {}) });

export const memoryStoreSchema = named(
  z.object({
    type: z.literal("memory_store"),
    id: z.string(),
    name: z.string(),
    description: z.string(),
    metadata: z.record(z.string(), z.string()),
    created_at: timestamp,
    updated_at: timestamp,
    archived_at: timestamp.nullable(),
    memory_count: z.number().int().meta({ description: "Live memories in the store.", "x-memory-console-extension": true }),
    content_bytes: z.number().int().meta({ description: "Bytes of the live memories' content (UTF-8).", "x-memory-console-extension": true }),
    last_memory_write_at: timestamp.nullable().meta({
      description: "When a memory of the store was last created, changed or deleted (null: never). updated_at, as the spec says, follows store edits only.",
      "x-memory-console-extension": true,
    }),
  }),
  "MemoryStore",
  "A memory store.",
);

/** What a write policy detector found: the class, rule and line, never the matched text. */
export const policyFindingSchema = named(
  z.object({ class: z.enum(DETECTOR_CLASSES), rule: z.string(), description: z.string(), line: z.number().int() }),
  "WritePolicyFinding",
  "What a write policy detector found in content: its class, rule, a description of the kind of thing and the 1-based line (never the matched text).",
  true,
);

export const memorySchema = named(
  z.object({
    type: z.literal("memory"),
    id: z.string(),
    memory_store_id: z.string(),
    path: z.string(),
    content: z.string().nullable().meta({ description: "null with view=basic." }),
    content_sha256: z.string(),
    content_size_bytes: z.number().int(),
    memory_version_id: z.string(),
    created_at: timestamp,
    updated_at: timestamp,
    last_read_at: timestamp.nullable().meta({
      description:
        "When an agent last read the memory's content (the memory tool, MCP, the API, a sync), within about a second; null until one has. A person reading it in the console does not move it.",
      "x-memory-console-extension": true,
    }),
    write_policy_findings: z.array(policyFindingSchema).optional().meta({
      description:
        "Only in the answer to a create or update that the store's write policy detectors held for review: what they found in this write. Absent everywhere else, so answers the hosted API would give are unchanged.",
      "x-memory-console-extension": true,
    }),
  }),
  "Memory",
  "A memory: one file of a store, addressed by its path.",
);

export const memoryPrefixSchema = named(
  z.object({ type: z.literal("memory_prefix"), path: z.string() }),
  "MemoryPrefix",
  "A directory in a depth=1 listing: the memories under it are not listed.",
);

const actorShapes = [
  z.object({ type: z.literal("api_actor"), api_key_id: z.string() }),
  z.object({ type: z.literal("user_actor"), user_id: z.string() }),
  z.object({ type: z.literal("session_actor"), session_id: z.string() }),
  z.object({ type: z.literal("service_account_actor"), service_account_id: z.string() }),
] as const;
export const actorSchema = named(z.discriminatedUnion("type", actorShapes), "Actor", "Who made a change.");

/** Where every imported version says so (issue 21); its fields' meaning is in docs/api-extensions.md. */
export const importedVersionSchema = named(
  z.object({
    import_id: z.string().meta({ description: "The import that wrote the version: GET /v1/imports/{id}." }),
    source: z
      .string()
      .meta({ description: "What was imported: jsonl (an export with history), zip, tar.gz or folder; store_copy for a copy of another store." }),
    imported_by: actorSchema.meta({ description: "The principal that ran the import: who wrote this version here." }),
    imported_at: timestamp,
    attribution: z.enum(ATTRIBUTIONS).meta({
      description:
        "What created_by and created_at show: importer (imported_by, imported_at) or file (the file's claim, kept by an admin import that moves a store between servers).",
    }),
    claimed_created_by: actorSchema
      .nullable()
      .meta({ description: "The author the imported file names for the version (null: none, or files without history)." }),
    claimed_created_at: timestamp.nullable().meta({ description: "The time the imported file gives the version." }),
    copied_from_memory_store_id: z.string().optional().meta({
      description:
        "Only on a copy's versions (source store_copy: POST /v1/store_copies, or a store batch's template): the store copied from. import_id is then the copy's own id (stcopy_…, in the audit log) or the store batch's.",
    }),
  }),
  "ImportedVersion",
  "A version an import wrote: who imported it, when, and what the file claimed.",
  true,
);

export const memoryVersionSchema = named(
  z.object({
    type: z.literal("memory_version"),
    id: z.string(),
    memory_store_id: z.string(),
    memory_id: z.string(),
    operation: z.enum(VERSION_OPERATIONS),
    path: z.string().nullable(),
    content: z.string().nullable(),
    content_sha256: z.string().nullable(),
    content_size_bytes: z.number().int().nullable(),
    created_at: timestamp,
    created_by: actorSchema.nullable(),
    redacted_at: timestamp.nullable(),
    redacted_by: actorSchema.nullable(),
    imported: importedVersionSchema
      .nullable()
      .meta({ description: "Set on every version an import wrote; null on all others.", "x-memory-console-extension": true }),
  }),
  "MemoryVersion",
  "One change to a memory: created, modified or deleted.",
);

export const pageSchema = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), next_page: z.string().nullable() });

export const deletedStoreSchema = named(z.object({ id: z.string(), type: z.literal("memory_store_deleted") }), "DeletedMemoryStore", "A deleted store.");
export const deletedMemorySchema = named(z.object({ id: z.string(), type: z.literal("memory_deleted") }), "DeletedMemory", "A deleted memory.");

export const memoryToolResultSchema = named(
  z.object({ type: z.literal("memory_tool_result"), content: z.string(), is_error: z.boolean() }),
  "MemoryToolResult",
  "What the memory tool answers the model; a failing command is is_error: true, still HTTP 200.",
  true,
);

export const errorSchema = named(
  z.object({
    type: z.literal("error"),
    error: z.looseObject({
      type: z.string(),
      message: z.string(),
      conflicting_path: z.string().optional(),
      conflicting_memory_id: z.string().optional(),
    }),
    request_id: z.string(),
  }),
  "Error",
  "The Anthropic error envelope; `request_id` is also the `request-id` header.",
);

const role = z.enum(ROLES);

export const userSchema = named(
  z.object({
    type: z.literal("user"),
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role,
    created_at: timestamp,
    updated_at: timestamp,
    disabled_at: timestamp.nullable(),
    /** Their role in the request's workspace (null: not a member; organisation admins need none). */
    workspace_role: z.enum(WORKSPACE_ROLES).nullable(),
  }),
  "User",
  "A console user.",
  true,
);

export const apiKeySchema = named(
  z.object({
    type: z.literal("api_key"),
    id: z.string(),
    name: z.string(),
    prefix: z.string(),
    role,
    store_ids: z.array(z.string()).nullable(),
    stores: z
      .array(z.object({ id: z.string(), name: z.string().nullable() }))
      .nullable()
      .meta({
        description: "The stores of store_ids, in that order, each with its name; name null: the store has been deleted since. Null: every store.",
        "x-memory-console-extension": true,
      }),
    read_only: z.boolean(),
    created_by_user_id: z.string().nullable(),
    created_at: timestamp,
    revoked_at: timestamp.nullable(),
    scope: z
      .discriminatedUnion("type", [z.object({ type: z.literal("organization") }), z.object({ type: z.literal("workspace"), workspace_id: z.string() })])
      .meta({ description: "Where the key acts: its workspace, or (organisation-scoped) any workspace it names with anthropic-workspace-id." }),
    oauth_client: z
      .object({
        id: z.string(),
        name: z.string(),
        last_token_issued_at: timestamp
          .nullable()
          .meta({ description: "When the client last got a token (connecting, or refreshing its hourly access token)." }),
      })
      .nullable()
      .meta({
        description: "Set for an OAuth grant: the MCP client (dynamic client registration) the user granted access to. Revoking the grant ends its tokens.",
      }),
  }),
  "ApiKey",
  "An API key (never its secret).",
  true,
);

export const createdApiKeySchema = named(
  apiKeySchema.extend({ secret: z.string().meta({ description: "Shown once, never again." }) }),
  "CreatedApiKey",
  "A new API key with its secret.",
  true,
);

const permissions = z.object({ read: z.boolean(), write: z.boolean(), admin: z.boolean() });
/** Where the request acts: its workspace (`role` is the power there), and whether it is an organisation admin. */
const inWorkspace = { workspace_id: z.string(), organization_admin: z.boolean() };

/** A workspace a person may act in (GET /v1/me's extension field; lib/auth/usable-workspaces.ts). */
const usableWorkspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  display_color: z.string(),
  workspace_role: z.enum(WORKSPACE_ROLES).nullable().meta({ description: "The person's membership; null for an organisation admin who is not a member." }),
});

export const principalSchema = named(
  z.discriminatedUnion("kind", [
    z.object({
      type: z.literal("principal"),
      kind: z.literal("user"),
      id: z.string(),
      email: z.string(),
      role,
      permissions,
      ...inWorkspace,
      workspaces: z
        .array(usableWorkspaceSchema)
        .meta({ description: "Extension: the live workspaces the person may act in (organisation admins: all), Default first." }),
    }),
    z.object({
      type: z.literal("principal"),
      kind: z.literal("api_key"),
      id: z.string(),
      name: z.string(),
      role,
      read_only: z.boolean(),
      store_ids: z.array(z.string()).readonly().nullable(),
      permissions,
      ...inWorkspace,
    }),
  ]),
  "Principal",
  "Who a request acts as, and what it may do.",
  true,
);

export const actorNamesSchema = named(
  z.object({
    users: z.array(z.object({ id: z.string(), email: z.string() })),
    api_keys: z.array(z.object({ id: z.string(), name: z.string(), created_by_user_id: z.string().nullable() })),
    sessions: z
      .array(z.object({ id: z.string(), api_key_id: z.string().nullable() }))
      .meta({ description: "Each session in history with the API key it ran with (null: not known)." }),
  }),
  "ActorNames",
  "Display names for the ids in version history.",
  true,
);

export type MemoryStoreWire = z.input<typeof memoryStoreSchema>;
export type MemoryWire = z.input<typeof memorySchema>;
export type MemoryPrefixWire = z.input<typeof memoryPrefixSchema>;
export type MemoryVersionWire = z.input<typeof memoryVersionSchema>;
export type ImportedVersionWire = z.input<typeof importedVersionSchema>;
export type UserWire = z.input<typeof userSchema>;
export type ApiKeyWire = z.input<typeof apiKeySchema>;
export type PrincipalWire = z.input<typeof principalSchema>;
