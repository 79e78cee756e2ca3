import type { Db } from "../db.ts";
import { storeNotFound } from "../errors.ts";
import { utf8Length } from "../hashing.ts";
import { letOthersRun } from "../let-others-run.ts";
import type { Finding } from "./findings.ts";
import { loadStorePolicy } from "./load-policy.ts";
import { scanContent } from "./scan-content.ts";
import { findUnreadMemories, type UnreadMemory } from "./stale-memories.ts";
import { changedPolicy, firstMatch, type WritePolicy } from "./write-policy.ts";

export interface DryRunItem {
  memoryId: string;
  path: string;
  /** refuse: an agent's write of this memory as it is would be refused; flag: it would be held for review. */
  outcome: "refuse" | "flag";
  /** The policy fields that would refuse it (a detector class, allowed_paths, max_content_bytes). */
  refusedBy: string[];
  findings: Finding[];
}

export interface PolicyDryRun {
  policy: WritePolicy;
  memoriesChecked: number;
  wouldRefuse: number;
  wouldFlag: number;
  /** The first items, path order; the counts cover every memory. */
  items: DryRunItem[];
  truncated: boolean;
  /** What the next sweep would do under `unread_after_days`: the memories it would put in the inbox, or delete, the longest unread first. */
  unread: UnreadMemory[];
}

const CHUNK = 100;
const ITEMS_SHOWN = 1000;

/** What a policy's path and cap rules say of a memory an agent would write as it is now. */
function pathRefusals(policy: WritePolicy, path: string, content: string): string[] {
  const refused: string[] = [];
  if (policy.allowedPaths !== null && firstMatch(policy.allowedPaths, path) === null) refused.push("allowed_paths");
  if (policy.maxContentBytes !== null && utf8Length(content) > policy.maxContentBytes) refused.push("max_content_bytes");
  return refused;
}

/**
 * "This policy would refuse N and flag M current memories": the store's policy in force with
 * the given fields changed, applied to every live memory as if an agent wrote it again now.
 * Nothing is saved. Read in chunks in path order, yielding between them.
 */
export async function dryRunPolicy(db: Db, storeId: string, change: Record<string, unknown>, now = new Date()): Promise<PolicyDryRun> {
  const loaded = await loadStorePolicy(db.sql, storeId);
  if (!loaded) throw storeNotFound(storeId);
  const policy = changedPolicy(loaded.policy, change);
  const unread = await findUnreadMemories(db, storeId, policy.unreadAfterDays, now);
  const run: PolicyDryRun = { policy, memoriesChecked: 0, wouldRefuse: 0, wouldFlag: 0, items: [], truncated: false, unread };
  let after = "";
  for (;;) {
    const rows = await db.sql.$queryRaw<{ id: string; path: string; content: string }[]>`
      SELECT id, path, content FROM memories WHERE store_id = ${storeId} AND path > ${after} ORDER BY path LIMIT ${CHUNK}`;
    for (const row of rows) {
      const verdict = await scanContent(policy, row.content);
      const refusedBy = [...new Set(verdict.refused.map((f) => f.class as string)), ...pathRefusals(policy, row.path, row.content)];
      run.memoriesChecked++;
      const outcome = refusedBy.length > 0 ? "refuse" : verdict.held.length > 0 ? "flag" : null;
      if (outcome === null) continue;
      if (outcome === "refuse") run.wouldRefuse++;
      else run.wouldFlag++;
      if (run.items.length < ITEMS_SHOWN)
        run.items.push({ memoryId: row.id, path: row.path, outcome, refusedBy, findings: [...verdict.refused, ...verdict.held] });
      else run.truncated = true;
    }
    if (rows.length < CHUNK) return run;
    after = rows[rows.length - 1]!.path;
    await letOthersRun();
  }
}
