import type { ReviewDetail } from "@/lib/queries/review-types.ts";
import type { BulkDeletion, Erasure, Memory, MemoryListItem, MemoryVersion, Page, Restore, Revert, SavedMemory, Store } from "./wire-types.ts";

/**
 * The answers typed more narrowly than their response schema says: the official SDK's types for
 * the hosted Memory Stores API (the authority for its objects), and the serializers' return types
 * for this project's extensions where the schema is written for the OpenAPI document (enums as
 * strings, one object for several shapes). Every other operation answers `z.input` of its
 * response schema (operation-types.ts).
 */
export interface NarrowResponses {
  createStore: Store;
  listStores: Page<Store>;
  retrieveStore: Store;
  updateStore: Store;
  archiveStore: Store;
  findStores: Page<Store>;
  createMemory: SavedMemory;
  listMemories: Page<MemoryListItem>;
  retrieveMemory: Memory;
  updateMemory: SavedMemory;
  listVersions: Page<MemoryVersion>;
  retrieveVersion: MemoryVersion;
  redactVersion: MemoryVersion;
  /** The listing as of a moment, as the store page's folders take it (the same items as listMemories). */
  listMemoriesAsOf: Page<MemoryListItem>;
  listBulkDeletions: Page<BulkDeletion>;
  planBulkDeletion: BulkDeletion;
  retrieveBulkDeletion: BulkDeletion;
  executeBulkDeletion: BulkDeletion;
  listErasures: Page<Erasure>;
  planErasure: Erasure;
  retrieveErasure: Erasure;
  executeErasure: Erasure;
  listRestores: Page<Restore>;
  planRestore: Restore;
  retrieveRestore: Restore;
  executeRestore: Restore;
  listReverts: Page<Revert>;
  planRevert: Revert;
  retrieveRevert: Revert;
  executeRevert: Revert;
  retrieveReview: ReviewDetail;
}
