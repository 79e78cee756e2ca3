import { FINDINGS_PER_CLASS, linesOf, matchOffsets, type Finding } from "./findings.ts";
import { firstHiddenCharacter } from "./invisible-characters.ts";

/**
 * Text addressed to the model rather than about the work: a memory is read back into an
 * agent's context, so an injected "ignore previous instructions" in it is a standing prompt
 * injection. Heuristics, flagged for a person to judge (the default action is hold, not refuse).
 * Every pattern is anchored on literal words with bounded gaps, so a scan is linear.
 */
const RULES: { rule: string; description: string; pattern: RegExp }[] = [
  {
    rule: "override",
    description: "an instruction to ignore earlier instructions",
    pattern:
      /\b(?:ignore|disregard|forget|override)\s{1,5}(?:all\s{1,5}|any\s{1,5}|the\s{1,5}|your\s{1,5}|of\s{1,5}){0,3}(?:previous|prior|above|earlier|preceding|system|original)\s{1,5}(?:instructions?|prompts?|messages?|rules|directions|guidelines)\b/gi,
  },
  {
    rule: "role-tag",
    description: "a chat role tag",
    pattern: /<\|?\/?(?:system|assistant|user|im_start|im_end|endoftext)\|?>|\[\/?(?:INST|SYS)\]|<<\/?SYS>>/gi,
  },
  {
    rule: "turn-marker",
    description: "a conversation turn marker",
    pattern: /^(?:\s{0,8})(?:Human|Assistant|System)\s{0,3}:/gm,
  },
  {
    rule: "new-instructions",
    description: "new instructions addressed to the model",
    pattern:
      /\b(?:new|updated|real|actual)\s{1,5}(?:system\s{1,5})?instructions\s{0,3}:|\byou\s{1,5}(?:are|must)\s{1,5}now\s{1,5}(?:a|an|the|in|ignore|act)\b|\bsystem\s{1,5}prompt\s{0,3}:/gi,
  },
];

export function detectInstructions(content: string): Finding[] {
  const found: Omit<Finding, "line">[] = [];
  const offsets: number[] = [];
  for (const { rule, description, pattern } of RULES) {
    // One finding per rule is enough to flag; invisible characters are often thousands.
    for (const offset of matchOffsets(content, pattern, undefined, 1)) {
      found.push({ class: "instructions", rule, description });
      offsets.push(offset);
    }
  }
  // Invisible characters are judged by their neighbours (an emoji's joiner is fine): see invisible-characters.ts.
  const hidden = firstHiddenCharacter(content);
  if (hidden !== -1) {
    found.push({
      class: "instructions",
      rule: "invisible",
      description: "invisible characters (Unicode tags, zero-width or bidirectional controls, runs of variation selectors)",
    });
    offsets.push(hidden);
  }
  const lines = linesOf(content, offsets);
  return found.map((f, i) => ({ ...f, line: lines[i]! })).slice(0, FINDINGS_PER_CLASS);
}
