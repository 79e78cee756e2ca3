// POST /v1/store_batches/{store_batch}/execute – create the stores of a dry run, conditional on what it saw; ?progress=true streams progress (extension)
import { newRequestId } from "@/lib/http/errors.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { progressStream } from "@/lib/http/progress-stream.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { assertMayCreateStores, storeBatchWire } from "@/lib/http/store-batch-wire.ts";
import { executeStoreBatch } from "@/lib/memory/store-batches/run-store-batch.ts";

export const POST = apiRoute(OPERATIONS.executeStoreBatch, async ({ db, params, query, input, actor, principal }) => {
  assertMayCreateStores(principal);
  const { confirmation } = await input();
  const run = async (onProgress?: (done: number, total: number) => void) => {
    const { plan, items } = await executeStoreBatch(db, { id: params.store_batch, confirmation, actor, workspaceId: principal.workspaceId, onProgress });
    return storeBatchWire(plan, items);
  };
  return query.progress ? progressStream(newRequestId(), run, "store_batch_progress") : run();
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
