import { APIConnectionError, APIError, BadRequestError, ConflictError, NotFoundError, PermissionDeniedError } from "@anthropic-ai/sdk";
import type Anthropic from "@anthropic-ai/sdk";
import { currentSha, existsLocal, readText, removeLocal, writeLocal } from "./local-files.ts";
import { conflictName } from "./private-names.ts";
import { fetchRemote, type RemoteMemory } from "./remote-memories.ts";
import type { MirrorState } from "./state.ts";

export interface SyncContext {
  client: Anthropic;
  storeId: string;
  dir: string;
  readOnly: boolean;
  state: MirrorState;
  /** One line per change made, on either side. */
  log(line: string): void;
  /** A problem with one path; said once per key, not on every pass. */
  warn(key: string, line: string): void;
  /** Test seam: runs just before a local edit is sent, to stage an edit in the store at that moment. */
  beforePush?(path: string): Promise<void>;
}

export interface Tally {
  pulled: number;
  pushed: number;
  conflicts: number;
  /** Paths that changed while the pass ran; the next pass merges them. */
  deferred: number;
}

type Envelope = { error?: { type?: string; message?: string; conflicting_path?: string } } | undefined;

/**
 * A request the store refused because it changed since the listing (a failed precondition, a
 * memory deleted meanwhile, the same path created meanwhile): nothing was changed, and the
 * next pass sees the new state and merges it. A path that overlaps another memory's folder
 * is not that: it stays refused until someone moves one of them.
 */
function storeMovedOn(error: unknown, path: string): boolean {
  if (error instanceof NotFoundError) return true;
  const detail = error instanceof ConflictError ? (error.error as Envelope)?.error : undefined;
  return detail?.type === "memory_precondition_failed_error" || (detail?.type === "memory_path_conflict_error" && detail.conflicting_path === path);
}

/** The server's own message from an error envelope. */
function apiMessage(error: APIError): string {
  return (error.error as Envelope)?.error?.message ?? error.message;
}

/** Store → folder: the memory's current content replaces the local file, unless that file changed since the scan. */
export async function pull(ctx: SyncContext, path: string, remote: RemoteMemory, expectedLocal: string | undefined, tally: Tally) {
  const memory = await fetchRemote(ctx.client, ctx.storeId, remote.id);
  if (!memory || memory.path !== path || (await currentSha(ctx.dir, path)) !== expectedLocal) return void tally.deferred++;
  await writeLocal(ctx.dir, path, memory.content);
  ctx.state.base[path] = memory.sha;
  tally.pulled++;
  ctx.log(`pulled ${path}`);
}

/** Store deleted it, the local file is as last synced: remove it. */
export async function dropLocal(ctx: SyncContext, path: string, expectedLocal: string, tally: Tally) {
  if ((await currentSha(ctx.dir, path)) !== expectedLocal) return void tally.deferred++;
  await removeLocal(ctx.dir, path);
  delete ctx.state.base[path];
  tally.pulled++;
  ctx.log(`removed ${path} (deleted in the store)`);
}

/**
 * Folder → store, only ever over the content the mirror last saw there: an update carries
 * `content_sha256` of that content as its precondition, a delete `expected_content_sha256`.
 */
export async function push(ctx: SyncContext, path: string, localSha: string | undefined, remote: RemoteMemory | undefined, tally: Tally) {
  const read = localSha === undefined ? undefined : await readText(ctx.dir, path).catch(() => null);
  if (read === null || read?.sha !== localSha) return void tally.deferred++;
  await ctx.beforePush?.(path);
  const memories = ctx.client.beta.memoryStores.memories;
  try {
    if (!read) {
      await memories.delete(remote!.id, { memory_store_id: ctx.storeId, expected_content_sha256: remote!.sha });
      delete ctx.state.base[path];
    } else {
      if (remote) {
        const precondition = { type: "content_sha256" as const, content_sha256: remote.sha };
        await memories.update(remote.id, { memory_store_id: ctx.storeId, content: read.text, precondition });
      } else {
        await memories.create(ctx.storeId, { path, content: read.text });
      }
      ctx.state.base[path] = read.sha;
    }
  } catch (error) {
    if (storeMovedOn(error, path)) {
      ctx.log(`not pushed ${path}: it changed in the store meanwhile; merging on the next pass`);
      return void tally.deferred++;
    }
    // A path or content the store refuses, an overlapping path, an archived store, a key that may only read: said once, retried each pass.
    if (error instanceof BadRequestError || error instanceof ConflictError || error instanceof PermissionDeniedError) {
      return ctx.warn(`${path}:${localSha}:${apiMessage(error)}`, `cannot push ${path}: ${apiMessage(error)}`);
    }
    throw error;
  }
  tally.pushed++;
  ctx.log(read ? `pushed ${path}` : `deleted ${path} in the store`);
}

async function freeConflictPath(ctx: SyncContext, path: string, versionId: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const candidate = conflictName(path, versionId, attempt);
    if (!(await existsLocal(ctx.dir, candidate))) return candidate;
  }
}

/**
 * Both sides changed the file differently. Neither is lost: the local text is saved beside as
 * `<name>.conflict-<memory_version_id>` first, then the store's version takes the name.
 */
export async function resolveConflict(ctx: SyncContext, path: string, localSha: string, remote: RemoteMemory, tally: Tally) {
  const memory = await fetchRemote(ctx.client, ctx.storeId, remote.id);
  const read = await readText(ctx.dir, path).catch(() => null);
  if (!memory || memory.path !== path || read?.sha !== localSha) return void tally.deferred++;
  if (memory.sha === read.sha) return void (ctx.state.base[path] = memory.sha);
  const copy = await freeConflictPath(ctx, path, memory.versionId);
  await writeLocal(ctx.dir, copy, read.text);
  if ((await currentSha(ctx.dir, path)) !== localSha) return void tally.deferred++;
  await writeLocal(ctx.dir, path, memory.content);
  ctx.state.base[path] = memory.sha;
  tally.conflicts++;
  ctx.log(`conflict ${path}: took the store's version; the local one is kept as ${copy.slice(1)}`);
}

/** The server is unreachable or failing: the pass stops and is tried again later. */
export function isOutage(error: unknown): boolean {
  return error instanceof APIConnectionError || (error instanceof APIError && (error.status ?? 0) >= 500);
}
