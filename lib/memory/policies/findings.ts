import type { DetectorClass } from "./write-policy.ts";

/**
 * What a detector saw in a write's content: the class, the rule and the line, and a description
 * that names the kind of thing found. Never the matched text: a finding is shown in the inbox,
 * logs and error messages, where a secret must not be repeated.
 */
export interface Finding {
  class: DetectorClass;
  rule: string;
  description: string;
  /** 1-based line of the content where the match starts. */
  line: number;
}

/** At most this many findings per class and write are kept: the first ones say enough. */
export const FINDINGS_PER_CLASS = 10;

/** 1-based line numbers of character offsets, in one pass over the text (offsets in any order). */
export function linesOf(text: string, offsets: readonly number[]): number[] {
  const sorted = [...new Set(offsets)].sort((a, b) => a - b);
  const lineAt = new Map<number, number>();
  let line = 1;
  let from = 0;
  for (const offset of sorted) {
    for (let i = text.indexOf("\n", from); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
      line++;
      from = i + 1;
    }
    lineAt.set(offset, line);
  }
  return offsets.map((offset) => lineAt.get(offset)!);
}

/** Every match of a global regular expression, as offsets, at most `limit`. */
export function matchOffsets(text: string, pattern: RegExp, accept: (match: RegExpExecArray) => boolean = () => true, limit = FINDINGS_PER_CLASS): number[] {
  const offsets: number[] = [];
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m !== null && offsets.length < limit; m = pattern.exec(text)) {
    if (accept(m)) offsets.push(m.index);
    if (m[0].length === 0) pattern.lastIndex++;
  }
  return offsets;
}
