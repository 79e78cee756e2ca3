import { z } from "zod";
import type { FolderSummary } from "../memory/memories/summarize-folders.ts";
import { OPERATION_ROUTES } from "./operation-routes.ts";
import { limit } from "./schemas.ts";
import { pageSchema } from "./wire-schemas.ts";

/**
 * The console tree's folder counts (GET /v1/folder_summaries/{store}), an extension the hosted
 * API does not have: for each direct child folder of `path_prefix`, the live memories below it
 * and how many of them await review. Reading it takes what listing the memories takes.
 */
export const folderSummariesQuery = z.object({
  path_prefix: z.string().optional().meta({ description: "`/` (the default) or a folder ending in `/`, as on the memory list." }),
  limit: limit.optional().meta({ description: "Folders per page (default 100, at most 100)." }),
  page: z.string().optional(),
});

export const folderSummarySchema = z
  .object({
    type: z.literal("folder_summary"),
    path: z.string().meta({ description: "A direct child folder of path_prefix, ending in `/` (the memory list's memory_prefix path)." }),
    memory_count: z.number().int().meta({ description: "Live memories anywhere below the folder." }),
    awaiting_review_count: z.number().int().meta({ description: "Memories below the folder whose writes await a reviewer." }),
  })
  .meta({
    id: "FolderSummary",
    description: "How many memories a folder holds and how many of them await review.",
    "x-memory-console-extension": true,
  });

export function folderSummaryWire(folder: FolderSummary) {
  return {
    type: "folder_summary" as const,
    path: folder.path,
    memory_count: folder.memoryCount,
    awaiting_review_count: folder.awaitingReviewCount,
  };
}

export const FOLDER_SUMMARY_OPERATIONS = {
  listFolderSummaries: {
    ...OPERATION_ROUTES.listFolderSummaries,
    beta: false,
    extension: true,
    summary: "For each direct child folder of path_prefix: its live memories and how many await review (the console tree's counts)",
    permission: "read",
    query: folderSummariesQuery,
    response: pageSchema(folderSummarySchema),
  },
} as const;
