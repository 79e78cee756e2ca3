import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { detectInstructions } from "@/lib/memory/policies/detect-instructions.ts";
import { detectPii } from "@/lib/memory/policies/detect-pii.ts";
import { detectSecrets } from "@/lib/memory/policies/detect-secrets.ts";
import type { Finding } from "@/lib/memory/policies/findings.ts";
import { DETECTOR_CLASSES, type DetectorClass } from "@/lib/memory/policies/write-policy.ts";
import { EMOJI, PLANTED, type PlantedCase } from "../fixtures/detectors/planted.ts";

// Issue 42, item 5: the write policy's detectors measured on a labelled corpus. Planted cases
// (test/fixtures/detectors/planted.ts) always run: fake secrets and passwords, injections and
// hidden characters that must be found; emoji sequences, redacted values and ordinary notes that
// must not be. Real public agent memory (manifest.json) runs where its texts have been brought
// (test/fixtures/detectors/README.md); the table below says which ran.
const FIXTURES = join(import.meta.dirname, "../fixtures/detectors");

interface RealFile {
  file: string;
  sha256: string;
  expect: Record<DetectorClass, { rule: string; line: number }[]>;
}
const manifest = JSON.parse(readFileSync(join(FIXTURES, "manifest.json"), "utf8")) as { files: RealFile[] };

async function scan(text: string): Promise<Finding[]> {
  return [...(await detectSecrets(text)), ...detectPii(text), ...detectInstructions(text)];
}

interface Tally {
  tp: number;
  fp: number;
  fn: number;
  /** Which cases or files gave a false positive or negative, for the failure message. */
  wrong: string[];
}
const tally = (): Tally => ({ tp: 0, fp: 0, fn: 0, wrong: [] });
const ratio = (a: number, b: number) => (b === 0 ? null : a / b);
const precision = (t: Tally) => ratio(t.tp, t.tp + t.fp);
const recall = (t: Tally) => ratio(t.tp, t.tp + t.fn);

/** Counts one text's findings against what it should bring: lines per class. */
function count(tallies: Record<DetectorClass, Tally>, name: string, findings: Finding[], expected: Record<DetectorClass, number[]>) {
  for (const cls of DETECTOR_CLASSES) {
    const found = new Set(findings.filter((f) => f.class === cls).map((f) => f.line));
    const wanted = new Set(expected[cls]);
    const t = tallies[cls];
    for (const line of found) {
      if (wanted.has(line)) t.tp++;
      else {
        t.fp++;
        t.wrong.push(`FP ${name}:${line} ${findings.find((f) => f.class === cls && f.line === line)!.rule}`);
      }
    }
    for (const line of wanted) {
      if (!found.has(line)) {
        t.fn++;
        t.wrong.push(`FN ${name}:${line}`);
      }
    }
  }
}

const byClass = () => Object.fromEntries(DETECTOR_CLASSES.map((c) => [c, tally()])) as Record<DetectorClass, Tally>;
const expectedOf = (c: PlantedCase) =>
  Object.fromEntries(DETECTOR_CLASSES.map((cls) => [cls, c.expect?.class === cls ? [c.expect.line] : []])) as Record<DetectorClass, number[]>;

const planted = byClass();
/** False positives per negative group, whatever the class. */
const negatives: Record<string, Tally> = { emoji: tally(), redacted: tally(), ordinary: tally() };
const real = byClass();
const rows: string[] = [];

const pct = (x: number | null) => (x === null ? "  —  " : `${(x * 100).toFixed(1).padStart(5)}%`);
const row = (set: string, cls: string, t: Tally) =>
  `| ${set.padEnd(22)} | ${cls.padEnd(12)} | ${String(t.tp).padStart(3)} | ${String(t.fp).padStart(3)} | ${String(t.fn).padStart(3)} | ${pct(precision(t))} | ${pct(recall(t))} |`;

describe("the detectors on the labelled corpus", () => {
  it("planted cases: every positive on its line, no finding in a negative", async () => {
    for (const c of PLANTED) {
      const findings = await scan(c.text);
      count(planted, c.id, findings, expectedOf(c));
      if (c.expect === null)
        count({ secrets: negatives[c.group]!, pii: negatives[c.group]!, instructions: negatives[c.group]! }, c.id, findings, expectedOf(c));
    }
    for (const cls of DETECTOR_CLASSES) rows.push(row(`planted (${PLANTED.length})`, cls, planted[cls]));
    for (const [group, t] of Object.entries(negatives)) rows.push(row(`planted negatives`, group, t));

    expect(negatives.emoji!.wrong, "emoji sequences are not invisible characters").toEqual([]);
    expect(negatives.redacted!.wrong, "redacted values are not secrets").toEqual([]);
    expect(negatives.ordinary!.wrong, "ordinary notes bring no finding").toEqual([]);
    expect(recall(planted.secrets), planted.secrets.wrong.join("\n")).toBeGreaterThanOrEqual(0.95);
    expect(recall(planted.instructions), planted.instructions.wrong.join("\n")).toBeGreaterThanOrEqual(0.95);
  });

  it("the emoji negatives really hold joiners, selectors, skin tones and tag characters", () => {
    // A formatter that dropped them would make the emoji cases pass for nothing.
    const text = EMOJI.map((c) => c.text).join("");
    for (const ch of ["\u200D", "\u200C", "\uFE0F", "\u{1F3FD}", "\u{E0067}", "\u{E007F}", "\u{1F1EB}"]) expect(text).toContain(ch);
  });

  const present = manifest.files.filter((f) => existsSync(join(FIXTURES, f.file)));
  it.skipIf(present.length === 0)(`real agent memory: ${present.length} of ${manifest.files.length} files here`, async () => {
    for (const f of present) {
      const text = readFileSync(join(FIXTURES, f.file), "utf8");
      expect(createHash("sha256").update(text).digest("hex"), `${f.file} is the text the manifest labels`).toBe(f.sha256);
      const expected = Object.fromEntries(DETECTOR_CLASSES.map((cls) => [cls, f.expect[cls].map((e) => e.line)])) as Record<DetectorClass, number[]>;
      count(real, f.file, await scan(text), expected);
    }
    for (const cls of DETECTOR_CLASSES) rows.push(row(`real files (${present.length})`, cls, real[cls]));
    // What a person would hold is held, and secrets and instructions are never found where there are none.
    expect(real.secrets.wrong).toEqual([]);
    expect(real.instructions.wrong).toEqual([]);
    expect(recall(real.pii) ?? 1).toBe(1);
  });

  it("prints the table", () => {
    if (present.length === 0) rows.push(`(real agent memory: 0 of ${manifest.files.length} files here; see test/fixtures/detectors/README.md)`);
    const header = ["| set                    | class        |  TP |  FP |  FN | precision | recall |", "|---|---|---|---|---|---|---|"];
    console.log(["Write-policy detectors on the labelled corpus", ...header, ...rows].join("\n"));
    expect(rows.length).toBeGreaterThan(0);
  });
});
