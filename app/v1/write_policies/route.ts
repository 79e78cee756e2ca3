// GET, POST /v1/write_policies – the request workspace's default write policy; Default's is the instance default (extension; admins change it)
import { OPERATIONS } from "@/lib/http/operations.ts";
import { policyChangeOf, writePolicyWire } from "@/lib/http/policy-wire.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { permissionDenied } from "@/lib/memory/errors.ts";
import { getWorkspacePolicy, setWorkspacePolicy } from "@/lib/memory/policies/policy-settings.ts";
import { DEFAULT_WORKSPACE_ID } from "@/lib/memory/workspace.ts";

// `inherited`: a workspace without a default of its own follows the instance's.
export const GET = apiRoute(OPERATIONS.retrieveDefaultWritePolicy, async ({ db, principal }) => {
  const { policy, own } = await getWorkspacePolicy(db, principal.workspaceId);
  return writePolicyWire(policy, null, !own);
});

// Default's default is the instance's, which reaches every workspace: only organisation admins change it.
export const POST = apiRoute(OPERATIONS.updateDefaultWritePolicy, async ({ db, input, actor, principal }) => {
  if (principal.workspaceId === DEFAULT_WORKSPACE_ID && !principal.orgAdmin) {
    throw permissionDenied("Default's write policy is the instance default: only organisation admins may change it.");
  }
  const { policy, own } = await setWorkspacePolicy(db, principal.workspaceId, policyChangeOf(await input()), actor);
  return writePolicyWire(policy, null, !own);
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
