import { changeMemory } from "../memories/mutations.ts";
import type { StrReplaceCommand, ToolContext } from "./commands.ts";
import { fileContent, fileToEdit } from "./edit-target.ts";
import { numberedLine } from "./format.ts";
import { fail } from "./tool-failure.ts";
import { resolveToolPath } from "./tool-paths.ts";
import { writeTransaction } from "./write-transaction.ts";

/**
 * Where `old_str` occurs (non-overlapping). The reference counts matching lines instead, which
 * never finds a multi-line `old_str` and takes two matches on one line for one; counting
 * occurrences in the whole text gives the same answers otherwise.
 */
function occurrences(content: string, oldStr: string): number[] {
  const starts: number[] = [];
  for (let from = 0; from <= content.length; ) {
    const at = content.indexOf(oldStr, from);
    if (at === -1) break;
    starts.push(at);
    from = at + Math.max(oldStr.length, 1);
  }
  return starts;
}

const lineOf = (content: string, offset: number) => content.slice(0, offset).split("\n").length;

/** Up to two lines either side of the edited line, numbered, as the reference shows them. */
function snippet(content: string, changedLine: number): string {
  const lines = content.split("\n");
  const start = Math.max(0, changedLine - 1 - 2);
  const end = Math.min(lines.length, changedLine - 1 + 3);
  return lines
    .slice(start, end)
    .map((line, i) => numberedLine(start + i + 1, line))
    .join("\n");
}

/** `str_replace`: replaces the one occurrence of `old_str`; a missing `new_str` removes it. */
export async function strReplace(ctx: ToolContext, command: StrReplaceCommand): Promise<string> {
  const target = resolveToolPath(command.path);
  return writeTransaction(ctx, "str_replace", async (tx, store) => {
    const memory = await fileToEdit(tx, store.id, target.store, command.path);
    const found = occurrences(memory.content, command.old_str);
    if (found.length === 0) {
      fail(`No replacement was performed, old_str \`${command.old_str}\` did not appear verbatim in ${command.path}.`);
    }
    if (found.length > 1) {
      const lines = [...new Set(found.map((at) => lineOf(memory.content, at)))];
      fail(`No replacement was performed. Multiple occurrences of old_str \`${command.old_str}\` in lines: ${lines.join(", ")}. Please ensure it is unique`);
    }
    const at = found[0]!;
    const next = memory.content.slice(0, at) + (command.new_str ?? "") + memory.content.slice(at + command.old_str.length);
    // Replacing a text with itself changes nothing, and a change of nothing writes no version.
    if (next !== memory.content) {
      await changeMemory(tx, memory, { path: memory.path, content: fileContent(next, command.path) }, ctx.actor);
    }
    return `The memory file has been edited. Here is the snippet showing the change (with line numbers):\n${snippet(next, lineOf(memory.content, at))}`;
  });
}
