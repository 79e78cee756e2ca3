import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { databaseFailure, translateDbError } from "../db/errors.ts";
import { newRequestId } from "../http/errors.ts";
import { MemoryError } from "../memory/errors.ts";
import { ToolFailure } from "../memory/memory-tool/tool-failure.ts";
import { logger } from "../observability/logger.ts";
import { observeMcpToolCall } from "../observability/metrics.ts";

/** A tool's text answer; `isError` is always stated, as the memory-tool endpoint's `is_error` is. */
export const textResult = (text: string, isError = false): CallToolResult => ({ content: [{ type: "text", text }], isError });

/**
 * A domain error as the text the model reads: a refusal's own message, as the memory-tool
 * endpoint words it (`Error: <message>`); anything unexpected is logged and named by the
 * request id only, so internal exception text never reaches the client.
 */
export function failureText(error: unknown): string {
  if (error instanceof ToolFailure) return `Error: ${error.message}`;
  const known = error instanceof MemoryError ? error : translateDbError(error);
  if (known) return `Error: ${known.message}`;
  const requestId = newRequestId();
  logger().error({ request_id: requestId, err: error, ...databaseFailure(error) }, "unexpected error");
  return `Error: Internal server error. Request ${requestId} identifies this failure in the server log.`;
}

/**
 * Runs a tool's work; whatever it throws becomes a tool result with `isError: true` (the MCP SDK
 * would pass raw exception text on). Each call is counted and timed per tool in /metrics.
 */
export async function answered(tool: string, work: () => Promise<CallToolResult>): Promise<CallToolResult> {
  const started = performance.now();
  let result: CallToolResult;
  try {
    result = await work();
  } catch (error) {
    result = textResult(failureText(error), true);
  }
  observeMcpToolCall(tool, result.isError === true, (performance.now() - started) / 1000);
  return result;
}

/** MCP's code for a resource that does not exist (MCP spec, resources: error handling). */
export const RESOURCE_NOT_FOUND = -32002;

/**
 * For protocol handlers (resources): a domain error as a JSON-RPC error with its own message,
 * anything unexpected as InternalError naming only the request id.
 */
export function protocolError(error: unknown): McpError {
  if (error instanceof McpError) return error;
  if (error instanceof ToolFailure) return new McpError(ErrorCode.InvalidParams, error.message);
  const known = error instanceof MemoryError ? error : translateDbError(error);
  if (known?.code === "not_found") return new McpError(RESOURCE_NOT_FOUND, known.message);
  if (known) return new McpError(known.code === "invalid_request" ? ErrorCode.InvalidParams : ErrorCode.InternalError, known.message);
  return new McpError(ErrorCode.InternalError, failureText(error).replace(/^Error: /, ""));
}
