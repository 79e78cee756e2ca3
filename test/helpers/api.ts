import Anthropic, { APIError } from "@anthropic-ai/sdk";
import { createHash } from "node:crypto";
import { request as httpRequest } from "node:http";
import { expect } from "vitest";
import type { TestServer } from "./server.ts";

/** Small tools shared by the API conformance tests (test/api/*.test.ts). */

export type MemoryListItem = Anthropic.Beta.MemoryStores.BetaManagedAgentsMemoryListItem;
export type MemoryVersion = Anthropic.Beta.MemoryStores.BetaManagedAgentsMemoryVersion;
export type MemoryStore = Anthropic.Beta.MemoryStores.BetaManagedAgentsMemoryStore;

export const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
export const byteLength = (text: string) => Buffer.byteLength(text, "utf8");
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sorts strings by their UTF-8 bytes, the order the API promises for paths. */
export const byteOrder = (a: string, b: string) => Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));

/**
 * Awaits a request that must fail and checks status and error type. Returns the inner error
 * object (`{type, message, …}`) of the envelope.
 */
export async function expectApiError(promise: Promise<unknown>, status: number, type: string): Promise<Record<string, unknown>> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  expect(caught, `expected HTTP ${status} ${type}, but the request succeeded`).toBeInstanceOf(APIError);
  const error = caught as APIError;
  expect({ status: error.status, type: (error.error as { error?: { type?: string } })?.error?.type }).toEqual({ status, type });
  return (error.error as { error: Record<string, unknown> }).error;
}

/**
 * Checks that a raw response is exactly the Anthropic error envelope with this status and type
 * and that the `request-id` header names the same request. Returns the inner error object.
 */
export async function expectEnvelope(response: Response, status: number, type: string): Promise<Record<string, unknown>> {
  const text = await response.text();
  expect({ status: response.status, text }).toMatchObject({ status });
  const body = JSON.parse(text) as { type: string; error: Record<string, unknown>; request_id: string };
  expect(Object.keys(body).sort()).toEqual(["error", "request_id", "type"]);
  expect(body.type).toBe("error");
  expect(body.error.type).toBe(type);
  expect(typeof body.error.message).toBe("string");
  expect((body.error.message as string).length).toBeGreaterThan(0);
  expect(body.request_id).toMatch(/^req_[0-9A-Za-z]+$/);
  expect(response.headers.get("request-id")).toBe(body.request_id);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  return body.error;
}

export async function newStore(server: TestServer, name = "Test store") {
  return server.client.beta.memoryStores.create({ name });
}

/** Every item of a paginated SDK list, following `next_page` through the SDK's auto-pagination. */
export async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const items: T[] = [];
  for await (const item of iterable) items.push(item);
  return items;
}

/** Runs `tasks` with at most `inFlight` of them at a time. */
export async function inParallel<T>(count: number, inFlight: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, count) }, worker));
  return results;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A request through node:http, where a header given as an array goes out as one header line
 * per value (fetch would merge them into one comma-separated line).
 */
export function rawRequest(baseURL: string, method: string, path: string, headers: Record<string, string | string[]>, body?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, baseURL), { method, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** The id of the key a request authenticates with (the admin bootstrap key unless another is given), from GET /v1/me. */
export async function keyIdOf(server: TestServer, apiKey?: string): Promise<string> {
  const me = await (apiKey ? server.apiWith(apiKey) : server.api).call("me");
  if (me.kind !== "api_key") throw new Error(`GET /v1/me answered ${JSON.stringify(me)}`);
  return me.id;
}
