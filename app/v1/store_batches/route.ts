// GET /v1/store_batches – store batch reports and dry runs, newest first; POST – dry run of stores from a CSV body (extension)
import { decodeCursor, encodeCursor } from "@/lib/http/cursor.ts";
import { readBodyBytes } from "@/lib/http/body.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { pageSize } from "@/lib/http/schemas.ts";
import { page } from "@/lib/http/serialize.ts";
import { assertMayCreateStores, isCsvContentType, storeBatchWire } from "@/lib/http/store-batch-wire.ts";
import { invalidRequest } from "@/lib/memory/errors.ts";
import { STORE_BATCH_LIMITS } from "@/lib/memory/store-batches/store-batch-limits.ts";
import { listStoreBatches, planStoreBatch } from "@/lib/memory/store-batches/run-store-batch.ts";

export const GET = apiRoute(OPERATIONS.listStoreBatches, async ({ db, query, principal }) => {
  assertMayCreateStores(principal);
  const cursor = decodeCursor<{ after: string }>(query.page, {}, ["after"]);
  const result = await listStoreBatches(db, { limit: pageSize(query.limit, false), afterId: cursor?.after, workspaceId: principal.workspaceId });
  return page(
    result.items.map((b) => storeBatchWire(b)),
    result.nextAfterId ? encodeCursor({ after: result.nextAfterId }) : null,
  );
});

export const POST = apiRoute(OPERATIONS.planStoreBatch, async ({ db, query, request, actor, principal }) => {
  assertMayCreateStores(principal);
  if (!isCsvContentType(request.headers.get("content-type"))) throw invalidRequest("Send the CSV itself as the body, with content-type: text/csv.");
  const csv = await readBodyBytes(request, STORE_BATCH_LIMITS.csvBytes);
  const { plan, items } = await planStoreBatch(db, {
    csv,
    templateStoreId: query.template_store_id,
    uniqueBy: query.unique_by,
    sourceName: query.source_name,
    actor,
    workspaceId: principal.workspaceId,
  });
  return storeBatchWire(plan, items);
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
