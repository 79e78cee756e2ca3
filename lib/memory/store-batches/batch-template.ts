import type { Db } from "../db.ts";
import { conflict, invalidRequest } from "../errors.ts";
import { planDigest } from "../bulk/lifecycle.ts";
import { letOthersRun } from "../let-others-run.ts";
import { assertStoreInWorkspace } from "../stores/assert-store-in-workspace.ts";
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
