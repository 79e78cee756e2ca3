import type { Actor } from "../actor.ts";
import type { Reader } from "../reads/reader.ts";
import type { Db } from "../db.ts";
import type { AgentDoor } from "../usage/write-channel.ts";

/** The `tool_use` input of the memory tool (`memory_20250818`), one shape per command. */
export type ViewCommand = { command: "view"; path: string; view_range?: number[] | null };
export type CreateCommand = { command: "create"; path: string; file_text: string };
/** `new_str` may be left out: the docs say `old_str` is then removed. */
export type StrReplaceCommand = { command: "str_replace"; path: string; old_str: string; new_str?: string | null };
export type InsertCommand = { command: "insert"; path: string; insert_line: number; insert_text: string };
export type DeleteCommand = { command: "delete"; path: string };
export type RenameCommand = { command: "rename"; old_path: string; new_path: string };

export type MemoryToolCommand = ViewCommand | CreateCommand | StrReplaceCommand | InsertCommand | DeleteCommand | RenameCommand;

/** What every command runs with. */
export interface ToolContext {
  db: Db;
  storeId: string;
  /** Who the versions written by this command are attributed to. */
  actor: Actor;
  /** False for read-only keys and viewers: write commands are refused with an error result. */
  canWrite: boolean;
  /** Who a file's view is recorded as having read it (lib/memory/reads); none: not recorded. */
  reader?: Reader;
  /** The door the command came through (the memory tool endpoint or MCP), as its writes are counted (lib/memory/usage). */
  door: AgentDoor;
}
