// GET /v1/folder_summaries/{store} – memories and awaiting-review counts of a folder's child folders (extension)
import { decodeCursor, encodeCursor } from "@/lib/http/cursor.ts";
import { folderSummaryWire } from "@/lib/http/folder-summary-operations.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { page } from "@/lib/http/serialize.ts";
import { summarizeFolders } from "@/lib/memory/memories/summarize-folders.ts";
import { validatePathPrefix } from "@/lib/memory/paths.ts";

export const GET = apiRoute(OPERATIONS.listFolderSummaries, async ({ db, params, query }) => {
  const prefix = validatePathPrefix(query.path_prefix ?? "/");
  const cursor = decodeCursor<{ from: string; prefix: string }>(query.page, { prefix }, ["from"]);
  const result = await summarizeFolders(db, { storeId: params.store, prefix, limit: query.limit ?? 100, from: cursor?.from });
  const next = result.nextFrom === null ? null : encodeCursor({ from: result.nextFrom, prefix });
  return page(result.folders.map(folderSummaryWire), next);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
