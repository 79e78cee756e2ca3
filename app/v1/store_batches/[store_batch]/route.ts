// GET /v1/store_batches/{store_batch} – one store batch with every row of its file; ?format=json|csv downloads it (extension)
import { reportAnswer } from "@/lib/http/bulk-wire.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { assertMayCreateStores, storeBatchCsv, storeBatchWire } from "@/lib/http/store-batch-wire.ts";
import { getStoreBatch, getStoreBatchItems } from "@/lib/memory/store-batches/run-store-batch.ts";

export const GET = apiRoute(OPERATIONS.retrieveStoreBatch, async ({ db, params, query, principal }) => {
  assertMayCreateStores(principal);
  const batch = await getStoreBatch(db.sql, params.store_batch, principal.workspaceId);
  const items = await getStoreBatchItems(db.sql, batch.id);
  return reportAnswer(
    batch.id,
    query.format,
    () => storeBatchWire(batch, items),
    () => storeBatchCsv(batch, items),
  );
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
