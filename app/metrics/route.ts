// GET /metrics – this instance's Prometheus metrics; needs METRICS_TOKEN as a bearer token, 404 when it is unset
import { metrics } from "@/lib/observability/metrics.ts";
import { metricsAccess } from "@/lib/observability/metrics-access.ts";
import { annotateRequest } from "@/lib/observability/request-context.ts";

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  annotateRequest({ route: "/metrics" });
  const access = metricsAccess(request.headers.get("authorization"));
  if (access === "off") return new Response("Not found.\n", { status: 404, headers: { "content-type": "text/plain" } });
  if (access === "refused") {
    return new Response("A bearer token (METRICS_TOKEN) is required.\n", {
      status: 401,
      headers: { "content-type": "text/plain", "www-authenticate": 'Bearer realm="metrics"' },
    });
  }
  const { registry } = metrics();
  return new Response(await registry.metrics(), { headers: { "content-type": registry.contentType, "cache-control": "no-store" } });
}
