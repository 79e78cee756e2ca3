/**
 * Whose authorship an imported version shows as `created_by` / `created_at`: the importer's
 * (the principal running the import, at the import's time) or the file's claim (admin imports
 * only). One list for the API, the CLI and the write path.
 */
export const ATTRIBUTIONS = ["importer", "file"] as const;
export type Attribution = (typeof ATTRIBUTIONS)[number];
