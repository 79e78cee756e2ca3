// GET /v1/usage – the request's workspace's usage: totals, growth per day, largest, fastest-growing and nearly full stores (extension)
import { storeScopeOf } from "@/lib/auth/principal.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { usageWire } from "@/lib/http/usage-operations.ts";
import { USAGE_DEFAULTS, usageReport } from "@/lib/memory/usage/usage-report.ts";

export const GET = apiRoute(OPERATIONS.retrieveUsage, async ({ db, query, principal }) => {
  const report = await usageReport(db, {
    scope: storeScopeOf(principal),
    days: query.days ?? USAGE_DEFAULTS.days,
    minFillPercent: query.min_fill_percent ?? USAGE_DEFAULTS.minFillPercent,
  });
  return usageWire(principal.workspaceId, report);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
