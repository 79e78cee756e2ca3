/** How a memory's content reached its reader (docs/design.md, "Who read what"). */
export const READ_CHANNELS = ["memory_tool", "mcp", "api", "sync", "console"] as const;
export type ReadChannel = (typeof READ_CHANNELS)[number];

/**
 * Who read: an API key (an OAuth grant reads as the key it was issued) or a signed-in person,
 * the agent session the read named (the memory tool's `session_id`, MCP's and the API's
 * `x-memory-session-id`), and the channel.
 */
export interface Reader {
  type: "api_key" | "user";
  id: string;
  sessionId: string | null;
  channel: ReadChannel;
}

/** What was read: a memory as it was at one of its versions (the head then). */
export interface ReadMemory {
  storeId: string;
  memoryId: string;
  versionId: string;
}

/** The console's reads are people looking, not an agent taking a memory in: they never move `last_read_at`. */
export const movesLastRead = (channel: ReadChannel) => channel !== "console";
