import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { McpContext } from "./context.ts";
import { registerHistoryTool } from "./history-tool.ts";
import { registerMemoryPrompt } from "./memory-prompt.ts";
import { registerMemoryTool } from "./memory-tool.ts";
import { registerResources } from "./resources.ts";
import { registerSearchTool } from "./search-tool.ts";

const INSTRUCTIONS =
  "This server is one memory store of a Memory Console: the memory tool's directory /memories, with every change kept as a version. View /memories before anything else; memory_search finds text, memory_history shows who changed a file and what it held. The memory_protocol prompt has the recommended instructions.";

/**
 * The SDK makes an Ajv instance per server unless given one (for checking what a client answers
 * to elicitation, which this server never asks for); one for the process saves ~0.2 ms a request.
 */
const SHARED_VALIDATOR = new AjvJsonSchemaValidator();

/**
 * One MCP server for one request (the endpoint is stateless: nothing of it outlives the
 * request), built for the store and key the request was authenticated for.
 */
export function buildMcpServer(ctx: McpContext): McpServer {
  const server = new McpServer(
    { name: "memory-console", title: "Memory Console", version: "0.1.0" },
    { instructions: INSTRUCTIONS, jsonSchemaValidator: SHARED_VALIDATOR },
  );
  registerMemoryTool(server, ctx);
  registerSearchTool(server, ctx);
  registerHistoryTool(server, ctx);
  registerResources(server, ctx);
  registerMemoryPrompt(server);
  return server;
}
