import type { Actor } from "../actor.ts";
import { VERSION_OPERATIONS } from "../versions/operations.ts";

/**
 * Whose writes to a store await review. Agents are API keys and the agent sessions and service
 * accounts they write as; console users sign in. Review never holds a write back: it lands at
 * once, as on the hosted API, and the review layer records what is not yet settled.
 */
export const REVIEW_POLICIES = ["agents", "everyone", "nobody"] as const;
export type ReviewPolicy = (typeof REVIEW_POLICIES)[number];
export const DEFAULT_REVIEW_POLICY: ReviewPolicy = "agents";

export const isAgent = (actor: Actor) => actor.type !== "user_actor";

/** The policies under which this actor's writes await review. */
export const policiesReviewing = (actor: Actor): ReviewPolicy[] => (isAgent(actor) ? ["everyone", "agents"] : ["everyone"]);

/**
 * What the versions since the settled one add up to, from the settled state to the head: an
 * operation, or a rename; `stale` is a memory unchanged past its write policy's
 * review_after_days (settled at its head: approving keeps it, lib/memory/policies/stale-memories.ts).
 */
export const REVIEW_CHANGES = [...VERSION_OPERATIONS, "renamed", "stale"] as const;
export type ReviewChange = (typeof REVIEW_CHANGES)[number];

/** What a reviewer did: approved as is, reverted to the settled state, or approved with an edit. */
export const REVIEW_ACTIONS = ["approved", "reverted", "edited"] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];
