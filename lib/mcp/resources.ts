import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { listMemories } from "../memory/memories/list-memories.ts";
import { findNode } from "../memory/memory-tool/store-nodes.ts";
import { readOf, recordReads } from "../memory/reads/read-buffer.ts";
import { toolPathOf } from "../memory/memory-tool/tool-paths.ts";
import { validateMemoryPath } from "../memory/paths.ts";
import type { McpContext } from "./context.ts";
import { protocolError, RESOURCE_NOT_FOUND } from "./tool-results.ts";

/**
 * Every memory of the store is a resource, `memory://{memory_store_id}/{path}` (each path
 * segment percent-encoded), so clients that attach resources can pick memories. The list is
 * paged in path order (the API's list of memories); reading gives the current content.
 */
const PAGE_SIZE = 100;

export function memoryUri(storeId: string, path: string): string {
  return `memory://${storeId}${path.split("/").map(encodeURIComponent).join("/")}`;
}

/** The memory path a URI of this store names, or null when it names none. */
export function pathOfUri(storeId: string, uri: string): string | null {
  const base = `memory://${storeId}/`;
  if (!uri.startsWith(base)) return null;
  try {
    return `/${uri.slice(base.length).split("/").map(decodeURIComponent).join("/")}`;
  } catch {
    return null;
  }
}

/** Markdown for `.md`, plain text for the rest: a memory is UTF-8 text. */
const mimeTypeOf = (path: string) => (/\.(md|markdown)$/i.test(path) ? "text/markdown" : "text/plain");

const encodeCursor = (from: string) => Buffer.from(from, "utf8").toString("base64url");
function decodeCursor(cursor: string | undefined): string | undefined {
  if (cursor === undefined) return undefined;
  const from = Buffer.from(cursor, "base64url").toString("utf8");
  if (!from.startsWith("/") || from.includes("\u0000") || encodeCursor(from) !== cursor) {
    throw new McpError(ErrorCode.InvalidParams, "Invalid cursor: pass the nextCursor of a previous resources/list answer.");
  }
  return from;
}

const guarded =
  <A extends unknown[], R>(handler: (...args: A) => Promise<R>) =>
  async (...args: A): Promise<R> => {
    try {
      return await handler(...args);
    } catch (error) {
      throw protocolError(error);
    }
  };

export function registerResources(server: McpServer, ctx: McpContext) {
  const low = server.server;
  low.registerCapabilities({ resources: {} });
  low.setRequestHandler(
    ListResourcesRequestSchema,
    guarded(async (request) => {
      const page = await listMemories(ctx.db, {
        storeId: ctx.storeId,
        prefix: "/",
        depth: 0,
        withContent: false,
        limit: PAGE_SIZE,
        from: decodeCursor(request.params?.cursor),
      });
      const resources = page.items.flatMap((item) =>
        item.kind === "memory"
          ? [
              {
                uri: memoryUri(ctx.storeId, item.memory.path),
                name: toolPathOf(item.memory.path),
                mimeType: mimeTypeOf(item.memory.path),
                size: item.memory.contentSizeBytes,
              },
            ]
          : [],
      );
      return { resources, ...(page.nextFrom === null ? {} : { nextCursor: encodeCursor(page.nextFrom) }) };
    }),
  );
  low.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: [
      {
        uriTemplate: `memory://${ctx.storeId}/{+path}`,
        name: "memory",
        title: "A memory by its path",
        description: "A file of this store's memory directory: memory://<store>/notes/todo.md is /memories/notes/todo.md.",
        mimeType: "text/plain",
      },
    ],
  }));
  low.setRequestHandler(
    ReadResourceRequestSchema,
    guarded(async (request) => {
      const { uri } = request.params;
      const raw = pathOfUri(ctx.storeId, uri);
      if (raw === null) throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${uri.slice(0, 200)} is not a memory of this store.`, { uri });
      const path = validateMemoryPath(raw, "uri");
      const node = await findNode(ctx.db.sql, ctx.storeId, path);
      if (node?.kind !== "file") {
        throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: no memory at ${toolPathOf(path)}${node ? " (it is a directory)" : ""}.`, { uri });
      }
      recordReads(ctx.db, ctx.reader, [readOf(node.memory)]);
      return { contents: [{ uri: memoryUri(ctx.storeId, path), mimeType: mimeTypeOf(path), text: node.memory.content }] };
    }),
  );
}
