import type {
  BetaManagedAgentsMemory,
  BetaManagedAgentsMemoryListItem,
  BetaManagedAgentsMemoryStore,
  BetaManagedAgentsMemoryVersion,
} from "@anthropic-ai/sdk/resources/beta/memory-stores";
import type { listActorNames } from "@/lib/auth/actor-names.ts";
import type { apiKeyWire, principalWire, userWire } from "@/lib/http/admin-wire.ts";
import type { bulkDeletionWire } from "@/lib/http/bulk-deletion-wire.ts";
import type { erasureWire } from "@/lib/http/erasure-wire.ts";
import type { searchHitWire } from "@/lib/http/search-wire.ts";
import type { ImportedVersionWire } from "@/lib/http/wire-schemas.ts";

/** Wire types: the official SDK's for the Memory Stores API, ours for the console's admin endpoints. */
export type Store = BetaManagedAgentsMemoryStore & { memory_count: number };
export type Memory = BetaManagedAgentsMemory;
export type MemoryListItem = BetaManagedAgentsMemoryListItem;
/** The SDK's version, plus this server's `imported` extension (wire-schemas.ts). */
export type MemoryVersion = BetaManagedAgentsMemoryVersion & { imported?: ImportedVersionWire | null };
export type Page<T> = { data: T[]; next_page: string | null };

/** The console's own admin endpoints: inferred from the server's serialisers, never re-declared. */
export type Me = ReturnType<typeof principalWire>;
export type User = ReturnType<typeof userWire>;
export type ApiKey = ReturnType<typeof apiKeyWire>;

export type Actors = Awaited<ReturnType<typeof listActorNames>>;

/** This project's search and erase endpoints: inferred from the server's serialisers too. */
export type SearchHit = ReturnType<typeof searchHitWire>;
export type Erasure = ReturnType<typeof erasureWire>;
export type BulkDeletion = ReturnType<typeof bulkDeletionWire>;
export type BulkDeletionItem = NonNullable<BulkDeletion["items"]>[number];
export type ErasureItem = NonNullable<Erasure["items"]>[number];
