// GET /healthz – liveness: the process is up and answering (unauthenticated, nothing beyond a status)
import { annotateRequest } from "@/lib/observability/request-context.ts";

export const dynamic = "force-dynamic";

export function GET(): Response {
  annotateRequest({ route: "/healthz" });
  return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
}
