// GET /metrics – this instance's Prometheus metrics; needs METRICS_TOKEN as a bearer token, 404 when it is unset
import { getDb } from "@/lib/db/instance.ts";
import { bufferedReads } from "@/lib/memory/reads/read-buffer.ts";
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
  const { registry, readsPending, readsDropped } = metrics();
  // The read buffer is this process's: its gauges are read at scrape time.
  const reads = bufferedReads(await getDb());
  readsPending.set(reads.pending);
  readsDropped.set(reads.dropped);
  return new Response(await registry.metrics(), { headers: { "content-type": registry.contentType, "cache-control": "no-store" } });
}
