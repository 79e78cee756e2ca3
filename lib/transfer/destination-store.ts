import type Anthropic from "@anthropic-ai/sdk";
import type { BetaManagedAgentsMemoryStore } from "@anthropic-ai/sdk/resources/beta/memory-stores/memory-stores";

/**
 * The metadata key that ties a destination store to the store it copies, so that a re-run (after
 * an interruption, or to pick up changes) finds the same store instead of making another.
 */
export const SOURCE_KEY = "transferred_from";

/** `<source server origin>/<store id>`, within the 512-character metadata value limit. */
export const sourceMarker = (fromBaseURL: string, storeId: string) => `${new URL(fromBaseURL).origin}/${storeId}`.slice(0, 512);

/** The destination store: the one named, the one whose metadata marks it as this source's copy, or null. */
export async function findDestination(to: Anthropic, marker: string, toStoreId?: string): Promise<BetaManagedAgentsMemoryStore | null> {
  if (toStoreId) return to.beta.memoryStores.retrieve(toStoreId);
  for await (const store of to.beta.memoryStores.list({ limit: 100 })) {
    if (store.metadata?.[SOURCE_KEY] === marker) return store;
  }
  return null;
}

/** A new destination store with the source's name, description and metadata, plus the marker. */
export async function createDestination(to: Anthropic, source: BetaManagedAgentsMemoryStore, marker: string): Promise<BetaManagedAgentsMemoryStore> {
  const metadata = { ...(source.metadata ?? {}), [SOURCE_KEY]: marker };
  if (Object.keys(metadata).length > 16) {
    throw new Error(`The source store has 16 metadata keys, so the copy cannot be marked with ${SOURCE_KEY}: pass --to-store with a store made for it.`);
  }
  return to.beta.memoryStores.create({ name: source.name, description: source.description ?? undefined, metadata });
}
