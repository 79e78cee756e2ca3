import { request as httpRequest } from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { expect } from "vitest";
import { ADMIN_KEY, type TestServer } from "../helpers/server.ts";

export interface ConnectOptions {
  apiKey?: string;
  headers?: Record<string, string>;
}

/** The official MCP SDK client on /mcp/{store}, authenticated with a bearer key (the admin key by default). */
export async function mcpClient(server: TestServer, storeId: string, options: ConnectOptions = {}): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`${server.baseURL}/mcp/${storeId}`), {
    requestInit: { headers: { authorization: `Bearer ${options.apiKey ?? ADMIN_KEY}`, ...options.headers } },
  });
  const client = new Client({ name: "memory-console-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

/** A tool's answer as the memory-tool endpoint words it: the one text block and whether it is an error. */
export async function callMcpTool(client: Client, name: string, args: Record<string, unknown>): Promise<{ content: string; is_error: boolean }> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (result.content.length !== 1 || result.content[0]!.type !== "text") throw new Error(`expected one text block, got ${JSON.stringify(result)}`);
  return { content: result.content[0]!.text, is_error: result.isError === true };
}

/** A raw JSON-RPC POST to the endpoint, as an MCP client sends it (both Accept types, the protocol version header). */
export function rawPost(server: TestServer, storeId: string, body: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.baseURL}/mcp/${storeId}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${ADMIN_KEY}`,
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body,
  });
}

export const initializeBody = (protocolVersion: string, id: number | string = 1) =>
  JSON.stringify({ jsonrpc: "2.0", id, method: "initialize", params: { protocolVersion, capabilities: {}, clientInfo: { name: "raw", version: "1" } } });

/** A POST with any Host header (fetch cannot set Host): status, headers and body text. */
export function postWithHost(server: TestServer, path: string, host: string, body: string, headers: Record<string, string> = {}) {
  const url = new URL(server.baseURL);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>((resolve, reject) => {
    const call = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: "POST",
        path,
        headers: {
          host,
          authorization: `Bearer ${ADMIN_KEY}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "content-length": String(Buffer.byteLength(body)),
          ...headers,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
        res.on("error", reject);
      },
    );
    call.on("error", reject);
    call.end(body);
  });
}

/**
 * An HTTP-level refusal of /mcp/{store}: the /v1 error envelope (status, `type: "error"`, the
 * error type, a request id) that is also a JSON-RPC error response without an id.
 */
export async function expectMcpRefusal(response: Response, status: number, type: string): Promise<Record<string, unknown>> {
  const body = (await response.json()) as { error: { type: string; message: string; code: number } } & Record<string, unknown>;
  expect(response.status, JSON.stringify(body)).toBe(status);
  expect(Object.keys(body).sort()).toEqual(["error", "id", "jsonrpc", "request_id", "type"]);
  expect(body).toMatchObject({ type: "error", jsonrpc: "2.0", id: null, request_id: expect.stringMatching(/^req_/) });
  expect(body.error).toMatchObject({ type, code: -32000, message: expect.any(String) });
  expect(response.headers.get("request-id")).toBe(body.request_id);
  return body;
}
