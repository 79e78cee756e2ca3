import picomatch from "picomatch";
import { invalidRequest } from "../errors.ts";
import { LIMITS } from "../limits.ts";

/**
 * What a store lets its writers do, checked in the single write path (guard-write.ts). Agents
 * (API keys, their sessions and service accounts, MCP grants) are held to the paths and caps;
 * people with a role are not. The detectors look at every non-deliberate write's content.
 */
export const DETECTOR_ACTIONS = ["refuse", "hold", "allow"] as const;
export type DetectorAction = (typeof DETECTOR_ACTIONS)[number];

export const DETECTOR_CLASSES = ["secrets", "pii", "instructions"] as const;
export type DetectorClass = (typeof DETECTOR_CLASSES)[number];

export interface ExpiryRule {
  /** A glob over full paths, as protected_paths. */
  path: string;
  days: number;
}

export interface WritePolicy {
  /** Globs over full paths (`/projects/**`): agents may not create, change, move or delete there. */
  protectedPaths: string[];
  /** When set, agents may write only at paths matching one of these globs. */
  allowedPaths: string[] | null;
  /** Agents' content cap in bytes, below the spec's 100 kB. */
  maxContentBytes: number | null;
  /** How many memories agents may bring the store to, below the spec's 10,000. */
  maxMemoriesForAgents: number | null;
  detectors: Record<DetectorClass, DetectorAction>;
  /** Memories unchanged this long appear in the review inbox as stale; never deleted silently. */
  reviewAfterDays: ExpiryRule[];
  /** Memories no agent has read this long (nor written, nor a reviewer kept): stale in the inbox, or deleted with `unreadAction`. */
  unreadAfterDays: ExpiryRule[];
  /** What an unread memory gets: a stale review item (the default), or a deletion written as a version by the policy. */
  unreadAction: UnreadAction;
}

export const UNREAD_ACTIONS = ["review", "delete"] as const;
export type UnreadAction = (typeof UNREAD_ACTIONS)[number];

/** A new install is safe before anyone configures it: secrets and instructions to the model are held for review. */
export const DEFAULT_WRITE_POLICY: WritePolicy = {
  protectedPaths: [],
  allowedPaths: null,
  maxContentBytes: null,
  maxMemoriesForAgents: null,
  detectors: { secrets: "hold", pii: "allow", instructions: "hold" },
  reviewAfterDays: [],
  unreadAfterDays: [],
  unreadAction: "review",
};

const MAX_GLOBS = 100;
const MAX_GLOB_CHARS = 1024;
const MAX_EXPIRY_DAYS = 36_500;

function globs(field: string, value: unknown): string[] {
  if (!Array.isArray(value)) throw invalidRequest(`${field}: must be an array of path globs.`);
  if (value.length > MAX_GLOBS) throw invalidRequest(`${field}: at most ${MAX_GLOBS} globs.`);
  return value.map((glob, i) => {
    if (typeof glob !== "string" || !glob.startsWith("/") || glob.length > MAX_GLOB_CHARS) {
      throw invalidRequest(`${field}[${i}]: must be a glob over full paths starting with "/" (at most ${MAX_GLOB_CHARS} characters), e.g. "/projects/**".`);
    }
    try {
      picomatch.makeRe(glob, GLOB_OPTIONS);
    } catch {
      throw invalidRequest(`${field}[${i}]: ${JSON.stringify(glob)} is not a valid glob.`);
    }
    return glob;
  });
}

function cap(field: string, value: unknown, limit: number): number | null {
  if (value === null) return null;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > limit) {
    throw invalidRequest(`${field}: must be null or a whole number from 0 to ${limit}.`);
  }
  return value;
}

