import type { Actor } from "../actor.ts";

/**
 * How a write came in, as the Usage page counts it (store_usage_days.channel): an API key
 * through the REST API (`api`), the memory tool endpoint (`memory_tool`) or MCP (`mcp`); a
 * signed-in person (`console`); an import (`import`); the server's own writes, the write
 * policy's expiry (`system`). `unknown`: history from before the counters, written by a key
 * through one of the three doors, which no version recorded.
 */
export const WRITE_CHANNELS = ["api", "memory_tool", "mcp", "console", "import", "system", "unknown"] as const;
export type WriteChannel = (typeof WRITE_CHANNELS)[number];

/** The doors an agent's key writes through besides the REST API: only the caller knows which one it is. */
export type AgentDoor = "memory_tool" | "mcp";

/**
 * The channel of a write. The domain knows most of it from what it is given anyway: an import
 * marks its versions, a person's actor has no key behind it (a person is signed in to the
 * console, whichever route the request took, as for reads: lib/auth/principal.ts `readerOf`),
 * the server writes as a service account. Only the door a key came through is the caller's to
 * say (`door`, passed down explicitly by the memory tool and MCP): without one, the REST API.
 */
export function writeChannel(actor: Actor, options: { imported?: unknown; door?: AgentDoor }): WriteChannel {
  if (options.imported) return "import";
  if (actor.type === "service_account_actor") return "system";
  if (actor.type === "user_actor" || (actor.type === "session_actor" && !actor.api_key_id)) return "console";
  return options.door ?? "api";
}
