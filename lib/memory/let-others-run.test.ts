import { describe, expect, it } from "vitest";
import { letOthersRun, SLICE_MS } from "./let-others-run.ts";

/** Whether a callback queued for the event loop's next turn ran during `step`. */
async function othersRanDuring(step: () => Promise<void>): Promise<boolean> {
  let ran = false;
  const queued = setImmediate(() => (ran = true));
  await step();
  clearImmediate(queued);
  return ran;
}

const hold = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe("letOthersRun", () => {
  it("lets others run once a slice has passed since the last turn, and not before", async () => {
    hold(SLICE_MS + 1);
    expect(await othersRanDuring(letOthersRun)).toBe(true);
    // Just after a turn: the loop goes on without handing the event loop over.
    expect(await othersRanDuring(letOthersRun)).toBe(false);
    hold(SLICE_MS + 1);
    expect(await othersRanDuring(letOthersRun)).toBe(true);
  });

  it("hands the event loop over at least once a slice in a loop that calls it often", async () => {
    const turns: number[] = [];
    const started = performance.now();
    let stop = false;
    const watch = () => {
      turns.push(performance.now());
      if (!stop) setImmediate(watch);
    };
    setImmediate(watch);
    while (performance.now() - started < 20 * SLICE_MS) {
      hold(0.5);
      await letOthersRun();
    }
    stop = true;
    // About one turn a slice: 20 slices long, it handed over at least a few times (never, without it).
    expect(turns.length).toBeGreaterThanOrEqual(5);
  });
});
