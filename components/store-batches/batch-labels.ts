import type { StoreBatchItem } from "@/lib/queries/types.ts";

/** What happened to a row, in words (the report's and the dry run's column). */
export const BATCH_OUTCOME_LABEL: Record<StoreBatchItem["outcome"], string> = {
  planned: "to create",
  skipped: "skipped: a store already has this value",
  invalid: "not created: the row has problems",
  created: "created",
  late: "not created: a store took this value after the dry run",
  gone: "not created: the workspace was archived",
};
