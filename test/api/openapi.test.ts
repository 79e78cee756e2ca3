// GET /v1/openapi.json – the OpenAPI 3.1 document, generated from the routes' own schemas
import { Ajv2020 } from "ajv/dist/2020.js";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ResponseChecker } from "../helpers/openapi-check.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { ORGANIZATION_OPERATIONS } from "../../lib/http/organization-operations.ts";

type Json = Record<string, unknown>;
type Operation = {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema: Json }> }>;
  "x-memory-console-extension"?: boolean;
} & Json;
const ROOT = join(import.meta.dirname, "../..");
let server: TestServer;
let document: { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Json> } };

beforeAll(async () => {
  server = await startServer();
  const response = await fetch(`${server.baseURL}/v1/openapi.json`);
  expect(response.status).toBe(200);
  document = (await response.json()) as typeof document;
});
afterAll(() => server?.stop());

/** Each `export const METHOD = apiRoute(OPERATIONS.id` of every route file under app/v1, with the route's path. */
function declaredRoutes(): { path: string; method: string; operationId: string }[] {
  const dir = join(ROOT, "app/v1");
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name === "route.ts")
    .flatMap((e) => {
      const file = join(e.parentPath, e.name);
      const path = `/v1/${relative(dir, e.parentPath).split(sep).join("/")}`.replace(/\[(\w+)\]/g, "{$1}");
      const source = readFileSync(file, "utf8");
      return [...source.matchAll(/export const (GET|POST|DELETE) = apiRoute\(OPERATIONS\.(\w+)/g)].map((m) => ({
        path,
        method: m[1]!.toLowerCase(),
        operationId: m[2]!,
      }));
    });
}

describe("GET /v1/openapi.json", () => {
  it("is OpenAPI 3.1, served without credentials", () => {
    expect(document.openapi).toBe("3.1.0");
  });

  it("describes exactly the operations the route files serve, each under its own path and method", () => {
    const served = declaredRoutes().map((r) => `${r.method} ${r.path} ${r.operationId}`);
    const documented = Object.entries(document.paths)
      .flatMap(([path, item]) => Object.entries(item).map(([method, op]) => `${method} ${path} ${op.operationId}`))
      .filter((entry) => !entry.startsWith("get /v1/openapi.json "));
    expect(served.length).toBeGreaterThan(15);
    expect(documented.sort()).toEqual(served.sort());
  });

  it("marks this project's own endpoints as extensions and the hosted ones not", () => {
    const ORGANIZATION_PATHS = new Set<string>(Object.values(ORGANIZATION_OPERATIONS).map((o) => o.path));
    for (const [path, item] of Object.entries(document.paths)) {
      for (const op of Object.values(item)) {
        // The hosted Memory Stores API (but the memory tool) and the organisation API the SDK's client.beta.organization calls.
        const hosted = (path.startsWith("/v1/memory_stores") && !path.endsWith("/memory_tool")) || ORGANIZATION_PATHS.has(path);
        expect({ path, extension: op["x-memory-console-extension"] === true }).toEqual({ path, extension: !hosted });
      }
    }
    const store = document.components.schemas.MemoryStore as { properties: Record<string, Json> };
    expect(store.properties.memory_count!["x-memory-console-extension"]).toBe(true);
    expect(store.properties.last_memory_write_at!["x-memory-console-extension"]).toBe(true);
  });

  it("has schemas that compile as strict JSON Schema 2020-12, every $ref resolving to a component", () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true, validateFormats: false });
    ajv.addKeyword("x-memory-console-extension");
    const toDefs = (value: unknown): unknown => JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', '"#/$defs/')) as unknown;
    const $defs = toDefs(document.components.schemas) as Json;
    const schemas: Json[] = [];
    for (const item of Object.values(document.paths)) {
      for (const op of Object.values(item)) {
        for (const response of Object.values(op.responses)) if (response.content) schemas.push(response.content["application/json"]!.schema);
        const body = (op.requestBody as { content: Record<string, { schema: Json }> } | undefined)?.content["application/json"]?.schema;
        if (body) schemas.push(body);
        for (const p of (op.parameters as { schema: Json }[] | undefined) ?? []) schemas.push(p.schema);
      }
    }
    for (const schema of schemas) expect(() => ajv.compile({ ...(toDefs(schema) as Json), $defs })).not.toThrow();
  });

  it("catches an answer that drifts from it (the check every API test runs)", () => {
    const checker = new ResponseChecker(document as unknown as Json);
    const store = {
      type: "memory_store",
      id: "memstore_1",
      name: "n",
      description: "",
      metadata: {},
      created_at: "2026-11-30T12:00:00.000Z",
      updated_at: "2026-11-30T12:00:00.000Z",
      archived_at: null,
      memory_count: 0,
      content_bytes: 0,
      last_memory_write_at: null,
    };
    const url = `${server.baseURL}/v1/memory_stores/memstore_1`;
    expect(checker.check("GET", url, 200, store)).toBeNull();
    expect(checker.check("GET", url, 200, { ...store, surprise: true })).toMatch(/does not match/);
    expect(checker.check("GET", url, 200, { ...store, archived_at: 5 })).toMatch(/archived_at/);
    expect(checker.check("GET", url, 404, { type: "error", error: { type: "not_found_error", message: "m" }, request_id: "req_1" })).toBeNull();
    expect(checker.check("GET", url, 404, { error: "nope" })).toMatch(/does not match/);
    expect(checker.check("GET", `${server.baseURL}/v1/not_documented`, 200, {})).toMatch(/no such operation/);
  });

  it("has checked every answer of this file's requests so far", async () => {
    await server.client.beta.memoryStores.create({ name: "Checked" });
    expect(server.contractViolations()).toEqual([]);
  });
});
