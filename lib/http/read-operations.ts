import { z } from "zod";
import type { ReadRecord, VersionReader } from "../memory/reads/read-queries.ts";
import { READ_CHANNELS } from "../memory/reads/reader.ts";
import { OPERATION_ROUTES } from "./operation-routes.ts";
import { limit, timestamp } from "./schemas.ts";
import { memorySchema, pageSchema } from "./wire-schemas.ts";

/**
 * Who read what (docs/api-extensions.md, "Who read what"): a store's recorded reads, and the
 * readers of one version, the blast radius of what it held. Readers are keys (an OAuth grant
 * reads as its key) or console users, each with the session the read named.
 */
export const listMemoryReadsQuery = z.object({
  memory_id: z.string().optional(),
  version_id: z.string().optional(),
  session_id: z.string().optional(),
  api_key_id: z.string().optional(),
  user_id: z.string().optional(),
  channel: z.enum(READ_CHANNELS).optional(),
  "created_at[gte]": timestamp.optional().meta({ description: "Reads whose last read is at or after this moment." }),
  "created_at[lte]": timestamp.optional().meta({ description: "Reads whose last read is at or before this moment." }),
  limit: limit.optional(),
  page: z.string().optional(),
});

export const listUnreadMemoriesQuery = z.object({
  days: z
    .string()
    .regex(/^\d+$/, "must be a whole number of days")
    .transform(Number)
    .pipe(z.number().int().min(1).max(36_500, "must be at most 36,500"))
    .optional()
    .meta({ description: "Unread by agents for this many days (default 30)." }),
  limit: limit.optional(),
  page: z.string().optional(),
});

export const listVersionReadersQuery = z.object({ limit: limit.optional(), page: z.string().optional() });

const readerFields = {
  api_key_id: z.string().nullable().meta({ description: "The key that read (an OAuth grant's key), or null for a console user." }),
  user_id: z.string().nullable().meta({ description: "The console user who read, or null for a key." }),
  session_id: z.string().nullable().meta({ description: "The agent session the read named (memory tool session_id, x-memory-session-id), or null." }),
  first_read_at: z.iso.datetime(),
  last_read_at: z.iso.datetime(),
  read_count: z.number().int(),
};

export const memoryReadSchema = z
  .object({
    type: z.literal("memory_read"),
    id: z.string(),
    memory_store_id: z.string(),
    memory_id: z.string(),
    memory_version_id: z.string().meta({ description: "The version that was the memory's content when it was read." }),
    channel: z.enum(READ_CHANNELS),
    ...readerFields,
  })
  .meta({
    id: "MemoryRead",
    description: "A reader's reads of one version of a memory through one channel, in one session: the first and last time and how many.",
    "x-memory-console-extension": true,
  });

export const versionReaderSchema = z
  .object({
    type: z.literal("version_reader"),
    channels: z.array(z.enum(READ_CHANNELS)),
    ...readerFields,
  })
  .meta({
    id: "VersionReader",
    description: "A key (an agent, or an OAuth grant's key) and session handed a version's content while it was its memory's head.",
    "x-memory-console-extension": true,
  });

export const versionReadersSchema = pageSchema(versionReaderSchema).extend({
  memory_version_id: z.string(),
  total_readers: z.number().int().meta({ description: "Keys and sessions in all, over every page." }),
});

const iso = (d: Date) => d.toISOString();

const readerWire = (r: {
  readerType: "api_key" | "user";
  readerId: string;
  sessionId: string | null;
  firstReadAt: Date;
  lastReadAt: Date;
  readCount: number;
}) => ({
  api_key_id: r.readerType === "api_key" ? r.readerId : null,
  user_id: r.readerType === "user" ? r.readerId : null,
  session_id: r.sessionId,
  first_read_at: iso(r.firstReadAt),
  last_read_at: iso(r.lastReadAt),
  read_count: r.readCount,
});

export const memoryReadWire = (r: ReadRecord): z.infer<typeof memoryReadSchema> => ({
  type: "memory_read",
  id: r.id,
  memory_store_id: r.storeId,
  memory_id: r.memoryId,
  memory_version_id: r.versionId,
  channel: r.channel,
  ...readerWire(r),
});

export const versionReaderWire = (r: VersionReader): z.infer<typeof versionReaderSchema> => ({
  type: "version_reader",
  channels: r.channels,
  ...readerWire(r),
});

export const READ_OPERATIONS = {
  listMemoryReads: {
    ...OPERATION_ROUTES.listMemoryReads,
    beta: false,
    extension: true,
    summary: "A store's recorded reads: who was handed which version of which memory, through what, in which session",
    permission: "read",
    query: listMemoryReadsQuery,
    response: pageSchema(memoryReadSchema),
  },
  listUnreadMemories: {
    ...OPERATION_ROUTES.listUnreadMemories,
    beta: false,
    extension: true,
    summary: "A store's memories no agent has read for N days (their last read, or their creation), in path order",
    permission: "read",
    query: listUnreadMemoriesQuery,
    response: pageSchema(memorySchema),
  },
  listVersionReaders: {
    ...OPERATION_ROUTES.listVersionReaders,
    beta: false,
    extension: true,
    summary: "Every key and session handed a version's content while it was the head: its blast radius",
    permission: "read",
    query: listVersionReadersQuery,
    response: versionReadersSchema,
  },
} as const;
