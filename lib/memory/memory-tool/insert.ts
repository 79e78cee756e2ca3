import type { SqlClient } from "../db.ts";
import { changeMemory } from "../memories/mutations.ts";
import type { InsertCommand, ToolContext } from "./commands.ts";
import { fileContent, fileToEdit } from "./edit-target.ts";
import { fail } from "./tool-failure.ts";
import { resolveToolPath } from "./tool-paths.ts";
import { writeTransactionReading } from "./write-transaction.ts";

/** `insert`: `insert_text` (one trailing newline dropped) becomes a line after line `insert_line`; 0 is the top. */
export async function insert(ctx: ToolContext, command: InsertCommand): Promise<string> {
  const target = resolveToolPath(command.path);
  const read = (tx: SqlClient, storeId: string) => fileToEdit(tx, storeId, target.store, command.path);
  return writeTransactionReading(ctx, "insert", read, async (tx, _store, reading) => {
    const memory = await reading;
    const lines = memory.content.split("\n");
    if (command.insert_line < 0 || command.insert_line > lines.length) {
      fail(`Invalid \`insert_line\` parameter: ${command.insert_line}. It should be within the range of lines of the file: [0, ${lines.length}]`);
    }
    lines.splice(command.insert_line, 0, command.insert_text.replace(/\n$/, ""));
    await changeMemory(tx, memory, { path: memory.path, content: fileContent(lines.join("\n"), command.path) }, ctx.actor, { door: ctx.door });
    return `The file ${command.path} has been edited.`;
  });
}
