/**
 * How long a loop may hold the event loop before it lets other requests in. Yielding at every
 * call cut a 10,000-memory restore into ~300 turns, each spent answering the bench's guard (one
 * request at a time: 2–3 ms of this process on a quiet server, ~6 ms a turn during the restore).
 * A 5 ms slice let the guard take about half the server; at 10 ms the restore ran ~15 % faster
 * (four runs each, 4 Dec 2026: 4,206–6,192/s against 4,469–5,374/s) while the guard's p99 stayed
 * where it was (44–50 ms against 42–58 ms): it is set by the statements and answers that cannot
 * be cut, not by the slice. The erasure scanner (erase/find-matches.ts) uses the same slice.
 */
export const SLICE_MS = 10;

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
