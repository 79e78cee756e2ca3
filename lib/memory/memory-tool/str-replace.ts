import type { SqlClient } from "../db.ts";
import { changeMemory } from "../memories/mutations.ts";
import type { StrReplaceCommand, ToolContext } from "./commands.ts";
import { fileContent, fileToEdit } from "./edit-target.ts";
import { numberedLine } from "./format.ts";
import { fail } from "./tool-failure.ts";
import { resolveToolPath } from "./tool-paths.ts";
import { writeTransactionReading } from "./write-transaction.ts";

/**
 * Where `old_str` occurs (non-overlapping), with the 1-based line of each start, found in one
 * pass over the content: the newline count advances with the search, so many matches in a
 * 100 kB file cost no more than a few. The reference counts matching lines instead, which never
 * finds a multi-line `old_str` and takes two matches on one line for one; counting occurrences
 * in the whole text gives the same answers otherwise.
 */
function occurrences(content: string, oldStr: string): { offset: number; line: number }[] {
  const found: { offset: number; line: number }[] = [];
  let line = 1;
  // The first newline not yet counted; each one is found once, whatever the number of matches.
  let newline = content.indexOf("\n");
  for (let at = content.indexOf(oldStr); at !== -1; at = content.indexOf(oldStr, at + oldStr.length)) {
    while (newline !== -1 && newline < at) {
      line++;
      newline = content.indexOf("\n", newline + 1);
    }
    found.push({ offset: at, line });
  }
  return found;
}

/** Listing every line of thousands of matches helps no one; the first ones say where to look. */
const LISTED_LINES = 100;

function matchedLines(found: { line: number }[]): string {
  const lines = [...new Set(found.map((f) => f.line))];
  if (lines.length <= LISTED_LINES) return lines.join(", ");
  return `${lines.slice(0, LISTED_LINES).join(", ")} and ${lines.length - LISTED_LINES} more lines`;
}

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
  // The empty string occurs everywhere; the reference would "replace" it at the very start.
  if (command.old_str === "") fail(`No replacement was performed, old_str is empty. Give the exact text to replace in ${command.path}.`);
  const read = (tx: SqlClient, storeId: string) => fileToEdit(tx, storeId, target.store, command.path);
  return writeTransactionReading(ctx, "str_replace", read, async (tx, _store, reading) => {
    const memory = await reading;
    const found = occurrences(memory.content, command.old_str);
    if (found.length === 0) {
      fail(`No replacement was performed, old_str \`${command.old_str}\` did not appear verbatim in ${command.path}.`);
    }
    if (found.length > 1) {
      fail(`No replacement was performed. Multiple occurrences of old_str \`${command.old_str}\` in lines: ${matchedLines(found)}. Please ensure it is unique`);
    }
    const { offset: at, line } = found[0]!;
    const next = memory.content.slice(0, at) + (command.new_str ?? "") + memory.content.slice(at + command.old_str.length);
    // Replacing a text with itself changes nothing, and a change of nothing writes no version.
    if (next !== memory.content) {
      await changeMemory(tx, memory, { path: memory.path, content: fileContent(next, command.path) }, ctx.actor, { door: ctx.door });
    }
    return `The memory file has been edited. Here is the snippet showing the change (with line numbers):\n${snippet(next, line)}`;
  });
}
