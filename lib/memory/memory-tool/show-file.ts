import { MAX_LINES, numberedLine } from "./format.ts";
import { fail } from "./tool-failure.ts";

/**
 * `view` of a file, as the reference shows it: every line numbered, or the lines of
 * `view_range` (`[start, end]`, `[start, -1]` to the end; any other length is ignored and an
 * empty range shows no lines). A store's content (≤ 100 kB) cannot reach the line limit, but
 * the rule is kept so the command reads the same whatever the content.
 */
export function showFile(shownPath: string, content: string, viewRange: number[] | null | undefined): string {
  const lines = content.split("\n");
  if (lines.length > MAX_LINES) {
    fail(`File ${shownPath} has too many lines (${lines.length}). Maximum is ${MAX_LINES.toLocaleString("en-US")} lines.`);
  }
  let shown = lines;
  let first = 1;
  if (viewRange && viewRange.length === 2) {
    const start = Math.max(1, viewRange[0]!) - 1;
    const end = viewRange[1] === -1 ? lines.length : viewRange[1];
    shown = lines.slice(start, end);
    first = start + 1;
  }
  const numbered = shown.map((line, i) => numberedLine(i + first, line));
  return `Here's the content of ${shownPath} with line numbers:\n${numbered.join("\n")}`;
}
