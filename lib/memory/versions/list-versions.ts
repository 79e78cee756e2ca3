import type { Db } from "../db.ts";
import { invalidRequest } from "../errors.ts";
import { getStore } from "../stores/get-store.ts";
import type { VersionRecord } from "./get-version.ts";

export const OPERATIONS = ["created", "modified", "deleted"] as const;
export type VersionOperation = (typeof OPERATIONS)[number];

export interface ListVersionsInput {
  storeId: string;
  memoryId?: string;
  operation?: string;
  apiKeyId?: string;
  sessionId?: string;
  userId?: string;
  serviceAccountId?: string;
  createdAtGte?: Date;
  createdAtLte?: Date;
  withContent: boolean;
  limit: number;
  /** Continue after this version id (newest first, so: ids below it). */
  afterId?: string;
}

function actorFilter(input: ListVersionsInput) {
  const filters = [
    ["api_actor", input.apiKeyId],
    ["session_actor", input.sessionId],
    ["user_actor", input.userId],
    ["service_account_actor", input.serviceAccountId],
  ].filter(([, id]) => id !== undefined);
  if (filters.length > 1) throw invalidRequest("Filter versions by at most one of api_key_id, session_id, user_id and service_account_id.");
  const [type, id] = filters[0] ?? [];
  return type ? { createdByType: type, createdById: id } : {};
}

/** A store's versions newest first, with the API's filters. Versions outlive their memory. */
export async function listVersions(db: Db, input: ListVersionsInput) {
  if (input.operation !== undefined && !OPERATIONS.includes(input.operation as VersionOperation)) {
    throw invalidRequest(`operation: must be one of ${OPERATIONS.join(", ")}.`);
  }
  const rows: (VersionRecord | Omit<VersionRecord, "content">)[] = await db.read.memoryVersion.findMany({
    where: {
      storeId: input.storeId,
      ...(input.memoryId !== undefined && { memoryId: input.memoryId }),
      ...(input.operation !== undefined && { operation: input.operation }),
      ...actorFilter(input),
      ...(input.createdAtGte || input.createdAtLte
        ? { createdAt: { ...(input.createdAtGte && { gte: input.createdAtGte }), ...(input.createdAtLte && { lte: input.createdAtLte }) } }
        : {}),
      ...(input.afterId && { id: { lt: input.afterId } }),
    },
    orderBy: { id: "desc" },
    take: input.limit + 1,
    ...(input.withContent ? {} : { omit: { content: true } }),
  });
  if (rows.length === 0 && !input.afterId) await getStore(db.read, input.storeId);
  const hasMore = rows.length > input.limit;
  const items = hasMore ? rows.slice(0, input.limit) : rows;
  return { items, nextAfterId: hasMore ? items[items.length - 1]!.id : null };
}
