import { scanLocal, type LocalFile } from "./local-files.ts";
import { localSegments, shown, UnsafePathError } from "./local-names.ts";
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

/** Why a store's memory must never become a file in the folder, or null if it may. */
function unwritable(path: string): string | null {
  if (isPrivatePath(path)) return "a name the mirror keeps for itself";
  try {
    localSegments(path);
    return null;
  } catch (error) {
    if (error instanceof UnsafePathError) return `cannot be a local file: ${error.message}`;
    throw error;
  }
}

/** The path itself or the nearest of its folders that the scan skipped, if any. */
function blockedBy(path: string, skipped: Map<string, string>): string | undefined {
  if (skipped.size === 0) return undefined;
  for (let end = path.indexOf("/", 1); end !== -1; end = path.indexOf("/", end + 1)) {
    if (skipped.has(path.slice(0, end))) return path.slice(0, end);
  }
  return skipped.has(path) ? path : undefined;
}

/**
 * One sync pass: list the store, scan the folder, settle every path, save the state. An outage
 * stops the pass (the state saved so far stays right: a path both sides agree on needs nothing).
 */
export async function syncOnce(ctx: SyncContext): Promise<Tally> {
  const tally: Tally = { pulled: 0, pushed: 0, conflicts: 0, deferred: 0 };
  const remote = await listRemote(ctx.client, ctx.storeId);
  for (const path of remote.keys()) {
    const why = unwritable(path);
    if (!why) continue;
    remote.delete(path);
    ctx.warn(`store:${path}`, `left alone: ${shown(path)} in the store (${why})`);
  }
  // A skipped local path covers everything below it: a linked folder is not descended, so its
  // memories must not read as deleted here, nor be written through the link.
  const skipped = new Map<string, string>();
  const local = await scanLocal(ctx.dir, ctx.state.hashes, (path, why) => void skipped.set(path, why));
  const paths = new Set([...remote.keys(), ...local.keys(), ...skipped.keys(), ...Object.keys(ctx.state.base)]);
  try {
    for (const path of [...paths].sort()) {
      if (unwritable(path)) continue;
      const blocker = blockedBy(path, skipped);
      if (blocker) {
        const why = `${blocker === path ? "" : `${shown(blocker)} `}${skipped.get(blocker)}`;
        ctx.warn(`skip:${path}:${why}`, `left alone: ${shown(path)} (${why})`);
        continue;
      }
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
