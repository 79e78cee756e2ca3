import { createMemoryInTx } from "../memories/create-memory.ts";
import type { CreateCommand, ToolContext } from "./commands.ts";
import { fileContent } from "./edit-target.ts";
import { fileAncestor, findNode } from "./store-nodes.ts";
import { fail } from "./tool-failure.ts";
import { resolveToolPath, toolPathOf } from "./tool-paths.ts";
import { writeTransaction } from "./write-transaction.ts";

/**
 * `create`: a new file; like the reference it never overwrites (an existing file or directory
 * is an error). Parent directories need no creating: they are implied by the path.
 */
export async function create(ctx: ToolContext, command: CreateCommand): Promise<string> {
  const target = resolveToolPath(command.path);
  return writeTransaction(ctx, "create", async (tx, store) => {
    if (target.store === null) fail(`File ${command.path} already exists`);
    // Both asked at once (one round trip on PostgreSQL, lib/db/sql.ts); answered in this order.
    const node = findNode(tx, store.id, target.store);
    const ancestor = fileAncestor(tx, store.id, target.store);
    ancestor.catch(() => {}); // an error of its own is thrown where it is awaited, below
    if (await node) fail(`File ${command.path} already exists`);
    const blocker = await ancestor;
    if (blocker) fail(`Cannot create ${command.path}: ${toolPathOf(blocker)} is a file, not a directory`);
    // createMemoryInTx applies the 10,000-memory limit and the overlap check.
    await createMemoryInTx(tx, store, target.store, fileContent(command.file_text, command.path), ctx.actor, { door: ctx.door });
    return `File created successfully at: ${command.path}`;
  });
}
