import { actorFromColumns, type Actor } from "../actor.ts";
import { raw } from "../db.ts";
import type { ReviewAction, ReviewChange } from "./policy.ts";
import type { Finding } from "../policies/findings.ts";
import { authorsFromColumn } from "./review-authors.ts";

/** Review items and decisions are read and written with hand-written SQL, like memories. */
const ITEM_COLUMNS = [
  "memory_id",
  "store_id",
  "settled_version_id",
  "settled_path",
  "head_version_id",
  "head_operation",
  "path",
  "change",
  "version_count",
  "last_actor_type",
  "last_actor_id",
  "last_api_key_id",
  "first_pending_at",
  "updated_at",
  "findings",
  "authors",
  "stale_reason",
];
export const itemColumns = (alias = "") => raw(ITEM_COLUMNS.map((c) => `${alias}${c}`).join(", "));

export interface ReviewItemRow {
  memory_id: string;
  store_id: string;
  settled_version_id: string | null;
  settled_path: string | null;
  head_version_id: string;
  head_operation: string;
  path: string;
  change: string;
  version_count: number | bigint;
  last_actor_type: string;
  last_actor_id: string;
  last_api_key_id: string | null;
  first_pending_at: Date | string;
  updated_at: Date | string;
  findings: string | null;
  authors: string | null;
  stale_reason: string | null;
  store_name?: string;
}

export interface ReviewItemRecord {
  memoryId: string;
  storeId: string;
  storeName?: string;
  /** The last settled version; null when everything the memory ever had awaits review. */
  settledVersionId: string | null;
  /** The memory's path when settled; null when it did not exist then. */
  settledPath: string | null;
  headVersionId: string;
  headOperation: string;
  path: string;
  change: ReviewChange;
  versionCount: number;
  lastActor: Actor;
  firstPendingAt: Date;
  updatedAt: Date;
  /** What the write policy's detectors found in the writes held here (lib/memory/policies), oldest first. */
  findings: ItemFinding[];
  /**
   * Who wrote what awaits review, in the order they first wrote (review-authors.ts): the agents
   * whose writes the head holds, also when a deliberate act put their unreviewed state back
   * (then the last actor is whoever carried the act out).
   */
  authors: Actor[];
  /** Why a stale item is stale: "unchanged for 90 days", "unread for 90 days"; null otherwise (and for items of before). */
  staleReason: string | null;
}

export type ItemFinding = Finding & { version_id: string };

export function itemFromRow(row: ReviewItemRow): ReviewItemRecord {
  const actor = actorFromColumns(row.last_actor_type, row.last_actor_id)!;
  const lastActor: Actor = actor.type === "session_actor" && row.last_api_key_id ? { ...actor, api_key_id: row.last_api_key_id } : actor;
  return {
    memoryId: row.memory_id,
    storeId: row.store_id,
    ...(row.store_name !== undefined ? { storeName: row.store_name } : {}),
    settledVersionId: row.settled_version_id,
    settledPath: row.settled_path,
    headVersionId: row.head_version_id,
    headOperation: row.head_operation,
    path: row.path,
    change: row.change as ReviewChange,
    versionCount: Number(row.version_count),
    lastActor,
    firstPendingAt: new Date(row.first_pending_at),
    updatedAt: new Date(row.updated_at),
    findings: row.findings === null ? [] : (JSON.parse(row.findings) as ItemFinding[]),
    authors: authorsFromColumn(row.authors, lastActor),
    staleReason: row.stale_reason,
  };
}

const DECISION_COLUMNS = [
  "id",
  "store_id",
  "memory_id",
  "action",
  "from_version_id",
  "to_version_id",
  "result_version_id",
  "redacted",
  "reviewer_type",
  "reviewer_id",
  "batch_id",
  "reason",
  "created_at",
];
export const decisionColumns = () => raw(DECISION_COLUMNS.join(", "));

export interface ReviewDecisionRow {
  id: string;
  store_id: string;
  memory_id: string;
  action: string;
  from_version_id: string | null;
  to_version_id: string;
  result_version_id: string | null;
  redacted: boolean | number | bigint;
  reviewer_type: string;
  reviewer_id: string;
  batch_id: string | null;
  reason: string | null;
  created_at: Date | string;
}

export interface ReviewDecisionRecord {
  id: string;
  storeId: string;
  memoryId: string;
  action: ReviewAction;
  /** The versions after this one (all of them when null) up to `toVersionId` were decided. */
  fromVersionId: string | null;
  toVersionId: string;
  /** The version a revert or an edit wrote, if any. */
  resultVersionId: string | null;
  redacted: boolean;
  reviewer: Actor;
  batchId: string | null;
  /** What the reviewer wrote about the decision, if anything. */
  reason: string | null;
  createdAt: Date;
}

export function decisionFromRow(row: ReviewDecisionRow): ReviewDecisionRecord {
  return {
    id: row.id,
    storeId: row.store_id,
    memoryId: row.memory_id,
    action: row.action as ReviewAction,
    fromVersionId: row.from_version_id,
    toVersionId: row.to_version_id,
    resultVersionId: row.result_version_id,
    redacted: Boolean(Number(row.redacted)),
    reviewer: actorFromColumns(row.reviewer_type, row.reviewer_id)!,
    batchId: row.batch_id,
    reason: row.reason,
    createdAt: new Date(row.created_at),
  };
}
