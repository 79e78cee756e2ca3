// How a fuzz property runs: a fixed seed unless FUZZ_SEED says otherwise, FUZZ_RUNS for the long
// run, and a failure message that says how to replay it.
import fc from "fast-check";
import { relative } from "node:path";
import { expect } from "vitest";
import { ENGINE } from "../helpers/server.ts";

/** The default seed: every `npm test` fuzzes the same requests, so a failure there is reproducible. */
const DEFAULT_SEED = 20_260_722;
export const BASE_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : DEFAULT_SEED;
const LONG_RUNS = process.env.FUZZ_RUNS ? Number(process.env.FUZZ_RUNS) : undefined;
const REPLAY_PATH = process.env.FUZZ_PATH;

/** How many runs a property makes by default, and at most in the long run (for the costly ones). */
export type RunCount = number | { short: number; max: number };

/** Runs per property: the short default of `npm test`, or FUZZ_RUNS (`npm run fuzz`) up to the property's max. */
export function runs(count: RunCount): number {
  const { short, max } = typeof count === "number" ? { short: count, max: Infinity } : count;
  return Math.min(LONG_RUNS ?? short, max);
}

/** A vitest timeout that grows with the runs, so the long run is not cut short. */
export function timeoutFor(count: RunCount, msPerRun = 500): number {
  return 30_000 + runs(count) * msPerRun;
}

/** Each property gets its own seed derived from the base seed and its name, so properties differ. */
function seedFor(name: string): number {
  let hash = BASE_SEED | 0;
  for (const ch of name) hash = (Math.imul(hash, 31) + ch.codePointAt(0)!) | 0;
  return hash;
}

/**
 * Checks an async property and, on failure, throws an error that names the counterexample,
 * the seed and the exact command that replays it. Requests go one at a time: each property
 * compares the database before and after a request, so nothing may run beside it.
 */
export async function checkProperty<Ts extends [unknown, ...unknown[]]>(
  testFile: string,
  name: string,
  count: RunCount,
  arbitraries: { [K in keyof Ts]: fc.Arbitrary<Ts[K]> },
  predicate: (...args: Ts) => Promise<void>,
): Promise<void> {
  const property = fc.asyncProperty(...arbitraries, predicate);
  const details = await fc.check(property, {
    seed: seedFor(name),
    numRuns: runs(count),
    ...(REPLAY_PATH ? { path: REPLAY_PATH, endOnFailure: true } : {}),
  });
  // FUZZ_STATS=1: how many requests each property sent, and how many it skipped (known bugs, preconditions).
  if (process.env.FUZZ_STATS) console.log(`${name}: ${details.numRuns} runs, ${details.numSkips} skipped`);
  if (!details.failed) return;
  const file = relative(process.cwd(), testFile);
  const path = details.counterexamplePath ?? "";
  const runsVar = LONG_RUNS ? ` FUZZ_RUNS=${LONG_RUNS}` : "";
  // vitest -t takes a regular expression over the test's title.
  const title = (expect.getState().currentTestName ?? name).split(" > ").pop()!;
  const only = JSON.stringify(title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const replay = [
    `Fuzz property "${name}" failed on ${ENGINE} (base seed ${BASE_SEED}).`,
    `Replay the whole sequence: FUZZ_SEED=${BASE_SEED}${runsVar} TEST_ENGINE=${ENGINE} npx vitest run ${file} -t ${only}`,
    `Replay only the shrunk counterexample: FUZZ_SEED=${BASE_SEED}${runsVar} FUZZ_PATH=${JSON.stringify(path)} TEST_ENGINE=${ENGINE} npx vitest run ${file} -t ${only}`,
    "",
    fc.defaultReportMessage(details) ?? "",
    "",
    details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance),
  ].join("\n");
  throw new Error(replay);
}
