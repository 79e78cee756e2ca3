import type Anthropic from "@anthropic-ai/sdk";
import { NotFoundError } from "@anthropic-ai/sdk";

/** A memory of the store as the listing shows it (without content). */
export interface RemoteMemory {
  id: string;
  sha: string;
}

/** A memory with its content, fetched just before it is written locally. */
export interface RemoteContent {
  id: string;
  path: string;
  content: string;
  sha: string;
  versionId: string;
}

/** Every memory of the store by path: the basic view (no content) pages 100 at a time. */
export async function listRemote(client: Anthropic, storeId: string): Promise<Map<string, RemoteMemory>> {
  const found = new Map<string, RemoteMemory>();
  for await (const item of client.beta.memoryStores.memories.list(storeId, { view: "basic", limit: 100 })) {
    if (item.type === "memory") found.set(item.path, { id: item.id, sha: item.content_sha256 });
  }
  return found;
}

/** The memory with its content, or null if it was deleted since the listing. */
export async function fetchRemote(client: Anthropic, storeId: string, id: string): Promise<RemoteContent | null> {
  try {
    const memory = await client.beta.memoryStores.memories.retrieve(id, { memory_store_id: storeId, view: "full" });
    return { id: memory.id, path: memory.path, content: memory.content ?? "", sha: memory.content_sha256, versionId: memory.memory_version_id };
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}
