// GET / POST / DELETE /v1/memory_stores/{store} – retrieve, update, delete a store
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { storeWire } from "@/lib/http/serialize.ts";
import { deleteStore } from "@/lib/memory/stores/delete-store.ts";
import { getStore } from "@/lib/memory/stores/get-store.ts";
import { updateStore } from "@/lib/memory/stores/update-store.ts";

export const GET = apiRoute(OPERATIONS.retrieveStore, async ({ db, params }) => storeWire(await getStore(db.sql, params.store)));

export const POST = apiRoute(OPERATIONS.updateStore, async ({ db, params, input }) => {
  const changes = await input();
  return storeWire(await updateStore(db, { storeId: params.store, ...changes }));
});

export const DELETE = apiRoute(OPERATIONS.deleteStore, async ({ db, params }) => {
  const { id } = await deleteStore(db, params.store);
  return { id, type: "memory_store_deleted" as const };
});

export const { PUT, PATCH } = otherMethods("GET", "POST", "DELETE");
