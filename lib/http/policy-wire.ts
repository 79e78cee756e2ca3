import { z } from "zod";
import { findingWire } from "./serialize.ts";
import { policyFindingSchema } from "./wire-schemas.ts";
import type { PolicyDryRun } from "../memory/policies/dry-run-policy.ts";
import { DETECTOR_ACTIONS, DETECTOR_CLASSES, UNREAD_ACTIONS, type WritePolicy } from "../memory/policies/write-policy.ts";

/**
 * Wire shapes of the write-policy endpoints (lib/memory/policies; this project's extension).
 * Bodies name fields as the answers do; the domain checks their values (globs, ranges) and
 * names the first bad one.
 */
const extension = <T extends z.ZodType>(schema: T, id: string, description: string): T => schema.meta({ id, description, "x-memory-console-extension": true });

const expirySchema = z.object({ path: z.string(), days: z.number().int() });
const detectorsSchema = z.object(
  Object.fromEntries(DETECTOR_CLASSES.map((c) => [c, z.enum(DETECTOR_ACTIONS)])) as Record<
    (typeof DETECTOR_CLASSES)[number],
    z.ZodEnum<{ [K in (typeof DETECTOR_ACTIONS)[number]]: K }>
  >,
);

const policyFields = {
  protected_paths: z.array(z.string()).meta({ description: 'Globs over full paths ("/projects/**"): agents may not create, change, move or delete there.' }),
  allowed_paths: z.array(z.string()).nullable().meta({ description: "When set, agents may write only at paths matching one of these globs." }),
  max_content_bytes: z.number().int().nullable().meta({ description: "Agents' content cap in bytes (at most the spec's 102,400)." }),
  max_memories_for_agents: z.number().int().nullable().meta({ description: "How many memories agents may bring the store to (at most 10,000)." }),
  detectors: detectorsSchema.meta({
    description: "Per class: refuse (the write fails, naming the rule and line), hold (it lands and awaits review with the finding) or allow.",
  }),
  review_after_days: z
    .array(expirySchema)
    .meta({ description: "Memories unchanged this many days appear in the review inbox as stale (keep or delete); never deleted silently." }),
  unread_after_days: z.array(expirySchema).meta({
    description:
      "Memories no agent has read (nor written, nor a reviewer kept) this many days: a stale review item, 'unread for N days', or with unread_action delete, a deletion.",
  }),
  unread_action: z.enum(UNREAD_ACTIONS).meta({
    description:
      "review (default): a stale item in the inbox. delete: the memory is deleted, written as a version by the write policy (service_account_actor write_policy), so history and time travel can put it back.",
  }),
};

export const writePolicySchema = extension(
  z.object({
    type: z.literal("write_policy"),
    memory_store_id: z.string().nullable().meta({ description: "null for the instance default." }),
    inherited: z.boolean().meta({ description: "True when the store has no policy of its own and follows the instance default." }),
    ...policyFields,
  }),
  "WritePolicy",
  "What a store lets its writers do, checked on every write: protected paths and caps for agents, and the secret, personal-data and injected-instruction detectors.",
);

export const writePolicyBody = z.strictObject({
  protected_paths: z.array(z.string()).optional(),
  allowed_paths: z.array(z.string()).nullable().optional(),
  max_content_bytes: z.number().nullable().optional(),
  max_memories_for_agents: z.number().nullable().optional(),
  detectors: z.strictObject(Object.fromEntries(DETECTOR_CLASSES.map((c) => [c, z.enum(DETECTOR_ACTIONS).optional()]))).optional(),
  review_after_days: z.array(z.strictObject({ path: z.string(), days: z.number() })).optional(),
  unread_after_days: z.array(z.strictObject({ path: z.string(), days: z.number() })).optional(),
  unread_action: z.enum(UNREAD_ACTIONS).optional(),
});

export const policyDryRunSchema = extension(
  z.object({
    type: z.literal("write_policy_dry_run"),
    memory_store_id: z.string(),
    policy: writePolicySchema,
    memories_checked: z.number().int(),
    would_refuse: z.number().int(),
    would_flag: z.number().int(),
    items: z.array(
      z.object({
        memory_id: z.string(),
        path: z.string(),
        outcome: z.enum(["refuse", "flag"]),
        refused_by: z.array(z.string()),
        findings: z.array(policyFindingSchema),
      }),
    ),
    truncated: z.boolean().meta({ description: "True when more memories matched than the first 1,000 listed (the counts cover all)." }),
    would_expire: z
      .array(
        z.object({
          memory_id: z.string(),
          path: z.string(),
          last_read_at: z.iso.datetime().nullable().meta({ description: "When an agent last read it; null: never." }),
          days: z.number().int().meta({ description: "The unread_after_days rule that catches it." }),
          action: z.enum(UNREAD_ACTIONS).meta({ description: "What the next sweep does: review (a stale item) or delete." }),
        }),
      )
      .meta({ description: "What the next sweep would do under unread_after_days, the longest unread first (at most 500)." }),
  }),
  "WritePolicyDryRun",
  "What a policy would do to the store's current memories if an agent wrote each again: nothing is saved.",
);

/** A wire body → the domain's change (camelCase fields, only those sent). */
export function policyChangeOf(body: z.infer<typeof writePolicyBody>): Record<string, unknown> {
  const change: Record<string, unknown> = {};
  if (body.protected_paths !== undefined) change.protectedPaths = body.protected_paths;
  if (body.allowed_paths !== undefined) change.allowedPaths = body.allowed_paths;
  if (body.max_content_bytes !== undefined) change.maxContentBytes = body.max_content_bytes;
  if (body.max_memories_for_agents !== undefined) change.maxMemoriesForAgents = body.max_memories_for_agents;
  if (body.detectors !== undefined) change.detectors = Object.fromEntries(Object.entries(body.detectors).filter(([, v]) => v !== undefined));
  if (body.review_after_days !== undefined) change.reviewAfterDays = body.review_after_days;
  if (body.unread_after_days !== undefined) change.unreadAfterDays = body.unread_after_days;
  if (body.unread_action !== undefined) change.unreadAction = body.unread_action;
  return change;
}

export function writePolicyWire(policy: WritePolicy, storeId: string | null, inherited: boolean) {
  return {
    type: "write_policy" as const,
    memory_store_id: storeId,
    inherited,
    protected_paths: policy.protectedPaths,
    allowed_paths: policy.allowedPaths,
    max_content_bytes: policy.maxContentBytes,
    max_memories_for_agents: policy.maxMemoriesForAgents,
    detectors: policy.detectors,
    review_after_days: policy.reviewAfterDays,
    unread_after_days: policy.unreadAfterDays,
    unread_action: policy.unreadAction,
  };
}
export type WritePolicyWire = ReturnType<typeof writePolicyWire>;

export function policyDryRunWire(storeId: string, run: PolicyDryRun) {
  return {
    type: "write_policy_dry_run" as const,
    memory_store_id: storeId,
    policy: writePolicyWire(run.policy, storeId, false),
    memories_checked: run.memoriesChecked,
    would_refuse: run.wouldRefuse,
    would_flag: run.wouldFlag,
    items: run.items.map((item) => ({
      memory_id: item.memoryId,
      path: item.path,
      outcome: item.outcome,
      refused_by: item.refusedBy,
      findings: item.findings.map(findingWire),
    })),
    truncated: run.truncated,
    would_expire: run.unread.map((m) => ({
      memory_id: m.id,
      path: m.path,
      last_read_at: m.lastReadAt && m.lastReadAt.toISOString(),
      days: m.days,
      action: run.policy.unreadAction,
    })),
  };
}
