/** Query keys in one place, so mutations invalidate exactly what they change. */
export const queryKeys = {
  me: ["me"] as const,
  actors: ["actors"] as const,
  users: ["users"] as const,
  apiKeys: ["api-keys"] as const,
  openapi: ["openapi"] as const,
  /** The organisation API's (the same in every workspace; cached in each workspace's cache all the same). */
  organization: {
    workspaces: ["organization", "workspaces"] as const,
    members: (workspaceId: string) => ["organization", "workspaces", workspaceId, "members"] as const,
    users: ["organization", "users"] as const,
    invites: ["organization", "invites"] as const,
  },
  stores: {
    all: ["stores"] as const,
    list: (params: Record<string, unknown>) => ["stores", "list", params] as const,
    one: (storeId: string) => ["stores", "one", storeId] as const,
  },
  memories: {
    all: (storeId: string) => ["memories", storeId] as const,
    folder: (storeId: string, prefix: string, params: Record<string, unknown> = {}) => ["memories", storeId, "folder", prefix, params] as const,
    one: (storeId: string, memoryId: string) => ["memories", storeId, "one", memoryId] as const,
    /** Memories no agent has read for `days` days (the store's Unread page). */
    unread: (storeId: string, days: number) => ["memories", storeId, "unread", days] as const,
    /** Under the store's memories, so every write and review that refreshes the tree refreshes its counts too. */
    folderSummaries: (storeId: string, prefix: string) => ["memories", storeId, "folder_summaries", prefix] as const,
    allFolderSummaries: (storeId: string) => ["memories", storeId, "folder_summaries"] as const,
    /** The store's counts as of a moment (the as-of view's header). */
    asOfTotals: (storeId: string, asOf: string) => ["memories", storeId, "as_of_totals", asOf] as const,
  },
  search: (params: Record<string, unknown>) => ["search", params] as const,
  /** The workspace's usage over `days` days (the Usage page); moves with every write, so it is never kept long. */
  usage: (days: number) => ["usage", days] as const,
  /** A store's write policy, or the instance default (null). */
  writePolicy: (storeId: string | null) => ["write-policy", storeId ?? "default"] as const,
  /** Store archivals and deletions (reports), and the workspace's lifecycle rule with its preview. */
  storeActions: {
    list: (action: "archive" | "delete") => ["store-actions", action] as const,
    lifecycle: ["store-actions", "lifecycle"] as const,
  },
  bulkDeletions: {
    all: ["bulk-deletions"] as const,
    one: (id: string) => ["bulk-deletions", "one", id] as const,
  },
  storeBatches: {
    all: ["store-batches"] as const,
    one: (id: string) => ["store-batches", "one", id] as const,
  },
  erasures: {
    all: ["erasures"] as const,
    one: (erasureId: string) => ["erasures", "one", erasureId] as const,
  },
  timeTravel: {
    /** Everything derived from the store's history: changes and activity move with every write. */
    all: (storeId: string) => ["time-travel", storeId] as const,
    changes: (storeId: string, params: Record<string, unknown>) => ["time-travel", storeId, "changes", params] as const,
    activity: (storeId: string, params: Record<string, unknown>) => ["time-travel", storeId, "activity", params] as const,
  },
  putBacks: {
    all: ["put-backs"] as const,
    list: (kind: "restores" | "reverts") => ["put-backs", kind] as const,
    one: (kind: "restores" | "reverts", id: string) => ["put-backs", kind, id] as const,
  },
  reviewBatches: {
    all: ["review-batches"] as const,
    list: () => ["review-batches", "list"] as const,
    undo: (id: string) => ["review-batches", "undo", id] as const,
  },
  imports: {
    all: ["imports"] as const,
    one: (importId: string) => ["imports", "one", importId] as const,
  },
  versions: {
    all: (storeId: string) => ["versions", storeId] as const,
    list: (storeId: string, params: Record<string, unknown>) => ["versions", storeId, "list", params] as const,
    one: (storeId: string, versionId: string) => ["versions", storeId, "one", versionId] as const,
    /** A memory's newest version (is it live or deleted?), read without filters. */
    latest: (storeId: string, memoryId: string) => ["versions", storeId, "latest", memoryId] as const,
    previous: (storeId: string, versionId: string) => ["versions", storeId, "previous", versionId] as const,
    /** Who was handed the version's content while it was the head (its blast radius). */
    readers: (storeId: string, versionId: string) => ["versions", storeId, "readers", versionId] as const,
  },
  reviews: {
    /** Everything review state derives from: items, counts, one item's diff. */
    all: ["reviews"] as const,
    list: (filters: Record<string, unknown>) => ["reviews", "list", filters] as const,
    counts: (filters: Record<string, unknown>) => ["reviews", "counts", filters] as const,
    one: (memoryId: string) => ["reviews", "one", memoryId] as const,
    marks: (storeId: string, versionIds: string[]) => ["review-marks", storeId, versionIds] as const,
    allMarks: (storeId: string) => ["review-marks", storeId] as const,
    settings: (storeId: string) => ["review-settings", storeId] as const,
  },
};
