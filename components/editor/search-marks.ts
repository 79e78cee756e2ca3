import type * as Monaco from "monaco-editor";
import type { CodeEditor } from "./replace-model-text.ts";

/** The search a page was opened from: its text, mode, and the line of the hit. */
export type SearchMarks = { q: string; mode: "words" | "exact"; line: number | null };

/** Words as search splits them (lib/memory/search/search-text.ts); whole words are matched. */
const WORD = /[\p{L}\p{N}]+/gu;
const WORD_SEPARATORS = "`~!@#$%^&*()-=+[{]}\\|;:'\",.<>/?";
const MAX_MARKS = 1000;

/**
 * Marks every match of the search in the editor (ignoring case, as search does) and scrolls the
 * hit into the middle of the view: the first match on the hit's line, else the first match.
 * Decorations only: the text, and so the editor's dirty state and undo history, stay as they are.
 */
export function markSearchMatches(codeEditor: CodeEditor, monaco: typeof Monaco, marks: SearchMarks): number {
  const model = codeEditor.getModel();
  if (!model) return 0;
  const needles = marks.mode === "exact" ? [marks.q] : [...new Set(marks.q.match(WORD) ?? [])];
  const found = needles
    .flatMap((needle) => model.findMatches(needle, false, false, false, marks.mode === "words" ? WORD_SEPARATORS : null, false, MAX_MARKS))
    .sort((a, b) => monaco.Range.compareRangesUsingStarts(a.range, b.range));
  codeEditor.createDecorationsCollection(
    found.map((match) => ({
      range: match.range,
      options: {
        inlineClassName: "search-hit",
        overviewRuler: { color: "#f59e0b", position: monaco.editor.OverviewRulerLane.Full },
      },
    })),
  );
  const target = found.find((match) => match.range.startLineNumber === marks.line) ?? found[0];
  if (target) {
    codeEditor.revealRangeInCenter(target.range, monaco.editor.ScrollType.Immediate);
    codeEditor.setPosition(target.range.getStartPosition());
  }
  return found.length;
}
