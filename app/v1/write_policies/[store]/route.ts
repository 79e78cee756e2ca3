// GET, POST, DELETE /v1/write_policies/{store} – a store's write policy (extension; admins change it)
import { OPERATIONS } from "@/lib/http/operations.ts";
import { policyChangeOf, writePolicyWire } from "@/lib/http/policy-wire.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import type { StorePolicy } from "@/lib/memory/policies/load-policy.ts";
import { getStorePolicy, setStorePolicy } from "@/lib/memory/policies/policy-settings.ts";

const wire = (storeId: string, loaded: StorePolicy) => writePolicyWire(loaded.policy, storeId, !loaded.own);

export const GET = apiRoute(OPERATIONS.retrieveWritePolicy, async ({ db, params }) => wire(params.store, await getStorePolicy(db, params.store)));

export const POST = apiRoute(OPERATIONS.updateWritePolicy, async ({ db, params, input, actor }) =>
  wire(params.store, await setStorePolicy(db, params.store, policyChangeOf(await input()), actor)),
);

export const DELETE = apiRoute(OPERATIONS.deleteWritePolicy, async ({ db, params, actor }) =>
  wire(params.store, await setStorePolicy(db, params.store, null, actor)),
);

export const { PUT, PATCH } = otherMethods("GET", "POST", "DELETE");
