import Anthropic from "@anthropic-ai/sdk";
import type { MemoryToolHandlers } from "@anthropic-ai/sdk/helpers/beta/memory";
import type { BetaMemoryTool20250818Command } from "@anthropic-ai/sdk/resources/beta";
import { operationUrl } from "./api-client/client.ts";
import type { ResponseOf } from "./api-client/operation-types.ts";

/**
 * Handlers for the SDK's `betaMemoryTool(...)` that run every memory-tool command against a
 * Memory Console store, so an agent's `/memories` directory lives in the store with versioned
 * history:
 *
 *   const memory = betaMemoryTool(memoryToolHandlers({ baseURL, apiKey, storeId }));
 *   client.beta.messages.toolRunner({ ..., tools: [memory] });
 *
 * A command that fails answers with an `Error: <message>` result; the handler throws the
 * message, and the tool runner turns that back into the very same `Error: <message>` with
 * `is_error: true`, just as it does for the SDK's `BetaLocalFilesystemMemoryTool`.
 */
export interface MemoryToolClientOptions {
  /** The Memory Console server, e.g. `http://127.0.0.1:3000`. Ignored when `client` is given. */
  baseURL?: string;
  /** A Memory Console API key. Ignored when `client` is given. */
  apiKey?: string;
  /** An SDK client already pointed at the Memory Console server. */
  client?: Anthropic;
  storeId: string;
  /** Attribute the writes to this agent session (`session_actor`) instead of the API key. */
  sessionId?: string;
}

const MEMORY_BETA = "agent-memory-2026-07-22";

type MemoryToolResult = ResponseOf<"runMemoryTool">;

export function memoryToolHandlers(options: MemoryToolClientOptions): MemoryToolHandlers {
  const client = options.client ?? new Anthropic({ baseURL: options.baseURL, apiKey: options.apiKey });
  const path = operationUrl("runMemoryTool", { params: { store: options.storeId } });

  async function run(command: BetaMemoryTool20250818Command): Promise<string> {
    const result = await client.post<MemoryToolResult>(path, {
      body: command,
      query: options.sessionId ? { session_id: options.sessionId } : undefined,
      headers: { "anthropic-beta": MEMORY_BETA },
    });
    if (result.is_error) throw new Error(result.content.replace(/^Error: /, ""));
    return result.content;
  }

  return {
    view: run,
    create: run,
    str_replace: run,
    insert: run,
    delete: run,
    rename: run,
  };
}
