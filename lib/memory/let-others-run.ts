/**
 * How long a loop may hold the event loop before it lets other requests in. Yielding at every
 * call cut a 10,000-memory restore into ~300 turns, each spent answering the bench's guard (one
 * request at a time, 2–3 ms of this process each); once a slice, the restore ran ~20 % faster
 * and every other request still waits at most about this long for its turn, on top of the
 * longest single statement (docs/benchmarks.md, Time travel).
 */
export const SLICE_MS = 5;

/** When the event loop last reached its I/O phase through letOthersRun. */
let lastTurn = 0;

/**
 * Yields to the event loop's I/O phase, once SLICE_MS have passed since the last time it did.
 * On SQLite every statement runs synchronously, so a loop of awaited statements only ever
 * yields to microtasks and holds the whole server until it ends; long loops (a directory of
 * thousands of memories) call this between batches so other requests are answered meanwhile.
 */
export function letOthersRun(): Promise<void> {
  if (performance.now() - lastTurn < SLICE_MS) return Promise.resolve();
  return new Promise((resolve) =>
    setImmediate(() => {
      lastTurn = performance.now();
      resolve();
    }),
  );
}
