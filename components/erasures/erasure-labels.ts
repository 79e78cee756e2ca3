import type { ErasureItem } from "@/lib/queries/types.ts";

/** How the report's words read to a person. */
export const KIND_LABEL: Record<ErasureItem["kind"], string> = {
  head: "current version at the dry run",
  history: "older version",
  written: "written by the erase",
  late: "written after the dry run",
};

export const OUTCOME_LABEL: Record<ErasureItem["outcome"], string> = {
  planned: "to be erased",
  redacted: "redacted",
  gone: "already gone",
  replaced: "text replaced by the marker",
  deleted: "memory deleted",
  deleted_and_redacted: "memory deleted, deletion redacted (its path held the text)",
  left: "left as it is: run the erase again",
};