function detectors(value: unknown, current: WritePolicy["detectors"]): WritePolicy["detectors"] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw invalidRequest("detectors: must be an object.");
  const next = { ...current };
  for (const [name, action] of Object.entries(value)) {
    if (!(DETECTOR_CLASSES as readonly string[]).includes(name))
      throw invalidRequest(`detectors.${name}: unknown; the classes are ${DETECTOR_CLASSES.join(", ")}.`);
    if (!(DETECTOR_ACTIONS as readonly string[]).includes(action as string)) {
      throw invalidRequest(`detectors.${name}: must be one of ${DETECTOR_ACTIONS.join(", ")}.`);
    }
    next[name as DetectorClass] = action as DetectorAction;
  }
  return next;
}

function expiry(field: string, value: unknown): ExpiryRule[] {
  if (!Array.isArray(value) || value.length > MAX_GLOBS) throw invalidRequest(`${field}: must be an array of at most ${MAX_GLOBS} {path, days} rules.`);
  return value.map((rule, i) => {
    const { path, days } = (rule ?? {}) as { path?: unknown; days?: unknown };
    const [glob] = globs(`${field}[${i}].path`, [path]);
    if (typeof days !== "number" || !Number.isInteger(days) || days < 1 || days > MAX_EXPIRY_DAYS) {
      throw invalidRequest(`${field}[${i}].days: must be a whole number of days from 1 to ${MAX_EXPIRY_DAYS}.`);
    }
    return { path: glob!, days };
  });
}

/** A policy with the given fields replaced; throws an invalid_request naming the first bad field. */
export function changedPolicy(current: WritePolicy, change: Record<string, unknown>): WritePolicy {
  const next: WritePolicy = { ...current, detectors: { ...current.detectors } };
  if ("protectedPaths" in change) next.protectedPaths = globs("protected_paths", change.protectedPaths);
  if ("allowedPaths" in change) next.allowedPaths = change.allowedPaths === null ? null : globs("allowed_paths", change.allowedPaths);
  if ("maxContentBytes" in change) next.maxContentBytes = cap("max_content_bytes", change.maxContentBytes, LIMITS.memoryContentBytes);
  if ("maxMemoriesForAgents" in change) next.maxMemoriesForAgents = cap("max_memories_for_agents", change.maxMemoriesForAgents, LIMITS.memoriesPerStore);
  if ("detectors" in change) next.detectors = detectors(change.detectors, current.detectors);
  if ("reviewAfterDays" in change) next.reviewAfterDays = expiry("review_after_days", change.reviewAfterDays);
  if ("unreadAfterDays" in change) next.unreadAfterDays = expiry("unread_after_days", change.unreadAfterDays);
  if ("unreadAction" in change) {
    if (!(UNREAD_ACTIONS as readonly unknown[]).includes(change.unreadAction))
      throw invalidRequest(`unread_action: must be one of ${UNREAD_ACTIONS.join(", ")}.`);
    next.unreadAction = change.unreadAction as UnreadAction;
  }
  return next;
}

/** A stored policy document (JSON written by storedPolicy); fields it lacks keep the defaults. */
export function parseStoredPolicy(json: string): WritePolicy {
  const stored = JSON.parse(json) as Partial<WritePolicy>;
  return { ...DEFAULT_WRITE_POLICY, ...stored, detectors: { ...DEFAULT_WRITE_POLICY.detectors, ...stored.detectors } };
}

export const storedPolicy = (policy: WritePolicy) => JSON.stringify(policy);

/** Globs match full paths; `*` stays within a folder, `**` crosses folders; names starting with a dot match too. */
const GLOB_OPTIONS = { dot: true, nonegate: true, noextglob: true } as const;

const matchers = new Map<string, (path: string) => boolean>();

/** A compiled glob, cached: policies are read on every write. */
export function matchesGlob(glob: string, path: string): boolean {
  let match = matchers.get(glob);
  if (!match) {
    if (matchers.size > 10_000) matchers.clear();
    match = picomatch(glob, GLOB_OPTIONS);
    matchers.set(glob, match);
  }
  return match(path);
}

export const firstMatch = (list: readonly string[], path: string) => list.find((glob) => matchesGlob(glob, path)) ?? null;
