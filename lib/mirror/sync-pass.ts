import { scanLocal, type LocalFile } from "./local-files.ts";
import { isPrivatePath } from "./private-names.ts";
import { listRemote, type RemoteMemory } from "./remote-memories.ts";
import { saveState } from "./state.ts";
import { dropLocal, isOutage, pull, push, resolveConflict, type SyncContext, type Tally } from "./sync-actions.ts";

/**
 * One path, three-way: the local hash, the store's hash, and the hash both last agreed on
 * (the base). Whichever side still has the base is unchanged and takes the other side's
 * change; both changed means a conflict, in which no side's text is lost. An edit beats a
 * deletion on either side.
 */
async function syncPath(ctx: SyncContext, path: string, local: LocalFile | undefined, remote: RemoteMemory | undefined, tally: Tally) {
  const base = ctx.state.base[path];
  const localSha = local?.sha;
  const remoteSha = remote?.sha;
  if (localSha === remoteSha) {
    if (localSha === undefined) delete ctx.state.base[path];
    else ctx.state.base[path] = localSha;
    return;
  }
  if (localSha === base) {
    if (remote) return pull(ctx, path, remote, localSha, tally);
    return dropLocal(ctx, path, localSha!, tally);
  }
  if (remoteSha === base || !remote) {
    // Only the folder changed, or the store deleted a file that was edited here: the edit goes up.
    if (!ctx.readOnly) await push(ctx, path, localSha, remote, tally);
    return;
  }
  // The store changed it; here it was deleted (the store's edit comes back) or edited too.
  if (!local) return pull(ctx, path, remote, undefined, tally);
  return resolveConflict(ctx, path, local.sha, remote, tally);
}

/**
 * One sync pass: list the store, scan the folder, settle every path, save the state. An outage
 * stops the pass (the state saved so far stays right: a path both sides agree on needs nothing).
 */
export async function syncOnce(ctx: SyncContext): Promise<Tally> {
  const tally: Tally = { pulled: 0, pushed: 0, conflicts: 0, deferred: 0 };
  const remote = await listRemote(ctx.client, ctx.storeId);
  for (const path of remote.keys()) {
    if (!isPrivatePath(path)) continue;
    remote.delete(path);
    ctx.warn(`private:${path}`, `left alone: ${path} in the store has a name the mirror keeps for itself`);
  }
  const skipped = new Set<string>();
  const local = await scanLocal(ctx.dir, ctx.state.hashes, (path, why) => {
    skipped.add(path);
    ctx.warn(`skip:${path}`, `left alone: ${path} (${why})`);
  });
  const paths = new Set([...remote.keys(), ...local.keys(), ...Object.keys(ctx.state.base)]);
  try {
    for (const path of [...paths].sort()) {
      if (skipped.has(path)) continue;
      try {
        await syncPath(ctx, path, local.get(path), remote.get(path), tally);
      } catch (error) {
        if (isOutage(error)) throw error;
        ctx.warn(`${path}:${(error as Error).message}`, `could not sync ${path}: ${(error as Error).message}`);
      }
    }
  } finally {
    await saveState(ctx.dir, ctx.state);
  }
  return tally;
}
