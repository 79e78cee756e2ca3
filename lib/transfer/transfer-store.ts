import Anthropic from "@anthropic-ai/sdk";
import { fetchRemote, listRemote, type RemoteMemory } from "../mirror/remote-memories.ts";
import { createDestination, findDestination, sourceMarker } from "./destination-store.ts";
import { copyHistory } from "./copy-history.ts";

export interface Endpoint {
  baseURL: string;
  apiKey: string;
  /** Sent as anthropic-workspace-id: the workspace an organisation-scoped key acts in (Default without it). */
  workspaceId?: string;
}

export interface TransferOptions {
  from: Endpoint;
  to: Endpoint;
  storeId: string;
  /** Copy into this store; otherwise the store marked as this source's copy, or a new one. */
  toStoreId?: string;
  /** First replay the full history (both servers must be Memory Consoles); only into a new or empty store. */
  history?: boolean;
  /** Memories copied at once. */
  concurrency?: number;
  onProgress?: (progress: TransferProgress) => void;
  /** Stops scheduling more memories; what is in flight finishes, and the report says it was interrupted. */
  signal?: AbortSignal;
}

export interface TransferProgress {
  total: number;
  done: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
}

export interface TransferReport extends TransferProgress {
  sourceStoreId: string;
  destinationStoreId: string;
  createdStore: boolean;
  /** Versions replayed by --history (0 when the destination already held memories). */
  versionsImported: number;
  failures: { path: string; message: string }[];
  /** Memories of the destination at paths the source does not have (left as they are). */
  onlyInDestination: number;
  interrupted: boolean;
  /** After the run, every source path is in the destination with the same content_sha256. */
  identical: boolean;
}

const client = (endpoint: Endpoint) =>
  new Anthropic({
    baseURL: endpoint.baseURL,
    apiKey: endpoint.apiKey,
    maxRetries: 3,
    timeout: 120_000,
    ...(endpoint.workspaceId && { defaultHeaders: { "anthropic-workspace-id": endpoint.workspaceId } }),
  });

/**
 * Copies a store's current memories between two Memory Stores API servers (this project's or
 * the hosted API) through the official SDK: list both sides, skip what already matches by
 * `content_sha256`, create what is missing and update what differs, conditional on the
 * destination hash it saw. Running it again converges, so an interrupted transfer is resumed by
 * running it again: the destination store is found by its `transferred_from` metadata.
 */
export async function transferStore(options: TransferOptions): Promise<TransferReport> {
  const from = client(options.from);
  const to = client(options.to);
  const source = await from.beta.memoryStores.retrieve(options.storeId);
  const marker = sourceMarker(options.from.baseURL, source.id);
  let destination = await findDestination(to, marker, options.toStoreId);
  const createdStore = !destination;
  destination ??= await createDestination(to, source, marker);

  let versionsImported = 0;
  if (options.history) versionsImported = await copyHistory(options.from, options.to, source.id, destination.id, (await listRemote(to, destination.id)).size);

  const wanted = await listRemote(from, source.id);
  const present = await listRemote(to, destination.id);
  const progress: TransferProgress = { total: wanted.size, done: 0, created: 0, updated: 0, unchanged: 0, failed: 0 };
  const failures: TransferReport["failures"] = [];
  const queue = [...wanted].sort(([a], [b]) => (a < b ? -1 : 1));
  const step = (outcome: "created" | "updated" | "unchanged" | "failed") => {
    progress[outcome] += 1;
    progress.done += 1;
    options.onProgress?.({ ...progress });
  };

  const copyOne = async (path: string, memory: RemoteMemory) => {
    const existing = present.get(path);
    if (existing?.sha === memory.sha) return step("unchanged");
    try {
      const full = await fetchRemote(from, source.id, memory.id);
      if (!full) throw new Error("deleted on the source during the transfer");
      if (existing) {
        await to.beta.memoryStores.memories.update(existing.id, {
          memory_store_id: destination.id,
          content: full.content,
          precondition: { type: "content_sha256", content_sha256: existing.sha },
        });
        step("updated");
      } else {
        await to.beta.memoryStores.memories.create(destination.id, { path, content: full.content });
        step("created");
      }
    } catch (error) {
      failures.push({ path, message: (error as Error).message.slice(0, 300) });
      step("failed");
    }
  };

  const workers = Array.from({ length: options.concurrency ?? 4 }, async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      if (options.signal?.aborted) return;
      await copyOne(...next);
    }
  });
  await Promise.all(workers);

  const after = await listRemote(to, destination.id);
  return {
    ...progress,
    sourceStoreId: source.id,
    destinationStoreId: destination.id,
    createdStore,
    versionsImported,
    failures,
    onlyInDestination: [...after.keys()].filter((path) => !wanted.has(path)).length,
    interrupted: !!options.signal?.aborted && progress.done < progress.total,
    identical: [...wanted].every(([path, m]) => after.get(path)?.sha === m.sha),
  };
}
