// GET / POST / DELETE /v1/memory_stores/{store} – retrieve, update, delete a store
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { parseWire, updateStoreBody } from "@/lib/http/schemas.ts";
import { storeWire } from "@/lib/http/serialize.ts";
import { deleteStore } from "@/lib/memory/stores/delete-store.ts";
import { getStore } from "@/lib/memory/stores/get-store.ts";
import { updateStore } from "@/lib/memory/stores/update-store.ts";

type Params = { store: string };

export const GET = apiRoute<Params>({ permission: "read" }, async ({ db, params }) => storeWire(await getStore(db.sql, params.store)));

export const POST = apiRoute<Params>({ permission: "write" }, async ({ db, params, body }) => {
  const changes = parseWire(updateStoreBody, await body(), "body");
  return storeWire(await updateStore(db, { storeId: params.store, ...changes }));
});

export const DELETE = apiRoute<Params>({ permission: "admin" }, async ({ db, params }) => {
  const { id } = await deleteStore(db, params.store);
  return { id, type: "memory_store_deleted" as const };
});

export const { PUT, PATCH } = otherMethods("GET", "POST", "DELETE");
