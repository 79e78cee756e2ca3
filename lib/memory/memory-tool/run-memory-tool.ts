import type { Actor } from "../actor.ts";
import type { Db } from "../db.ts";
import type { Reader } from "../reads/reader.ts";
import { assertStoreExists } from "../stores/assert-store-exists.ts";
import { MemoryError, type MemoryErrorCode } from "../errors.ts";
import type { MemoryToolCommand, ToolContext } from "./commands.ts";
import { create } from "./create.ts";
import { deleteCommand } from "./delete.ts";
import { insert } from "./insert.ts";
import { parseCommand } from "./parse-command.ts";
import { rename } from "./rename.ts";
import { strReplace } from "./str-replace.ts";
import { ToolFailure } from "./tool-failure.ts";
import { view } from "./view.ts";
import type { AgentDoor } from "../usage/write-channel.ts";

export interface RunMemoryToolInput {
  storeId: string;
  /** The model's `tool_use` input, as sent: a wrong shape is answered as an error result. */
  input: Record<string, unknown>;
  actor: Actor;
  canWrite: boolean;
  /** Who a file's view is recorded as having read it. */
  reader?: Reader;
  /**
   * The caller found the store a moment ago (the /v1 route wrapper and the MCP handler do, in the
   * key's own statement): it is not looked up again. A store deleted since fails its command as
   * any vanished memory does.
   */
  storeFound?: boolean;
  /** The door the command came through, as its writes are counted: the memory tool endpoint unless MCP says so. */
  door?: AgentDoor;
}

/** What the endpoint answers: the tool result content, and whether it is an error. */
export interface MemoryToolResult {
  content: string;
  isError: boolean;
}

/**
 * Domain refusals that are answers to the model (a bad path, too large a file, an archived
 * store, the memory limit). A missing store or a busy database stays an HTTP error.
 */
const ANSWERED: ReadonlySet<MemoryErrorCode> = new Set(["invalid_request", "path_conflict", "conflict", "permission", "precondition_failed"]);

function failureMessage(error: unknown): string | null {
  if (error instanceof ToolFailure) return error.message;
  if (error instanceof MemoryError && ANSWERED.has(error.code)) return error.message;
  return null;
}

async function dispatch(ctx: ToolContext, command: MemoryToolCommand): Promise<string> {
  switch (command.command) {
    case "view":
      return view(ctx, command);
    case "create":
      return create(ctx, command);
    case "str_replace":
      return strReplace(ctx, command);
    case "insert":
      return insert(ctx, command);
    case "delete":
      return deleteCommand(ctx, command);
    case "rename":
      return rename(ctx, command);
  }
}

/**
 * Runs one memory-tool command against a store. A failing command is a result with
 * `isError` and the content `Error: <message>`, exactly what the SDK's tool runner sends the
 * model when a handler throws. A store that does not exist is not_found (a 404), not a result.
 */
export async function runMemoryTool(db: Db, input: RunMemoryToolInput): Promise<MemoryToolResult> {
  if (!input.storeFound) await assertStoreExists(db.sql, input.storeId);
  const ctx: ToolContext = {
    db,
    storeId: input.storeId,
    actor: input.actor,
    canWrite: input.canWrite,
    reader: input.reader,
    door: input.door ?? "memory_tool",
  };
  try {
    return { content: await dispatch(ctx, parseCommand(input.input)), isError: false };
  } catch (error) {
    const message = failureMessage(error);
    if (message === null) throw error;
    return { content: `Error: ${message}`, isError: true };
  }
}
