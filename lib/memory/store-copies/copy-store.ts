import type { Actor } from "../actor.ts";
import { recordAuditEvent } from "../audit/record-audit-event.ts";
import type { Db, MemoryStore } from "../db.ts";
import { newId } from "../ids.ts";
import { letOthersRun } from "../let-others-run.ts";
import { validatePathPrefix } from "../paths.ts";
import { assertStoreInWorkspace } from "../stores/assert-store-in-workspace.ts";
import { checkNewStore, insertStore } from "../stores/create-store.ts";
import { getStore } from "../stores/get-store.ts";
import { lockStore } from "../stores/lock-store.ts";
import { copyMark } from "./copy-mark.ts";
import { writeCopies } from "./copy-memories.ts";
import { liveMemoryPages } from "./live-memories.ts";

/** A copy of a full store (10,000 memories of up to 100 KB) is one transaction, as an import of one is. */
const COPY_TIMEOUT_MS = 300_000;

export interface CopyStoreInput {
  sourceStoreId: string;
  name: unknown;
  description?: unknown;
  metadata?: unknown;
  /** Only the memories under this folder (`/notes/`); all of them when null. Paths are kept as they are. */
  pathPrefix?: string | null;
  actor: Actor;
  /** The request's workspace: the source must be in it (another's answers as missing), and the copy lands there. */
  workspaceId: string;
}

/**
 * A new store holding the source's current memories (under `pathPrefix`), not their history:
 * each copied memory gets one `created` version marked as copied from the source
 * (lib/memory/store-copies/copy-mark.ts). One transaction: the store appears whole or not at
 * all. The source is locked for it, so the copy is the source at one moment on both engines;
 * the lock order is a store move's (the store, then the workspace).
 */
export async function copyStore(db: Db, input: CopyStoreInput): Promise<MemoryStore> {
  const fields = checkNewStore({ name: input.name, description: input.description, metadata: input.metadata, workspaceId: input.workspaceId });
  const prefix = input.pathPrefix == null ? "/" : validatePathPrefix(input.pathPrefix);
  return db.sqlTransaction(
    async (tx) => {
      await assertStoreInWorkspace(tx, input.workspaceId, input.sourceStoreId);
      await lockStore(tx, input.sourceStoreId);
      const store = await insertStore(tx, fields);
      await lockStore(tx, store.id);
      const copyId = newId("stcopy");
      const mark = copyMark({ copyId, sourceStoreId: input.sourceStoreId, by: input.actor, at: new Date() });
      const options = { actor: input.actor, mark, batch: db.dialect.importBatch, deferSearchIndex: db.dialect.bulkWritesDeferSearchIndex };
      let copied = 0;
      for await (const page of liveMemoryPages(tx, input.sourceStoreId, { prefix, withContent: true, pageSize: db.dialect.importBatch })) {
        await writeCopies(
          tx,
          store.id,
          page.map((m) => ({ path: m.path, content: m.content! })),
          options,
        );
        copied += page.length;
        await letOthersRun();
      }
      await recordAuditEvent(tx, {
        action: "memory_store.copied",
        actor: input.actor,
        target: { type: "memory_store", id: store.id },
        storeId: store.id,
        workspaceId: input.workspaceId,
        details: { copy_id: copyId, source_memory_store_id: input.sourceStoreId, path_prefix: prefix, memories: copied },
      });
      return getStore(tx, store.id);
    },
    { timeoutMs: COPY_TIMEOUT_MS },
  );
}
