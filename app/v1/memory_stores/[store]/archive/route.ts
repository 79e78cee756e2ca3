// POST /v1/memory_stores/{store}/archive – archive a store (irreversible)
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { storeWire } from "@/lib/http/serialize.ts";
import { archiveStore } from "@/lib/memory/stores/archive-store.ts";

export const POST = apiRoute<{ store: string }>({ permission: "admin" }, async ({ db, params }) => storeWire(await archiveStore(db, params.store)));

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
