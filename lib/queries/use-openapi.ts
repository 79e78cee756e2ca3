"use client";

import { useQuery } from "@tanstack/react-query";
import { openApiDocument } from "@/lib/api-client/client.ts";
import { queryKeys } from "./keys.ts";

/** The parts of an OpenAPI 3.1 document the console's API reference shows. */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  additionalProperties?: boolean | JsonSchema;
  "x-memory-console-extension"?: boolean;
  [key: string]: unknown;
};
export type OpenApiParameter = { name: string; in: string; required?: boolean; description?: string; schema: JsonSchema };
export type OpenApiOperation = {
  operationId: string;
  summary: string;
  tags?: string[];
  "x-memory-console-extension"?: boolean;
  "x-memory-console-permission"?: string;
  security?: unknown[];
  parameters?: OpenApiParameter[];
  requestBody?: { description?: string; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>;
};
export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema> };
};

/** GET /v1/openapi.json: the document does not change while the server runs. */
export function useOpenApiDocument() {
  return useQuery({ queryKey: queryKeys.openapi, queryFn: () => openApiDocument<OpenApiDocument>(), staleTime: Infinity });
}
