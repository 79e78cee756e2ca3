import type {
  BetaManagedAgentsMemory,
  BetaManagedAgentsMemoryListItem,
  BetaManagedAgentsMemoryStore,
  BetaManagedAgentsMemoryVersion,
} from "@anthropic-ai/sdk/resources/beta/memory-stores";
import type { apiKeyWire } from "@/lib/http/admin-wire.ts";
import type { bulkDeletionWire } from "@/lib/http/bulk-deletion-wire.ts";
import type { erasureMatchesWire, erasureWire } from "@/lib/http/erasure-wire.ts";
import type { folderSummaryWire } from "@/lib/http/folder-summary-operations.ts";
import type { restoreWire, revertWire } from "@/lib/http/put-back-wire.ts";
import type { searchHitWire } from "@/lib/http/search-wire.ts";
import type { storeBatchWire } from "@/lib/http/store-batch-wire.ts";
import type { changesSummaryWire, storeActivityWire, storeChangeWire } from "@/lib/http/time-travel-wire.ts";
import type { usageWire } from "@/lib/http/usage-operations.ts";
import type { ImportedVersionWire, policyFindingSchema } from "@/lib/http/wire-schemas.ts";
import type { z } from "zod";

/** Wire types: the official SDK's for the Memory Stores API, ours (the serializers' return types) for the extensions. */
export type Store = BetaManagedAgentsMemoryStore & { memory_count: number; content_bytes: number; last_memory_write_at: string | null };
/** The SDK's memory, with this project's `last_read_at` (when an agent last read it; absent from a point-in-time state). */
export type Memory = BetaManagedAgentsMemory & { last_read_at?: string | null };
/** What a write policy detector found (class, rule, description, line; never the text). */
export type PolicyFinding = z.infer<typeof policyFindingSchema>;
/** A create's or update's answer: the SDK's memory, plus `write_policy_findings` when the write was held for review. */
export type SavedMemory = Memory & { write_policy_findings?: PolicyFinding[] };
export type MemoryListItem = BetaManagedAgentsMemoryListItem;
/** The SDK's version, plus this server's `imported` extension (wire-schemas.ts). */
export type MemoryVersion = BetaManagedAgentsMemoryVersion & { imported?: ImportedVersionWire | null };
export type Page<T> = { data: T[]; next_page: string | null };

/** The console's own admin endpoints: inferred from the server's serialisers, never re-declared. */
export type ApiKey = ReturnType<typeof apiKeyWire>;

/** This project's search and erase endpoints: inferred from the server's serialisers too. */
export type SearchHit = ReturnType<typeof searchHitWire>;
export type Erasure = ReturnType<typeof erasureWire>;
export type BulkDeletion = ReturnType<typeof bulkDeletionWire>;
export type BulkDeletionItem = NonNullable<BulkDeletion["items"]>[number];
export type ErasureItem = NonNullable<Erasure["items"]>[number];
export type ErasureMemory = NonNullable<Erasure["memories"]>[number];
export type ErasureMatches = ReturnType<typeof erasureMatchesWire>;
/** Stores from a CSV (issue 43): the dry run while planned, the report once completed. */
export type StoreBatch = ReturnType<typeof storeBatchWire>;
export type StoreBatchItem = NonNullable<StoreBatch["items"]>[number];

/** Time travel (issue 23): the changes between two moments, the store's activity, restores and reverts. */
export type StoreChange = ReturnType<typeof storeChangeWire>;
export type StoreChangesSummary = ReturnType<typeof changesSummaryWire>;
export type StoreActivity = ReturnType<typeof storeActivityWire>;
/** A tree folder's counts (GET /v1/folder_summaries/{store}). */
export type FolderSummary = ReturnType<typeof folderSummaryWire>;
export type ActivityPrincipal = StoreActivity["principals"][number];
export type Restore = ReturnType<typeof restoreWire>;
export type Revert = ReturnType<typeof revertWire>;
export type PutBack = Restore | Revert;
export type PutBackItem = NonNullable<PutBack["items"]>[number];

/** A workspace's usage (GET /v1/usage): totals, the daily series, and the stores it lists. */
export type Usage = ReturnType<typeof usageWire>;
export type UsageDay = Usage["daily"][number];
export type StoreUsage = Usage["largest_stores"][number];
