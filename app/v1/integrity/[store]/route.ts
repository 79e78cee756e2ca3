// GET /v1/integrity/{store} – recompute the store's history chain (extension, admins)
import { integrityReportWire } from "@/lib/http/integrity-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { notFound } from "@/lib/memory/errors.ts";
import { verifyStoreChain } from "@/lib/memory/integrity/verify-chain.ts";

export const GET = apiRoute(OPERATIONS.verifyStoreHistory, async ({ db, params }) => {
  const report = await verifyStoreChain(db, params.store);
  if (!report) throw notFound(`Memory store ${params.store} not found.`);
  return integrityReportWire(report);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
