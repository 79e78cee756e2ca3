import { actorId, apiKeyIdOf, type Actor } from "../actor.ts";
import { empty, join, sql, type SqlClient } from "../db.ts";
import type { VersionOperation } from "../versions/operations.ts";
import type { Finding } from "../policies/findings.ts";
import { isAgent, policiesReviewing, type ReviewChange } from "./policy.ts";
import { settleOpenItem } from "./settle.ts";
import { actorOnWire, enqueueWebhookEvent, enqueueWebhookEvents } from "../webhooks/enqueue-event.ts";

export interface VersionWritten {
  storeId: string;
  memoryId: string;
  versionId: string;
  operation: VersionOperation;
  path: string;
  /** The memory's path before this version; null when it did not exist. */
  previousPath: string | null;
  previousVersionId: string | null;
  actor: Actor;
  at: Date;
  /** What the write policy's detectors found that holds this write for review (lib/memory/policies). */
  findings?: readonly Finding[];
}

/** The findings column's JSON for a version's findings (each names the version it was found in); null for none. */
function findingsJson(findings: readonly Finding[] | undefined, versionId: string): string | null {
  return findings && findings.length > 0 ? JSON.stringify(findings.map((f) => ({ ...f, version_id: versionId }))) : null;
}

/** Past this many characters an item's findings stop growing: the first ones have made the point. */
const FINDINGS_MAX_CHARS = 16_000;

/** An open item's findings with a new version's appended: JSON arrays joined in SQL, the same on both engines. */
const appendFindings = (json: string) => sql`findings = CASE WHEN review_items.findings IS NULL THEN ${json}
  WHEN length(review_items.findings) > ${FINDINGS_MAX_CHARS} THEN review_items.findings
  ELSE substr(review_items.findings, 1, length(review_items.findings) - 1) || ',' || substr(${json}, 2) END`;

async function announcePending(tx: SqlClient, v: VersionWritten) {
  await enqueueWebhookEvent(tx, {
    type: "review.pending",
    storeId: v.storeId,
    at: new Date(),
    data: {
      id: v.memoryId,
      memory_store_id: v.storeId,
      path: v.path,
      change: changeOf(v, v.previousPath),
      settled_version_id: v.previousVersionId,
      head_version_id: v.versionId,
      last_actor: actorOnWire(v.actor),
    },
  });
}

function changeOf(v: VersionWritten, settledPath: string | null): ReviewChange {
  if (v.operation === "deleted") return "deleted";
  if (settledPath === null) return "created";
  return settledPath === v.path ? "modified" : "renamed";
}

/** What a new pending version does to an open item: it becomes the head the reviewer compares to. */
function extendItem(v: VersionWritten) {
  const findings = findingsJson(v.findings, v.versionId);
  return sql`${findings === null ? empty : sql`${appendFindings(findings)}, `}
    head_version_id = ${v.versionId}, head_operation = ${v.operation}, path = ${v.path},
    change = CASE WHEN ${v.operation} = 'deleted' THEN 'deleted' WHEN review_items.settled_path IS NULL THEN 'created'
      WHEN review_items.settled_path = ${v.path} THEN 'modified' ELSE 'renamed' END,
    version_count = review_items.version_count + 1,
    last_actor_type = ${v.actor.type}, last_actor_id = ${actorId(v.actor)}, last_api_key_id = ${apiKeyIdOf(v.actor)},
    updated_at = ${v.at}`;
}

/**
 * Keeps review state in step with a version just written, in the same transaction (docs/design.md:
 * derived state never lags). A write whose author the store's policy reviews opens the
 * memory's item or extends it. A console user's write that the policy does not review settles
 * the memory: a reviewer who edits has seen what they overwrite (saves are conditional). An
 * agent's write under "nobody" extends an item still open from before, which must not be
 * approved without it. Review actions write with `settling` and record their own decision.
 */
