import type { Db, MemoryStore, SqlClient } from "../db.ts";
import { newId } from "../ids.ts";
import { DEFAULT_WORKSPACE_ID, lockLiveWorkspace } from "../workspace.ts";
import { DEFAULT_REVIEW_POLICY } from "../review/policy.ts";
import { validateMetadata, validateStoreDescription, validateStoreName } from "./store-rules.ts";

export interface CreateStoreInput {
  name: unknown;
  description?: unknown;
  metadata?: unknown;
  /** The workspace that owns the store (Default if not given). */
  workspaceId?: string;
}

/** The store's fields, checked; nothing written yet. */
export function checkNewStore(input: CreateStoreInput) {
  return {
    name: validateStoreName(input.name),
    description: input.description == null ? "" : validateStoreDescription(input.description),
    metadata: input.metadata == null ? {} : validateMetadata(input.metadata),
    workspaceId: input.workspaceId ?? DEFAULT_WORKSPACE_ID,
  };
}

/**
 * Writes a new store row in the caller's transaction: an import into a new store creates it in
 * the same transaction as its memories, so a failed import leaves no empty store behind.
 */
export async function insertStore(tx: SqlClient, fields: ReturnType<typeof checkNewStore>): Promise<MemoryStore> {
  await lockLiveWorkspace(tx, fields.workspaceId);
  const now = new Date();
  const store: MemoryStore = {
    id: newId("memstore"),
    name: fields.name,
    description: fields.description,
    metadata: JSON.stringify(fields.metadata),
    memoryCount: 0,
    contentBytes: 0,
    createdAt: now,
    updatedAt: now,
    archivedAt: null,
    reviewPolicy: DEFAULT_REVIEW_POLICY,
    historyHorizon: null,
    writePolicy: null,
    lastMemoryWriteAt: null,
    workspaceId: fields.workspaceId,
  };
  await tx.$executeRaw`
    INSERT INTO memory_stores (id, name, description, metadata, created_at, updated_at, workspace_id)
    VALUES (${store.id}, ${store.name}, ${store.description}, ${store.metadata}, ${now}, ${now}, ${store.workspaceId})`;
  return store;
}

export async function createStore(db: Db, input: CreateStoreInput) {
  const fields = checkNewStore(input);
  return db.sqlTransaction((tx) => insertStore(tx, fields));
}
