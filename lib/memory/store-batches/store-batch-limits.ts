/**
 * How much one store batch may be (docs/api-extensions.md, "Create stores from a CSV"), so that
 * every step is bounded: the CSV is read and checked a slice at a time with turns for other
 * requests between, the dry run's items are a few MB, and the execution's template is held in
 * memory once for all its stores.
 */
export const STORE_BATCH_LIMITS = {
  /** Data rows in one file (the header aside): a dry run of 10,000 rows is checked in about a second. */
  rows: 10_000,
  /** The CSV body, in bytes: 10,000 rows with a few metadata values each fit several times over. */
  csvBytes: 8 * 1024 * 1024,
  /** A batch's template: its memories are read once and written into every new store. */
  templateMemories: 1_000,
  templateBytes: 10 * 1024 * 1024,
  /** Memories one batch writes in all (rows × the template's memories): about ten minutes on SQLite. */
  memoriesWritten: 1_000_000,
} as const;
