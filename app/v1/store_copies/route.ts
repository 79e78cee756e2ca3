// POST /v1/store_copies – a new store holding another store's current memories, not their history (extension)
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { storeWire } from "@/lib/http/serialize.ts";
import { assertMayCreateStores } from "@/lib/http/store-batch-wire.ts";
import { copyStore } from "@/lib/memory/store-copies/copy-store.ts";

export const POST = apiRoute(OPERATIONS.copyStore, async ({ db, input, actor, principal }) => {
  assertMayCreateStores(principal);
  const body = await input();
  const store = await copyStore(db, {
    sourceStoreId: body.source_memory_store_id,
    name: body.name,
    description: body.description,
    metadata: body.metadata,
    pathPrefix: body.path_prefix,
    actor,
    workspaceId: principal.workspaceId,
  });
  return storeWire(store);
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
