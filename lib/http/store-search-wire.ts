import { z } from "zod";
import { listStoresQuery } from "./schemas.ts";

/**
 * GET /v1/store_search (this project's extension; the hosted list, GET /v1/memory_stores, gets
 * no new parameters): the stores list's own parameters plus the filter. `metadata` repeats, one
 * `key:value` pair each (the key ends at the first colon).
 */
export const storeSearchQuery = listStoresQuery.pick({ include_archived: true, limit: true, page: true }).extend({
  name: z.string().optional().meta({ description: "A piece of the store's name, any case." }),
  metadata: z.string().optional().meta({ description: "key:value; repeat it for several pairs, all of which must match." }),
});
