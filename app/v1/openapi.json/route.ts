// GET /v1/openapi.json – the OpenAPI 3.1 document of this API, generated from the schemas the routes use (unauthenticated: it describes, it holds no data)
import { openApiDocument } from "@/lib/http/openapi.ts";
import { otherMethods } from "@/lib/http/route.ts";
import { annotateRequest } from "@/lib/observability/request-context.ts";

export const dynamic = "force-dynamic";

export function GET(): Response {
  annotateRequest({ route: "/v1/openapi.json" });
  return Response.json(openApiDocument(), { headers: { "cache-control": "no-cache" } });
}

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
