// GET /readyz – readiness: database reachable, migrations applied, not shutting down (unauthenticated, nothing beyond a status)
import { databaseReadiness } from "@/lib/db/readiness.ts";
import { logger } from "@/lib/observability/logger.ts";
import { annotateRequest } from "@/lib/observability/request-context.ts";
import { isDraining } from "@/lib/server/lifecycle.ts";

export const dynamic = "force-dynamic";

const answer = (ready: boolean) =>
  Response.json({ status: ready ? "ok" : "unavailable" }, { status: ready ? 200 : 503, headers: { "cache-control": "no-store" } });

export async function GET(): Promise<Response> {
  annotateRequest({ route: "/readyz" });
  if (isDraining()) return answer(false);
  const readiness = await databaseReadiness();
  if (!readiness.ready) logger().warn({ reason: readiness.reason }, "readyz: not ready");
  return answer(readiness.ready);
}
