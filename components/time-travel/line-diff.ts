import { diffComm } from "node-diff3";

export type DiffRow = { kind: "same" | "added" | "removed"; text: string; oldLine: number | null; newLine: number | null } | { kind: "gap"; count: number };

/** Unchanged lines kept around each change; the rest fold into one "… n unchanged lines" row. */
const CONTEXT = 3;

/**
 * A unified line diff of two texts (node-diff3's comm-style diff, the library the editor's
 * merge uses), as a code host's compare view shows it: removed lines, then added ones, with a
 * little context, line numbers on both sides.
 */
export function lineDiff(before: string, after: string): DiffRow[] {
  const rows: DiffRow[] = [];
  let oldLine = 1;
  let newLine = 1;
  // A final newline ends the last line; it does not start another.
  const toLines = (text: string) => (text === "" ? [] : text.replace(/\n$/, "").split("\n"));
  const parts = diffComm(toLines(before), toLines(after));
  parts.forEach((part, i) => {
    if ("common" in part && part.common) {
      const lines = part.common;
      const keepHead = i === 0 ? 0 : CONTEXT;
      const keepTail = i === parts.length - 1 ? 0 : CONTEXT;
      if (lines.length > keepHead + keepTail + 1) {
        lines.slice(0, keepHead).forEach((text, k) => rows.push({ kind: "same", text, oldLine: oldLine + k, newLine: newLine + k }));
        rows.push({ kind: "gap", count: lines.length - keepHead - keepTail });
        const from = lines.length - keepTail;
        lines.slice(from).forEach((text, k) => rows.push({ kind: "same", text, oldLine: oldLine + from + k, newLine: newLine + from + k }));
      } else {
        lines.forEach((text, k) => rows.push({ kind: "same", text, oldLine: oldLine + k, newLine: newLine + k }));
      }
      oldLine += lines.length;
      newLine += lines.length;
      return;
    }
    const removed = part.buffer1 ?? [];
    const added = part.buffer2 ?? [];
    removed.forEach((text, k) => rows.push({ kind: "removed", text, oldLine: oldLine + k, newLine: null }));
    added.forEach((text, k) => rows.push({ kind: "added", text, oldLine: null, newLine: newLine + k }));
    oldLine += removed.length;
    newLine += added.length;
  });
  return rows;
}
