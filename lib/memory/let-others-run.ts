/**
 * Yields to the event loop's I/O phase. On SQLite every statement runs synchronously, so a
 * loop of awaited statements only ever yields to microtasks and holds the whole server until it
 * ends; long loops (a directory of thousands of memories) call this between batches so other
 * requests are answered meanwhile.
 */
export function letOthersRun(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