export async function trackChange(tx: SqlClient, v: VersionWritten, options: { settling?: boolean } = {}): Promise<void> {
  // A write the policy's detectors held is reviewed whatever the store's review policy says,
  // even one that settles otherwise (an import: its content met the policy like any other).
  const held = (v.findings?.length ?? 0) > 0;
  if (options.settling && !held) return;
  const reviewed = held ? empty : sql`AND review_policy IN (${join(policiesReviewing(v.actor))})`;
  const opened = await tx.$queryRaw<{ version_count: number | bigint }[]>`
    INSERT INTO review_items (memory_id, store_id, settled_version_id, settled_path, head_version_id, head_operation, path, change, version_count,
      last_actor_type, last_actor_id, last_api_key_id, first_pending_at, updated_at, findings)
    SELECT ${v.memoryId}, id, ${v.previousVersionId}, ${v.previousPath}, ${v.versionId}, ${v.operation}, ${v.path}, ${changeOf(v, v.previousPath)}, 1,
      ${v.actor.type}, ${actorId(v.actor)}, ${apiKeyIdOf(v.actor)}, ${v.at}, ${v.at}, ${findingsJson(v.findings, v.versionId)}
    FROM memory_stores WHERE id = ${v.storeId} ${reviewed}
    ON CONFLICT (memory_id) DO UPDATE SET ${extendItem(v)}
    RETURNING version_count`;
  if (opened.length > 0) {
    // A memory that starts awaiting review (not one whose open item grows) is announced once.
    if (Number(opened[0]!.version_count) === 1) await announcePending(tx, v);
    return;
  }
  if (isAgent(v.actor)) {
    await tx.$executeRaw`UPDATE review_items SET ${extendItem(v)} WHERE memory_id = ${v.memoryId}`;
    return;
  }
  await settleOpenItem(tx, v.memoryId, { action: "edited", actor: v.actor }, v.versionId);
}

/**
 * trackChange for memories just created under new ids (an import's batch): no item can be open
 * for them, so all that can happen is that the store's policy reviews their author, and then
 * each opens an item, as trackChange would one by one. One statement for the batch.
 */
export async function trackCreations(
  tx: SqlClient,
  storeId: string,
  all: readonly { memoryId: string; versionId: string; path: string; findings?: readonly Finding[] }[],
  actor: Actor,
  at: Date,
  options: { settling?: boolean } = {},
): Promise<void> {
  if (all.length === 0) return;
  const [store] = await tx.$queryRaw<{ review_policy: string }[]>`SELECT review_policy FROM memory_stores WHERE id = ${storeId}`;
  if (!store) return;
  const reviewed = !options.settling && (policiesReviewing(actor) as string[]).includes(store.review_policy);
  // Held writes are reviewed whatever the store's review policy says (as in trackChange).
  const created = reviewed ? all : all.filter((c) => (c.findings?.length ?? 0) > 0);
  if (created.length === 0) return;
  const change: ReviewChange = "created";
  const operation: VersionOperation = "created";
  const rows = created.map(
    (c) => sql`(${c.memoryId}, ${storeId}, NULL, NULL, ${c.versionId}, ${operation}, ${c.path}, ${change}, 1,
      ${actor.type}, ${actorId(actor)}, ${apiKeyIdOf(actor)}, ${at}, ${at}, ${findingsJson(c.findings, c.versionId)})`,
  );
  await tx.$executeRaw`
    INSERT INTO review_items (memory_id, store_id, settled_version_id, settled_path, head_version_id, head_operation, path, change, version_count,
      last_actor_type, last_actor_id, last_api_key_id, first_pending_at, updated_at, findings)
    VALUES ${join(rows)}`;
  // Each item opened here is announced, as announcePending does for one.
  await enqueueWebhookEvents(
    tx,
    "review.pending",
    storeId,
    created.map((c) => ({
      at,
      data: {
        id: c.memoryId,
        memory_store_id: storeId,
        path: c.path,
        change,
        settled_version_id: null,
        head_version_id: c.versionId,
        last_actor: actorOnWire(actor),
      },
    })),
  );
}
