import type { Actor } from "../actor.ts";
import type { Db } from "../db.ts";
import { conflict, invalidRequest } from "../errors.ts";
import { planDigest } from "../bulk/lifecycle.ts";
import { letOthersRun } from "../let-others-run.ts";
import { assertStoreInWorkspace } from "../stores/assert-store-in-workspace.ts";
import { checkNewStore, insertStore } from "../stores/create-store.ts";
import { lockStore } from "../stores/lock-store.ts";
import { copyMark } from "../store-copies/copy-mark.ts";
import { writeCopies } from "../store-copies/copy-memories.ts";
import { liveMemoryPages } from "../store-copies/live-memories.ts";
import { STORE_BATCH_LIMITS } from "./store-batch-limits.ts";

export interface TemplateSeen {
  storeId: string;
  memoryCount: number;
  /** What the template held, as (path, content_sha256) pairs: the execution copies it only if it still holds exactly that. */
  digest: string;
}

const PAGE = 500;

/**
 * A batch's template as its dry run sees it: a store of the workspace (another's answers as
 * missing) small enough to be held once in memory and written into every new store.
 */
export async function seeTemplate(db: Db, storeId: string, workspaceId: string): Promise<TemplateSeen> {
  await assertStoreInWorkspace(db.sql, workspaceId, storeId);
  const pairs: [string, string][] = [];
  let bytes = 0;
  for await (const page of liveMemoryPages(db.sql, storeId, { prefix: "/", withContent: false, pageSize: PAGE })) {
    for (const m of page) pairs.push([m.path, m.contentSha256]);
    bytes += page.reduce((n, m) => n + m.contentSizeBytes, 0);
    if (pairs.length > STORE_BATCH_LIMITS.templateMemories || bytes > STORE_BATCH_LIMITS.templateBytes) {
      throw invalidRequest(
        `template_store_id: a batch's template holds at most ${STORE_BATCH_LIMITS.templateMemories.toLocaleString("en-US")} memories and ${STORE_BATCH_LIMITS.templateBytes / 1024 / 1024} MB; copy a larger store one at a time (POST /v1/store_copies).`,
      );
    }
    await letOthersRun();
  }
  return { storeId, memoryCount: pairs.length, digest: planDigest(pairs) };
}

/**
 * The template's memories with their content, for an execution, if it still holds what the dry
 * run saw; otherwise the execution is refused before anything is written.
 */
export async function readTemplate(db: Db, seen: TemplateSeen, workspaceId: string): Promise<{ path: string; content: string }[]> {
  await assertStoreInWorkspace(db.sql, workspaceId, seen.storeId);
  const memories: { path: string; content: string; sha: string }[] = [];
  for await (const page of liveMemoryPages(db.sql, seen.storeId, { prefix: "/", withContent: true, pageSize: PAGE })) {
    for (const m of page) memories.push({ path: m.path, content: m.content!, sha: m.contentSha256 });
    if (memories.length > seen.memoryCount) break;
    await letOthersRun();
  }
  if (planDigest(memories.map((m) => [m.path, m.sha])) !== seen.digest) {
    throw conflict(`The template ${seen.storeId} has changed since the dry run; run the dry run again to copy what it holds now.`);
  }
  return memories.map(({ path, content }) => ({ path, content }));
}

const TRIAL_OVER = Symbol("the trial copy is rolled back");

/**
 * The template's memories written into a new store of the workspace, as a batch writes them, in
 * a transaction that is then rolled back: the store's write policy (the workspace's default)
 * reads them as it will for every store of the batch. A policy that refuses them refuses the
 * execution here, before it is claimed, so the dry run stays good for when the policy or the
 * template changes; a refusal in the first chunk would leave the batch running with nothing done.
 */
export async function tryTemplate(
  db: Db,
  input: { workspaceId: string; batchId: string; templateStoreId: string; memories: readonly { path: string; content: string }[]; actor: Actor },
) {
  try {
    await db.sqlTransaction(async (tx) => {
      const store = await insertStore(tx, checkNewStore({ name: "template trial", workspaceId: input.workspaceId }));
      await lockStore(tx, store.id);
      const mark = copyMark({ copyId: input.batchId, sourceStoreId: input.templateStoreId, by: input.actor, at: new Date() });
      await writeCopies(tx, store.id, input.memories, {
        actor: input.actor,
        mark,
        batch: db.dialect.importBatch,
        deferSearchIndex: db.dialect.bulkWritesDeferSearchIndex,
      });
      throw TRIAL_OVER;
    });
  } catch (error) {
    if (error !== TRIAL_OVER) throw error;
  }
}
