import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { search, type SearchHit } from "../memory/search/search.ts";
import { parseSearchText, SEARCH_MODES } from "../memory/search/search-text.ts";
import { resolveToolPath, toolPathOf } from "../memory/memory-tool/tool-paths.ts";
import type { McpContext } from "./context.ts";
import { answered, textResult } from "./tool-results.ts";

const DEFAULT_LIMIT = 20;

const inputSchema = z.object({
  query: z.string().describe("Words to find (every word must occur, in any order), or with mode exact the exact text (at least 3 characters)."),
  mode: z.enum(SEARCH_MODES).optional().describe("words (default): ranked by relevance, case-insensitive; exact: the text as written, newest first."),
  path: z.string().optional().describe("Only below this directory, e.g. /memories/projects (default /memories)."),
  include_history: z.boolean().optional().describe("Also search earlier versions, including deleted files (default: current memories only)."),
  limit: z.number().int().min(1).max(100).optional().describe(`Matches per page (default ${DEFAULT_LIMIT}, at most 100).`),
  page: z.string().optional().describe("The page cursor a previous answer named, to see the next matches."),
});

/** The search's folder prefix for a tool path: `/` for /memories, `/a/` for /memories/a. */
function prefixOf(path: string | undefined): string {
  if (path === undefined) return "/";
  // A path the memory tool refuses is refused here with the same words.
  const store = resolveToolPath(path).store;
  return store === null ? "/" : `${store}/`;
}

/** One line per hit: where (tool path and line), which version when history is searched, and the matching line. */
function hitLine(hit: SearchHit, withHistory: boolean): string {
  const where = hit.path === null ? "(redacted path)" : toolPathOf(hit.path);
  const at = hit.field === "content" && hit.snippet.line !== null ? `${where}:${hit.snippet.line}` : `${where} (path)`;
  const version = withHistory ? ` [${hit.versionId}, ${hit.operation} ${hit.createdAt.toISOString()}${hit.current ? ", current" : ""}]` : "";
  const text = hit.snippet.segments.map((s) => s.text).join("");
  return `${at}${version}: ${text}`;
}

/** `memory_search`: the search index of this store (the domain's search, as GET /v1/search runs it for one store). */
export function registerSearchTool(server: McpServer, ctx: McpContext) {
  server.registerTool(
    "memory_search",
    {
      title: "Search memory",
      description:
        "Find text in this memory store: words (ranked) or exact text, in current memories or, with include_history, in every kept version. Each match is one line: path:line, then the matching line.",
      inputSchema,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    (args) =>
      answered("memory_search", async () => {
        const withHistory = args.include_history === true;
        const page = await search(ctx.db, {
          text: parseSearchText(args.query, args.mode ?? "words"),
          scope: withHistory ? "versions" : "memories",
          stores: { workspaceId: ctx.principal.workspaceId, storeIds: [ctx.storeId] },
          pathPrefix: prefixOf(args.path),
          limit: args.limit ?? DEFAULT_LIMIT,
          from: args.page,
        });
        const where = withHistory ? "the versions" : "the current memories";
        if (page.hits.length === 0) return textResult(`No matches for ${JSON.stringify(args.query)} in ${where} of this store.`);
        const lines = [
          `${page.hits.length} match${page.hits.length === 1 ? "" : "es"} for ${JSON.stringify(args.query)} in ${where} of this store:`,
          ...page.hits.map((hit) => hitLine(hit, withHistory)),
        ];
        if (page.next !== null) lines.push(`More matches: call memory_search again with page ${JSON.stringify(page.next)}.`);
        return textResult(lines.join("\n"));
      }),
  );
}
