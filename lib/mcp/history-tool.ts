import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { looksLikeId } from "../memory/ids.ts";
import { ToolFailure } from "../memory/memory-tool/tool-failure.ts";
import { resolveToolPath, toolPathOf } from "../memory/memory-tool/tool-paths.ts";
import { getVersion } from "../memory/versions/get-version.ts";
import { listVersions } from "../memory/versions/list-versions.ts";
import { memoryAtPath, RECENT_VERSIONS_SEARCHED } from "../memory/versions/memory-at-path.ts";
import type { MemoryVersion } from "../memory/versions/version-rows.ts";
import type { McpContext } from "./context.ts";
import { answered, textResult } from "./tool-results.ts";

const DEFAULT_LIMIT = 20;

const inputSchema = z.object({
  path: z.string().optional().describe("A file under /memories: lists its versions, newest first (also for a deleted file)."),
  version_id: z.string().optional().describe("A version id (memver_…) from the list: shows that version's content."),
  limit: z.number().int().min(1).max(100).optional().describe(`Versions per page (default ${DEFAULT_LIMIT}, at most 100).`),
  before: z.string().optional().describe("The version id a previous answer named, to list older versions."),
});

type Version = Omit<MemoryVersion, "content">;

function who(version: Version): string {
  if (!version.createdByType || !version.createdById) return "unknown";
  const key = version.createdByType === "session_actor" && version.apiKeyId ? ` (API key ${version.apiKeyId})` : "";
  return `${version.createdByType} ${version.createdById}${key}`;
}

function summary(version: Version): string {
  const where = version.redactedAt ? "redacted" : version.path === null ? "no path" : toolPathOf(version.path);
  const size = version.contentSizeBytes === null ? "" : `, ${version.contentSizeBytes} bytes`;
  return `${version.id} ${version.createdAt.toISOString()} ${version.operation} by ${who(version)}: ${where}${size}`;
}

function showVersion(version: MemoryVersion): string {
  const header = `Version ${summary(version)} (memory ${version.memoryId})`;
  if (version.redactedAt) {
    return `${header}\nIts content was redacted at ${version.redactedAt.toISOString()} by ${version.redactedByType} ${version.redactedById}.`;
  }
  if (version.content === null) return `${header}\nA ${version.operation} version has no content.`;
  return `${header}\n${version.content}`;
}

/** `memory_history`: who changed a file when, and what an old version held. Reads only. */
export function registerHistoryTool(server: McpServer, ctx: McpContext) {
  server.registerTool(
    "memory_history",
    {
      title: "Memory history",
      description:
        "The versions of one memory file (when, who, which operation), newest first, with path; or the content of one old version, with version_id. Every change to this store is kept as a version for a while.",
      inputSchema,
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    (args) =>
      answered("memory_history", async () => {
        for (const id of [args.version_id, args.before]) {
          if (id !== undefined && !looksLikeId("memver", id)) throw new ToolFailure(`${JSON.stringify(id.slice(0, 64))} is not a version id (memver_…).`);
        }
        if (args.version_id !== undefined) return textResult(showVersion(await getVersion(ctx.db.sql, ctx.storeId, args.version_id)));
        if (args.path === undefined) throw new ToolFailure("memory_history needs a path (to list its versions) or a version_id (to show one).");
        const target = resolveToolPath(args.path).store;
        if (target === null) throw new ToolFailure("memory_history lists the versions of a file; /memories itself has none.");
        const memory = await memoryAtPath(ctx.db.sql, ctx.storeId, target);
        if (!memory) {
          throw new ToolFailure(`No memory has the path ${args.path} now or in this store's last ${RECENT_VERSIONS_SEARCHED} versions.`);
        }
        const limit = args.limit ?? DEFAULT_LIMIT;
        const page = await listVersions(ctx.db, { storeId: ctx.storeId, memoryId: memory.memoryId, withContent: false, limit, afterId: args.before });
        const state = memory.live ? "" : " (deleted or moved: no live memory has this path)";
        const lines = [`Versions of ${args.path}${state}, memory ${memory.memoryId}, newest first:`, ...page.items.map(summary)];
        if (page.nextAfterId !== null) lines.push(`Older versions: call memory_history again with before ${JSON.stringify(page.nextAfterId)}.`);
        lines.push("To see what a version held, call memory_history with its version_id.");
        return textResult(lines.join("\n"));
      }),
  );
}
