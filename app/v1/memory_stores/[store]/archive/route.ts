// POST /v1/memory_stores/{store}/archive – archive a store (irreversible)
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { storeWire } from "@/lib/http/serialize.ts";
import { archiveStore } from "@/lib/memory/stores/archive-store.ts";

export const POST = apiRoute(OPERATIONS.archiveStore, async ({ db, params }) => storeWire(await archiveStore(db, params.store)));

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
