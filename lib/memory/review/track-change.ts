import { actorFromColumns, actorId, apiKeyIdOf, type Actor } from "../actor.ts";
import { type Sql, empty, join, sql, type SqlClient } from "../db.ts";
import { authorsFromColumn, authorsJson, withAuthor } from "./review-authors.ts";
import type { ItemFinding } from "./review-rows.ts";
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

/** An open item's findings with a new version's appended (`json`: a JSON array, never null): joined in SQL, the same on both engines. */
const appendFindings = (json: Sql) => sql`CASE WHEN review_items.findings IS NULL THEN ${json}
  WHEN length(review_items.findings) > ${FINDINGS_MAX_CHARS} THEN review_items.findings
  ELSE substr(review_items.findings, 1, length(review_items.findings) - 1) || ',' || substr(${json}, 2) END`;

/** The review.pending event of a memory that starts awaiting review at this version. */
const pendingEvent = (v: VersionWritten) => ({
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

/** changeOf in SQL, against an open item's settled path: what its new head is to the reviewer. */
const changeFromSettled = (operation: Sql, path: Sql) => sql`CASE WHEN ${operation} = 'deleted' THEN 'deleted'
  WHEN review_items.settled_path IS NULL THEN 'created' WHEN review_items.settled_path = ${path} THEN 'modified' ELSE 'renamed' END`;

function changeOf(v: VersionWritten, settledPath: string | null): ReviewChange {
  if (v.operation === "deleted") return "deleted";
  if (settledPath === null) return "created";
  return settledPath === v.path ? "modified" : "renamed";
}

/** The authors (and findings) of a state a deliberate act put back or kept, which an item then names (lib/memory/review/deliberate.ts). */
type PutBackState = { authors: readonly Actor[]; findings?: readonly ItemFinding[] };

/**
 * What a new pending version does to an open item: it becomes the head the reviewer compares to,
 * and its author joins the item's (a deliberate act names the state's own instead).
 */
function extendItem(v: VersionWritten, put?: PutBackState) {
  const findings = findingsJson(v.findings, v.versionId);
  const who = put ? sql`authors = ${authorsJson(put.authors)}` : sql`authors = ${withAuthor(sql`review_items.authors`, v.actor)}`;
  // A state put back holds its own writes' findings, no longer those of what it replaced.
  const found = put?.findings
    ? sql`findings = ${put.findings.length ? JSON.stringify(put.findings) : null}, `
    : findings === null
      ? empty
      : sql`findings = ${appendFindings(sql`${findings}`)}, `;
  return sql`${found}${who},
    head_version_id = ${v.versionId}, head_operation = ${v.operation}, path = ${v.path},
    change = ${changeFromSettled(sql`${v.operation}`, sql`${v.path}`)},
    version_count = review_items.version_count + 1, stale_reason = NULL,
    last_actor_type = ${v.actor.type}, last_actor_id = ${actorId(v.actor)}, last_api_key_id = ${apiKeyIdOf(v.actor)},
    updated_at = ${v.at}`;
}

/**
 * Opens the memory's item at this version, or extends the open one: one statement. `reviewed` is
 * the condition on the store that decides whether a new item opens. Returns whether an item is
 * open now; a memory that starts awaiting review (not one whose open item grows) is announced once.
 */
async function openOrExtend(tx: SqlClient, v: VersionWritten, reviewed: Sql): Promise<boolean> {
  const opened = await tx.$queryRaw<{ version_count: number | bigint }[]>`
    INSERT INTO review_items (memory_id, store_id, workspace_id, settled_version_id, settled_path, head_version_id, head_operation, path, change, version_count,
      last_actor_type, last_actor_id, last_api_key_id, first_pending_at, updated_at, findings, authors)
    SELECT ${v.memoryId}, id, workspace_id, ${v.previousVersionId}, ${v.previousPath}, ${v.versionId}, ${v.operation}, ${v.path}, ${changeOf(v, v.previousPath)}, 1,
      ${v.actor.type}, ${actorId(v.actor)}, ${apiKeyIdOf(v.actor)}, ${v.at}, ${v.at}, ${findingsJson(v.findings, v.versionId)}, ${authorsJson([v.actor])}
    FROM memory_stores WHERE id = ${v.storeId} ${reviewed}
    ON CONFLICT (memory_id) DO UPDATE SET ${extendItem(v)}
    RETURNING version_count`;
  if (opened.length === 0) return false;
  if (Number(opened[0]!.version_count) === 1) await enqueueWebhookEvent(tx, { type: "review.pending", storeId: v.storeId, ...pendingEvent(v) });
  return true;
}

/**
 * Deliberate acts' versions that leave their memories holding writes nobody settled
 * (lib/memory/review/deliberate.ts): each memory awaits review from its last settled state (the
 * one before its version, when no item is open), naming that state's authors, whatever the
 * store's review policy. What extendItem does to an open item, for many of one store's at once: one statement
 * per hundred memories (a restore puts back thousands), each memory at most once in it.
 */
export async function awaitReviews(tx: SqlClient, storeId: string, all: readonly { v: VersionWritten; state: PutBackState }[]): Promise<void> {
  for (let i = 0; i < all.length; i += ITEMS_PER_STATEMENT) {
    const rows = all.slice(i, i + ITEMS_PER_STATEMENT).map(({ v, state }) => ({
      v,
      findings: state.findings?.length ? JSON.stringify(state.findings) : null,
      authors: authorsJson(state.authors),
    }));
    await upsertItems(tx, storeId, rows, { findings: sql`excluded.findings`, authors: sql`excluded.authors` });
  }
}

/**
 * Opens the items of versions of different memories of one store, or grows those already open,
 * in one statement: each row with its own findings and authors (JSON), `onConflict` what an open
 * item's become. A memory that starts awaiting review is announced, as openOrExtend does.
 */
async function upsertItems(
  tx: SqlClient,
  storeId: string,
  rows: readonly { v: VersionWritten; findings: string | null; authors: string }[],
  onConflict: { findings: Sql; authors: Sql },
): Promise<void> {
  const values = rows.map(
    ({ v, findings, authors }) => sql`(${v.memoryId}, ${storeId}, (SELECT workspace_id FROM store), ${v.previousVersionId}, ${v.previousPath}, ${v.versionId},
      ${v.operation}, ${v.path}, ${changeOf(v, v.previousPath)}, 1, ${v.actor.type}, ${actorId(v.actor)}, ${apiKeyIdOf(v.actor)}, ${v.at}, ${v.at},
      ${findings}, ${authors})`,
  );
  const opened = await tx.$queryRaw<{ memory_id: string; version_count: number | bigint }[]>`
    WITH store AS (SELECT workspace_id FROM memory_stores WHERE id = ${storeId})
    INSERT INTO review_items (memory_id, store_id, workspace_id, settled_version_id, settled_path, head_version_id, head_operation, path, change, version_count,
      last_actor_type, last_actor_id, last_api_key_id, first_pending_at, updated_at, findings, authors)
    VALUES ${join(values)}
    ON CONFLICT (memory_id) DO UPDATE SET findings = ${onConflict.findings}, authors = ${onConflict.authors},
      head_version_id = excluded.head_version_id, head_operation = excluded.head_operation, path = excluded.path,
      change = ${changeFromSettled(sql`excluded.head_operation`, sql`excluded.path`)},
      version_count = review_items.version_count + 1, stale_reason = NULL,
      last_actor_type = excluded.last_actor_type, last_actor_id = excluded.last_actor_id, last_api_key_id = excluded.last_api_key_id,
      updated_at = excluded.updated_at
    RETURNING memory_id, version_count`;
  const fresh = new Set(opened.filter((o) => Number(o.version_count) === 1).map((o) => o.memory_id));
  const announced = rows.filter(({ v }) => fresh.has(v.memoryId)).map(({ v }) => pendingEvent(v));
  if (announced.length > 0) await enqueueWebhookEvents(tx, "review.pending", storeId, announced);
}

const ITEMS_PER_STATEMENT = 100;

/** A deliberate act's version on a memory that awaits review, keeping what it held (an erasure's rewrite): the item grows, its authors stay. */
export async function extendOpenItem(tx: SqlClient, v: VersionWritten): Promise<boolean> {
  const [row] = await tx.$queryRaw<{ authors: string | null; last_actor_type: string; last_actor_id: string; last_api_key_id: string | null }[]>`
    SELECT authors, last_actor_type, last_actor_id, last_api_key_id FROM review_items WHERE memory_id = ${v.memoryId}`;
  if (!row) return false;
  const last = actorFromColumns(row.last_actor_type, row.last_actor_id)!;
  const authors = authorsFromColumn(row.authors, last.type === "session_actor" && row.last_api_key_id ? { ...last, api_key_id: row.last_api_key_id } : last);
  await tx.$executeRaw`UPDATE review_items SET ${extendItem(v, { authors })} WHERE memory_id = ${v.memoryId}`;
  return true;
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
  if (options.settling) return;
  // A write the policy's detectors held is reviewed whatever the store's review policy says.
  const held = (v.findings?.length ?? 0) > 0;
  if (await openOrExtend(tx, v, held ? empty : sql`AND review_policy IN (${join(policiesReviewing(v.actor))})`)) return;
  if (isAgent(v.actor)) {
    await tx.$executeRaw`UPDATE review_items SET ${extendItem(v)} WHERE memory_id = ${v.memoryId}`;
    return;
  }
  await settleOpenItem(tx, v.memoryId, { action: "edited", actor: v.actor }, v.versionId);
}

/**
 * trackChange for many versions of one store written together by one actor (a directory the
 * memory tool deletes or moves), each of a different memory, in the caller's transaction under
 * the store's lock. Those whose author the store's policy reviews, or that the detectors held,
 * open or extend their items with one statement per hundred, exactly as openOrExtend does one;
 * the rest (nobody reviews them: an open item grows or a person's write settles it) go one by
 * one through trackChange.
 */
export async function trackChanges(tx: SqlClient, all: readonly VersionWritten[], options: { settling?: boolean } = {}): Promise<void> {
  if (options.settling || all.length === 0) return;
  const { storeId, actor } = all[0]!;
  if (all.some((v) => v.storeId !== storeId || v.actor !== actor)) throw new Error("trackChanges: one store's versions, by one actor");
  const [store] = await tx.$queryRaw<{ review_policy: string }[]>`SELECT review_policy FROM memory_stores WHERE id = ${storeId}`;
  const reviewed = store !== undefined && (policiesReviewing(actor) as string[]).includes(store.review_policy);
  const held = (v: VersionWritten) => (v.findings?.length ?? 0) > 0;
  const opening = all.filter((v) => reviewed || held(v));
  // What extendItem does to an open item, for each: the new version's findings appended, its author added.
  const onConflict = {
    findings: sql`CASE WHEN excluded.findings IS NULL THEN review_items.findings ELSE ${appendFindings(sql`excluded.findings`)} END`,
    authors: withAuthor(sql`review_items.authors`, actor),
  };
  for (let i = 0; i < opening.length; i += ITEMS_PER_STATEMENT) {
    const rows = opening.slice(i, i + ITEMS_PER_STATEMENT).map((v) => ({ v, findings: findingsJson(v.findings, v.versionId), authors: authorsJson([actor]) }));
    await upsertItems(tx, storeId, rows, onConflict);
  }
  for (const v of all) if (!reviewed && !held(v)) await trackChange(tx, v, options);
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
  if (all.length === 0 || options.settling) return;
  const [store] = await tx.$queryRaw<
    { review_policy: string; workspace_id: string }[]
  >`SELECT review_policy, workspace_id FROM memory_stores WHERE id = ${storeId}`;
  if (!store) return;
  const reviewed = (policiesReviewing(actor) as string[]).includes(store.review_policy);
  // Held writes are reviewed whatever the store's review policy says (as in trackChange).
  const created = reviewed ? all : all.filter((c) => (c.findings?.length ?? 0) > 0);
  if (created.length === 0) return;
  const change: ReviewChange = "created";
  const operation: VersionOperation = "created";
  const rows = created.map(
    (c) => sql`(${c.memoryId}, ${storeId}, ${store.workspace_id}, NULL, NULL, ${c.versionId}, ${operation}, ${c.path}, ${change}, 1,
      ${actor.type}, ${actorId(actor)}, ${apiKeyIdOf(actor)}, ${at}, ${at}, ${findingsJson(c.findings, c.versionId)}, ${authorsJson([actor])})`,
  );
  await tx.$executeRaw`
    INSERT INTO review_items (memory_id, store_id, workspace_id, settled_version_id, settled_path, head_version_id, head_operation, path, change, version_count,
      last_actor_type, last_actor_id, last_api_key_id, first_pending_at, updated_at, findings, authors)
    VALUES ${join(rows)}`;
  // Each item opened here is announced, as openOrExtend does for one.
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
