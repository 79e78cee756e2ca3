// GET, POST /v1/write_policies – the instance's default write policy (extension; admins change it)
import { OPERATIONS } from "@/lib/http/operations.ts";
import { policyChangeOf, writePolicyWire } from "@/lib/http/policy-wire.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { getDefaultPolicy, setDefaultPolicy } from "@/lib/memory/policies/policy-settings.ts";

export const GET = apiRoute(OPERATIONS.retrieveDefaultWritePolicy, async ({ db }) => writePolicyWire(await getDefaultPolicy(db), null, false));

export const POST = apiRoute(OPERATIONS.updateDefaultWritePolicy, async ({ db, input, actor }) =>
  writePolicyWire(await setDefaultPolicy(db, policyChangeOf(await input()), actor), null, false),
);

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
