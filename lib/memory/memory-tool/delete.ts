import { letOthersRun } from "../let-others-run.ts";
import { removeMemories, removeMemory } from "../memories/mutations.ts";
import type { DeleteCommand, ToolContext } from "./commands.ts";
import { findNode, memoriesBelow } from "./store-nodes.ts";
import { fail } from "./tool-failure.ts";
import { resolveToolPath } from "./tool-paths.ts";
import { DIRECTORY_TIMEOUT_MS, writeTransaction } from "./write-transaction.ts";

// Small enough that one batch holds the event loop for a few milliseconds (guard_p99_ms in npm run bench).
const BATCH = 25;

/**
 * `delete`: a file, or a directory with every memory below it, in one transaction (one
 * `deleted` version each). The root is refused, as the tool's description tells the model.
 */
export async function deleteCommand(ctx: ToolContext, command: DeleteCommand): Promise<string> {
  const target = resolveToolPath(command.path);
  if (target.store === null) fail("Cannot delete the /memories directory itself");
  const path = target.store;
  return writeTransaction(
    ctx,
    "delete",
    async (tx, store) => {
      const node = await findNode(tx, store.id, path);
      if (!node) fail(`The path ${command.path} does not exist`);
      if (node.kind === "file") {
        await removeMemory(tx, node.memory, ctx.actor, { door: ctx.door });
      } else {
        // Each batch leaves the directory, so the next read starts from what is left. A batch goes
        // together (removeMemories: a few statements for it instead of several per memory).
        for (let batch = await memoriesBelow(tx, store.id, path, BATCH); batch.length > 0; batch = await memoriesBelow(tx, store.id, path, BATCH)) {
          await removeMemories(tx, batch, ctx.actor, { door: ctx.door });
          await letOthersRun();
        }
      }
      return `Successfully deleted ${command.path}`;
    },
    { timeoutMs: DIRECTORY_TIMEOUT_MS },
  );
}
