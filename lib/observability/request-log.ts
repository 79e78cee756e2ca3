import type { IncomingMessage, ServerResponse } from "node:http";
import { ulid } from "../memory/ids.ts";
import { logger } from "./logger.ts";
import { metrics, metricsOn } from "./metrics.ts";
import type { RequestRecord } from "./request-context.ts";

/**
 * One log line and one metrics observation per HTTP request, whatever answers it (an API route,
 * a console page, a static asset, Next.js itself), written when the response ends.
 */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** Polled every few seconds by load balancers and Prometheus: logged at debug level only. */
const POLLED = new Set(["/healthz", "/readyz", "/metrics"]);
/** nginx's code for "the client closed the connection before the answer was sent". */
const CLIENT_CLOSED = 499;

/** A bounded label for requests no route named: never the path itself (it holds ids and memory paths). */
export function routeCategory(url: string | undefined): string {
  const path = (url ?? "").split("?")[0]!;
  if (path.startsWith("/_next/")) return "/_next/*";
  if (path === "/v1" || path.startsWith("/v1/")) return "/v1/*";
  if (path.startsWith("/api/auth/")) return "/api/auth/*";
  return "(page)";
}

export function newRequestRecord(clientAddress: string): RequestRecord {
  return { requestId: `req_${ulid()}`, route: null, principal: null, clientAddress };
}

/** Stamps the request id on the response and arranges the log line and metrics for when it ends. */
export function observeRequest(req: IncomingMessage, res: ServerResponse, record: RequestRecord) {
  const started = performance.now();
  res.setHeader("request-id", record.requestId);
  res.once("close", () => {
    const seconds = (performance.now() - started) / 1000;
    const route = record.route ?? routeCategory(req.url);
    const method = METHODS.has(req.method ?? "") ? req.method! : "other";
    const status = res.writableFinished ? res.statusCode : CLIENT_CLOSED;
    if (metricsOn()) metrics().httpRequests.observe({ route, method, status: String(status) }, seconds);
    const line = {
      request_id: record.requestId,
      method,
      route,
      status,
      client_address: record.clientAddress,
      duration_ms: Math.round(seconds * 100_000) / 100,
      ...(record.principal ? { principal_kind: record.principal.kind, principal_id: record.principal.id } : {}),
    };
    if (POLLED.has(route)) logger().debug(line, "request");
    else logger().info(line, "request");
  });
}
