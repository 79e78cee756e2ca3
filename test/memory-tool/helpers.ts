import { betaMemoryTool } from "@anthropic-ai/sdk/helpers/beta/memory";
import { runRunnableTool, type BetaToolRunContext } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import { BetaLocalFilesystemMemoryTool } from "@anthropic-ai/sdk/tools/memory/node";
import type { MemoryToolHandlers } from "@anthropic-ai/sdk/helpers/beta/memory";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "vitest";
import type { TestServer } from "../helpers/server.ts";

/** A tool result as the model receives it. */
export interface ToolResult {
  content: string;
  is_error: boolean;
}

export type ToolInput = Record<string, unknown>;

const toolUse = { type: "tool_use", id: "toolu_test", name: "memory", input: {} } as const;
const context = { toolUse, toolUseBlock: toolUse } as unknown as BetaToolRunContext;

/** Runs one command through `betaMemoryTool(handlers)` and the SDK's own runner step, as an agent would. */
export async function runThroughSdk(handlers: MemoryToolHandlers, input: ToolInput): Promise<ToolResult> {
  const outcome = await runRunnableTool(betaMemoryTool(handlers), input, context);
  if (typeof outcome.content !== "string") throw new Error("memory tool results are text");
  return { content: outcome.content, is_error: outcome.isError };
}

/** The reference: the SDK's BetaLocalFilesystemMemoryTool on a fresh temp folder. */
export async function referenceTool() {
  const dir = mkdtempSync(join(tmpdir(), "memtool-ref-"));
  const tool = await BetaLocalFilesystemMemoryTool.init(dir);
  return {
    run: (input: ToolInput) => runThroughSdk(tool, input),
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface CallOptions {
  sessionId?: string;
  apiKey?: string;
}

/** POST /v1/memory_stores/{store}/memory_tool; a command result is always HTTP 200. */
export async function callTool(server: TestServer, storeId: string, input: ToolInput, options: CallOptions = {}): Promise<ToolResult> {
  const query = options.sessionId ? `?session_id=${encodeURIComponent(options.sessionId)}` : "";
  const res = await server.fetch(`/v1/memory_stores/${storeId}/memory_tool${query}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(options.apiKey ? { "x-api-key": options.apiKey } : {}) },
    body: JSON.stringify(input),
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  expect(body.type).toBe("memory_tool_result");
  expect(Object.keys(body).sort()).toEqual(["content", "is_error", "type"]);
  return { content: body.content, is_error: body.is_error };
}

/**
 * A store has no directory inodes, so the size column of directory lines (the listed directory
 * itself and every entry ending in `/`) is the one thing allowed to differ from the reference.
 */
export function maskDirectorySizes(result: ToolResult): ToolResult {
  if (!result.content.startsWith("Here're the files and directories")) return result;
  const [header, ...lines] = result.content.split("\n");
  const masked = lines.map((line, i) => (i === 0 || line.endsWith("/") ? line.replace(/^[^\t]*\t/, "<dir>\t") : line));
  return { ...result, content: [header, ...masked].join("\n") };
}

export async function newStore(server: TestServer, name = "memory tool"): Promise<string> {
  return (await server.client.beta.memoryStores.create({ name })).id;
}

/** Every version of the store, newest first. */
export async function allVersions(server: TestServer, storeId: string) {
  const versions = [];
  for await (const version of server.client.beta.memoryStores.memoryVersions.list(storeId, { limit: 100 })) versions.push(version);
  return versions;
}

/** Path → content of every memory in the store. */
export async function storeContents(server: TestServer, storeId: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const item of server.client.beta.memoryStores.memories.list(storeId, { view: "full", limit: 20 })) {
    if (item.type === "memory") out[item.path] = item.content ?? "";
  }
  return out;
}
