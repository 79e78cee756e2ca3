import { OPERATION_ROUTES } from "./operation-routes.ts";
import { policyDryRunSchema, writePolicyBody, writePolicySchema } from "./policy-wire.ts";

/**
 * The write-policy endpoints (lib/memory/policies), an extension the hosted API does not have,
 * added by lib/http/operations.ts to the one table. Anyone who may read a store may read its
 * policy (an agent can learn what it may not write); only admins change policies.
 */
const ext = { beta: false, extension: true } as const;

export const POLICY_OPERATIONS = {
  retrieveDefaultWritePolicy: {
    ...OPERATION_ROUTES.retrieveDefaultWritePolicy,
    ...ext,
    summary: "The request workspace's default write policy, which its stores without their own follow (Default's is the instance default)",
    permission: "read",
    response: writePolicySchema,
  },
  updateDefaultWritePolicy: {
    ...OPERATION_ROUTES.updateDefaultWritePolicy,
    ...ext,
    summary: "Change fields of the request workspace's default write policy (Default's is the instance default: organisation admins)",
    permission: "admin",
    body: writePolicyBody,
    response: writePolicySchema,
  },
  retrieveWritePolicy: {
    ...OPERATION_ROUTES.retrieveWritePolicy,
    ...ext,
    summary: "The write policy in force on a store (its own, or the instance default)",
    permission: "read",
    response: writePolicySchema,
  },
  updateWritePolicy: {
    ...OPERATION_ROUTES.updateWritePolicy,
    ...ext,
    summary: "Change fields of a store's own write policy (starting from the policy in force)",
    permission: "admin",
    body: writePolicyBody,
    response: writePolicySchema,
  },
  deleteWritePolicy: {
    ...OPERATION_ROUTES.deleteWritePolicy,
    ...ext,
    summary: "Drop a store's own write policy: it follows the instance default again",
    permission: "admin",
    response: writePolicySchema,
  },
  dryRunWritePolicy: {
    ...OPERATION_ROUTES.dryRunWritePolicy,
    ...ext,
    summary: "What a policy (the one in force with these fields changed) would refuse and flag among the store's current memories; saves nothing",
    permission: "admin",
    body: writePolicyBody,
    response: policyDryRunSchema,
  },
} as const;
