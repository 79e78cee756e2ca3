import { diff3Merge } from "node-diff3";

/**
 * Three-way merge of a memory's text, line by line, with node-diff3 (the diff3 algorithm of
 * Khanna, Kunal and Pierce): base = the version the editor loaded, theirs = the server's
 * current content, mine = the editor. Changes that do not overlap merge; overlapping ones are
 * written as numbered conflict blocks, git-style, for the person to resolve. Pure: no React.
 */

export type ConflictHunk = { mine: string; theirs: string; base: string };
export type MergeResult = { text: string; conflicts: ConflictHunk[] };
export type ConflictChoice = "mine" | "theirs" | "both";

const OPEN = "<<<<<<< yours (conflict ";
const SEPARATOR = "=======";
const CLOSE = ">>>>>>> theirs (conflict ";

/** Lines with their own line endings, so that joining them gives back the exact text. */
export function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

const withNewline = (text: string) => (text === "" || text.endsWith("\n") ? text : text + "\n");

function conflictBlock(n: number, hunk: ConflictHunk): string {
  return `${OPEN}${n})\n${withNewline(hunk.mine)}${SEPARATOR}\n${withNewline(hunk.theirs)}${CLOSE}${n})\n`;
}

export function threeWayMerge(base: string, theirs: string, mine: string): MergeResult {
  const regions = diff3Merge(splitLines(mine), splitLines(base), splitLines(theirs), { excludeFalseConflicts: true });
  const conflicts: ConflictHunk[] = [];
  let text = "";
  for (const region of regions) {
    if (region.ok) {
      text += region.ok.join("");
    } else if (region.conflict) {
      const hunk = { mine: region.conflict.a.join(""), theirs: region.conflict.b.join(""), base: region.conflict.o.join("") };
      conflicts.push(hunk);
      text += conflictBlock(conflicts.length, hunk);
    }
  }
  return { text, conflicts };
}

const blockPattern = (n: number) => new RegExp(`^${escape(OPEN)}${n}\\)\\n[\\s\\S]*?^${escape(CLOSE)}${n}\\)(?:\\n|$)`, "m");

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Numbers of the conflict blocks still present in a merge text (the person may edit it). */
export function openConflicts(text: string): number[] {
  const found: number[] = [];
  for (const match of text.matchAll(new RegExp(`^${escape(OPEN)}(\\d+)\\)$`, "gm"))) {
    const n = Number(match[1]);
    if (blockPattern(n).test(text)) found.push(n);
  }
  return found;
}

/** Replaces conflict block `n` (1-based) with your lines, theirs, or yours then theirs. */
export function resolveConflict(text: string, n: number, choice: ConflictChoice, hunks: ConflictHunk[]): string {
  const hunk = hunks[n - 1];
  if (!hunk) return text;
  const replacement = choice === "mine" ? hunk.mine : choice === "theirs" ? hunk.theirs : withNewline(hunk.mine) + hunk.theirs;
  return text.replace(blockPattern(n), () => replacement);
}
