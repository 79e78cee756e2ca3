// POST /v1/write_policies/{store}/dry_run – what a policy would refuse and flag among the store's memories (extension)
import { OPERATIONS } from "@/lib/http/operations.ts";
import { policyChangeOf, policyDryRunWire } from "@/lib/http/policy-wire.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { dryRunPolicy } from "@/lib/memory/policies/dry-run-policy.ts";

export const POST = apiRoute(OPERATIONS.dryRunWritePolicy, async ({ db, params, input }) =>
  policyDryRunWire(params.store, await dryRunPolicy(db, params.store, policyChangeOf(await input()))),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
