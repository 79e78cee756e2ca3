import { z } from "zod";
import { MANAGED_AGENTS_BETA, MEMORY_BETA } from "./beta.ts";
import { OPERATIONS, type Operation } from "./operations.ts";
import { errorSchema } from "./wire-schemas.ts";

/**
 * The OpenAPI 3.1 document of GET /v1/openapi.json, generated from the operations the routes
 * are built from (operations.ts) and the zod schemas they parse and answer with. Schemas with an
 * id (wire-schemas.ts) become components; `x-memory-console-extension: true` marks the
 * operations, objects and fields that the hosted Memory Stores API does not have.
 */
type JsonSchema = Record<string, unknown>;
const EXTENSION = "x-memory-console-extension";
const COMPONENT = "#/components/schemas/";

/** `$ref: "#/$defs/X"` → the component X, recursively. */
function toComponentRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toComponentRefs);
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === "$ref" && typeof inner === "string" ? inner.replace("#/$defs/", COMPONENT) : toComponentRefs(inner),
    ]),
  );
}

class SchemaCollector {
  readonly components: Record<string, JsonSchema> = {};

  /** The JSON Schema of what a client sends (`input`) or receives (`output`), named schemas as components. */
  convert(schema: z.ZodType, io: "input" | "output"): JsonSchema {
    const { $schema: _, $defs, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
    for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) this.components[id] ??= toComponentRefs(def) as JsonSchema;
    return toComponentRefs(rest) as JsonSchema;
  }
}

function parameters(operation: Operation, schemas: SchemaCollector): JsonSchema[] {
  const path = [...operation.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1], in: "path", required: true, schema: { type: "string" } }));
  const query = operation.query ? schemas.convert(operation.query, "input") : { properties: {} };
  const required = new Set((query.required as string[] | undefined) ?? []);
  const fromQuery = Object.entries((query.properties ?? {}) as Record<string, JsonSchema>).map(([name, schema]) => ({
    name,
    in: "query",
    required: required.has(name),
    schema,
  }));
  const beta = operation.beta
    ? [
        {
          name: "anthropic-beta",
          in: "header",
          required: true,
          description: `Must contain ${MEMORY_BETA} or ${MANAGED_AGENTS_BETA}, not both (comma-separated with any other betas).`,
          schema: { type: "string", examples: [MEMORY_BETA] },
        },
      ]
    : [];
  return [...path, ...fromQuery, ...beta];
}

function operationObject(id: string, operation: Operation, schemas: SchemaCollector): JsonSchema {
  const json = (schema: JsonSchema) => ({ "application/json": { schema } });
  return {
    operationId: id,
    summary: operation.summary,
    tags: [operation.extension ? "Memory Console extensions" : "Memory Stores"],
    ...(operation.extension ? { [EXTENSION]: true } : {}),
    "x-memory-console-permission": operation.permission,
    parameters: parameters(operation, schemas),
    ...(operation.body
      ? {
          requestBody: {
            required: true,
            ...(operation.bodyCheckedByDomain ? { description: "A wrong shape is answered with HTTP 200 and is_error: true." } : {}),
            content: json(schemas.convert(operation.body, "input")),
          },
        }
      : {}),
    ...(operation.rawBody
      ? {
          requestBody: {
            required: true,
            description: operation.rawBody.description,
            content: { [operation.rawBody.contentType]: { schema: { type: "string" } } },
          },
        }
      : {}),
    responses: {
      "200": { description: "Success.", content: json(schemas.convert(operation.response, "output")) },
      default: { description: "An error, in the Anthropic error envelope.", content: json(schemas.convert(errorSchema, "output")) },
    },
  };
}

function build(): JsonSchema {
  const schemas = new SchemaCollector();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [id, operation] of Object.entries(OPERATIONS) as [string, Operation][]) {
    (paths[operation.path] ??= {})[operation.method.toLowerCase()] = operationObject(id, operation, schemas);
  }
  paths["/v1/openapi.json"] = {
    get: {
      operationId: "openApiDocument",
      summary: "This document",
      tags: ["Memory Console extensions"],
      [EXTENSION]: true,
      security: [],
      responses: { "200": { description: "The OpenAPI 3.1 document.", content: { "application/json": { schema: { type: "object" } } } } },
    },
  };
  return {
    openapi: "3.1.0",
    info: {
      title: "Memory Console API",
      version: "1",
      description:
        "Anthropic's Memory Stores API (beta agent-memory-2026-07-22), self-hosted, and this server's own endpoints. " +
        `Operations, objects and fields marked ${EXTENSION}: true are not part of the hosted API. ` +
        "A query parameter sent with an empty value (`limit=`, what the official SDKs send for null) is taken as left out.",
    },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    security: [{ apiKey: [] }, { bearer: [] }, { session: [] }],
    tags: [
      { name: "Memory Stores", description: "The hosted Memory Stores API, wire-compatible." },
      { name: "Memory Console extensions", description: `This server's own endpoints (${EXTENSION}).` },
    ],
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(schemas.components).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        apiKey: { type: "apiKey", in: "header", name: "x-api-key", description: "An API key of this server." },
        bearer: { type: "http", scheme: "bearer", description: "An API key of this server (what the official SDKs send)." },
        session: {
          type: "apiKey",
          in: "cookie",
          name: "next-auth.session-token",
          description: "A console session (`__Secure-next-auth.session-token` over https); cookie-authenticated writes must come from the console's origin.",
        },
      },
    },
  };
}

let cached: JsonSchema | undefined;

export function openApiDocument(): JsonSchema {
  return (cached ??= build());
}
