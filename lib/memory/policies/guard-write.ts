import { isAgent } from "../review/policy.ts";
import type { Actor } from "../actor.ts";
import type { SqlClient } from "../db.ts";
import { invalidRequest, MemoryError, permissionDenied } from "../errors.ts";
import { utf8Length } from "../hashing.ts";
import type { Finding } from "./findings.ts";
import { loadLockedStorePolicy } from "./load-policy.ts";
import { scanContent } from "./scan-content.ts";
import { firstMatch, type WritePolicy } from "./write-policy.ts";

/** One change a write makes, as the guard sees it: a created, changed (maybe moved) or deleted memory. */
export interface GuardedChange {
  path: string;
  /** The memory's path before a change (a move when it differs); null for a new memory. */
  previousPath: string | null;
  /** null for a delete. */
  content: string | null;
  /**
   * The content before a change. The detectors read what a write brings in: a move or a rename
   * that keeps the content is not scanned again (a folder of 10,000 moves without re-flagging).
   */
  previousContent?: string | null;
}

/** What the policy's classes are called in metrics and refusals. */
export type PolicyRule = Finding["class"] | "protected_paths" | "allowed_paths" | "max_content_bytes" | "max_memories_for_agents";

function refuse(tx: SqlClient, rule: PolicyRule, error: MemoryError): never {
  tx.writePolicyEvent?.(rule, "refused");
  throw error;
}

function checkPaths(tx: SqlClient, policy: WritePolicy, change: GuardedChange) {
  for (const path of new Set([change.path, ...(change.previousPath !== null ? [change.previousPath] : [])])) {
    const glob = firstMatch(policy.protectedPaths, path);
    if (glob !== null) {
      refuse(
        tx,
        "protected_paths",
        permissionDenied(
          `${path} is protected by this store's write policy (protected_paths ${JSON.stringify(glob)}): agents may not create, change, move or delete it there. A person with a role may.`,
        ),
      );
    }
  }
  if (change.content !== null && policy.allowedPaths !== null && firstMatch(policy.allowedPaths, change.path) === null) {
    refuse(
      tx,
      "allowed_paths",
      permissionDenied(
        `${change.path} is outside the paths this store's write policy lets agents write (allowed_paths ${JSON.stringify(policy.allowedPaths)}).`,
      ),
    );
  }
  if (change.content !== null && policy.maxContentBytes !== null && utf8Length(change.content) > policy.maxContentBytes) {
    refuse(
      tx,
      "max_content_bytes",
      invalidRequest(
        `content: ${utf8Length(change.content)} bytes is more than this store's write policy lets agents write to ${change.path} (max_content_bytes ${policy.maxContentBytes}).`,
      ),
    );
  }
}

/** The refusal of a detector's finding: the rule and the line, never the text that matched. */
const WHAT: Record<Finding["class"], string> = { secrets: "a secret", pii: "personal data", instructions: "an instruction addressed to the model" };

function refusalOf(change: GuardedChange, finding: Finding): MemoryError {
  return invalidRequest(
    `content line ${finding.line} of ${change.path} holds what looks like ${WHAT[finding.class]} (${finding.description}, rule ${finding.class}/${finding.rule}), and this store's write policy refuses ${finding.class}. Remove it and write again.`,
  );
}

/**
 * The store's write policy on a write, in its transaction (the store is locked): throws the
 * refusal naming the rule, or returns per change the findings that hold it for review (empty:
 * nothing held). Deliberate writes (review decisions, restores, reverts, erasures, bulk
 * deletions) do not come here: a reviewer's or admin's act on content already through the door.
 */
export async function guardWrite(tx: SqlClient, storeId: string, actor: Actor, changes: readonly GuardedChange[]): Promise<Finding[][]> {
  const loaded = await loadLockedStorePolicy(tx, storeId);
  if (!loaded) return changes.map(() => []);
  const { policy } = loaded;
  if (isAgent(actor)) {
    for (const change of changes) checkPaths(tx, policy, change);
    const created = changes.filter((c) => c.previousPath === null && c.content !== null).length;
    if (created > 0 && policy.maxMemoriesForAgents !== null && loaded.memoryCount + created > policy.maxMemoriesForAgents) {
      refuse(
        tx,
        "max_memories_for_agents",
        invalidRequest(
          `This store's write policy lets agents keep at most ${policy.maxMemoriesForAgents} memories in it (max_memories_for_agents); it has ${loaded.memoryCount}.`,
        ),
      );
    }
  }
  const held: Finding[][] = [];
  for (const change of changes) {
    if (change.content === null || change.content === change.previousContent) {
      held.push([]);
      continue;
    }
    const verdict = await scanContent(policy, change.content);
    if (verdict.refused.length > 0) refuse(tx, verdict.refused[0]!.class, refusalOf(change, verdict.refused[0]!));
    for (const finding of verdict.held) tx.writePolicyEvent?.(finding.class, "held");
    held.push(verdict.held);
  }
  return held;
}
