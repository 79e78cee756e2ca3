/** What an import does with a path that already exists with other content; one list for the API, the CLI and the console. */
export const CONFLICT_MODES = ["skip", "overwrite", "fail"] as const;
export type ConflictMode = (typeof CONFLICT_MODES)[number];
