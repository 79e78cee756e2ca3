import type { ToolContext, ViewCommand } from "./commands.ts";
import { readOf, recordReads } from "../reads/read-buffer.ts";
import { listDirectory } from "./list-directory.ts";
import { showFile } from "./show-file.ts";
import { findNode } from "./store-nodes.ts";
import { fail } from "./tool-failure.ts";
import { resolveToolPath } from "./tool-paths.ts";

/** `view`: a directory listing or a file with line numbers. Reads only, so read-only callers may use it. */
export async function view(ctx: ToolContext, command: ViewCommand): Promise<string> {
  const target = resolveToolPath(command.path);
  const node = await findNode(ctx.db.sql, ctx.storeId, target.store);
  if (!node) fail(`The path ${command.path} does not exist. Please provide a valid path.`);
  if (node.kind === "directory") return listDirectory(ctx.db.sql, ctx.storeId, target.store, command.path);
  // A file's content is handed to the agent: a read of its head version. A listing reads no content.
  if (ctx.reader) recordReads(ctx.db, ctx.reader, [readOf(node.memory)]);
  return showFile(command.path, node.memory.content, command.view_range);
}
