"use client";

import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client/client.ts";
import { queryKeys } from "./keys.ts";
import { versionListQuery } from "./page-queries.ts";
import { useMemory } from "./use-memories.ts";
import type { Memory, MemoryVersion } from "./types.ts";

export { type VersionFilterKey } from "@/lib/http/version-filters.ts";
import type { VersionFilterKey } from "@/lib/http/version-filters.ts";
export type VersionFilters = Partial<Record<VersionFilterKey, string>>;

const retrieveVersion = (storeId: string, versionId: string, view: "basic" | "full", signal?: AbortSignal) =>
  apiClient.call("retrieveVersion", { params: { store: storeId, version: versionId }, query: { view }, signal });

/** Versions newest first (view=basic: metadata, sha and size, no content), one "Load more" page at a time. */
export function useVersionList(storeId: string, filters: VersionFilters, { limit = 50 }: { limit?: number } = {}) {
  const query = useInfiniteQuery(versionListQuery(storeId, filters, limit));
  return { ...query, versions: query.data?.pages.flatMap((p) => p.data) ?? [] };
}

/** One version with its content (view=full); null id means "nothing to load". */
export function useVersion(storeId: string, versionId: string | null) {
  return useQuery({
    queryKey: queryKeys.versions.one(storeId, versionId ?? ""),
    queryFn: ({ signal }) => retrieveVersion(storeId, versionId!, "full", signal),
    enabled: versionId !== null,
    staleTime: 60_000,
  });
}

/**
 * The version of the same memory just before `version` (null: none retained, e.g. it was the
 * first or older ones were pruned). Versions of a memory are listed newest first and ids are
 * time-ordered, so it is the first listed at or before this one's time with a smaller id.
 */
export function usePreviousVersion(storeId: string, version: MemoryVersion | null) {
  return useQuery({
    queryKey: queryKeys.versions.previous(storeId, version?.id ?? ""),
    queryFn: async ({ signal }) => {
      const v = version!;
      const page = await apiClient.call("listVersions", {
        params: { store: storeId },
        query: { memory_id: v.memory_id, "created_at[lte]": v.created_at, limit: 20 },
        signal,
      });
      return page.data.find((p) => p.id < v.id) ?? null;
    },
    enabled: version !== null,
    staleTime: 60_000,
  });
}

/**
 * The memory whose history is shown, as the history needs it: live (with its content and head
 * version) or deleted. Its newest version says which, so a deleted memory costs no 404 (which
 * the browser would log as an error); the memory itself shares the memory page's cache key.
 */
export function useHistoryMemory(storeId: string, memoryId: string) {
  const latest = useQuery({
    queryKey: queryKeys.versions.latest(storeId, memoryId),
    queryFn: ({ signal }) => apiClient.call("listVersions", { params: { store: storeId }, query: { memory_id: memoryId, limit: 1 }, signal }),
  });
  const newest = latest.data?.data[0];
  const deleted = latest.isSuccess && (!newest || newest.operation === "deleted");
  const memory = useMemory(storeId, memoryId, { enabled: latest.isSuccess && !deleted });
  return {
    isLoading: latest.isPending || (latest.isSuccess && !deleted && memory.isPending),
    error: latest.error ?? (deleted ? null : memory.error),
    /** The live memory, or null when it is deleted (or was never in this store). */
    memory: deleted ? null : (memory.data ?? null),
    /** No version of this id was ever retained in the store. */
    unknown: latest.isSuccess && !newest,
  };
}

export function useRedactVersion(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (versionId: string) => apiClient.call("redactVersion", { params: { store: storeId, version: versionId } }),
    onSuccess: (version) => {
      client.setQueryData(queryKeys.versions.one(storeId, version.id), version);
      return client.invalidateQueries({ queryKey: queryKeys.versions.all(storeId) });
    },
  });
}

export type RestoreInput = {
  /** The version to bring back (not deleted, not redacted). */
  version: MemoryVersion;
  /**
   * The head version the person saw when choosing to restore, or null when the memory is
   * deleted. Its content_sha256 is the update's precondition, so a change made meanwhile
   * fails with 409 `memory_precondition_failed_error` instead of being overwritten.
   */
  headVersionId: string | null;
  /** Live memory: also move it back to the version's path. Deleted memory: where to re-create it. */
  path?: string;
};

export type RestoreResult = { kind: "updated" | "recreated" | "unchanged"; memory: Memory };

/**
 * Restore has no endpoint of its own: read the version, then write its content back — an update
 * of the live memory (a new `modified` version) or, for a deleted memory, a create at the
 * version's path (a new memory with a new id; the old history stays under the old id).
 */
async function restoreVersion(storeId: string, { version, headVersionId, path }: RestoreInput): Promise<RestoreResult> {
  const full = await retrieveVersion(storeId, version.id, "full");
  if (full.content == null) throw new Error(`Version ${version.id} has no content to restore (it is redacted or records a deletion).`);
  if (headVersionId === null) {
    const memory = await apiClient.call("createMemory", { params: { store: storeId }, body: { path: path ?? full.path!, content: full.content } });
    return { kind: "recreated", memory };
  }
  const head = await retrieveVersion(storeId, headVersionId, "basic");
  const memory = await apiClient.call("updateMemory", {
    params: { store: storeId, memory: version.memory_id },
    body: {
      content: full.content,
      ...(path !== undefined && { path }),
      precondition: { type: "content_sha256", content_sha256: head.content_sha256! },
    },
  });
  return { kind: memory.memory_version_id === headVersionId ? "unchanged" : "updated", memory };
}

export function useRestoreVersion(storeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RestoreInput) => restoreVersion(storeId, input),
    onSettled: (result, _error, input) =>
      invalidateAfterWrite(client, storeId, {
        memoryIds: [input.version.memory_id, result?.memory.id].filter((id): id is string => !!id),
        paths: [input.version.path, input.path, result?.memory.path].filter((p): p is string => !!p),
        countChanged: result?.kind === "recreated",
      }),
  });
}

/** What a memory write touches: the memory, the folders along its paths, the store's versions (and counts). */
function invalidateAfterWrite(client: QueryClient, storeId: string, w: { memoryIds: string[]; paths: string[]; countChanged: boolean }) {
  const folderKey = queryKeys.memories.folder(storeId, "");
  return Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.versions.all(storeId) }),
    ...w.memoryIds.map((id) => client.invalidateQueries({ queryKey: queryKeys.memories.one(storeId, id) })),
    client.invalidateQueries({
      queryKey: folderKey.slice(0, 3),
      predicate: ({ queryKey }) => typeof queryKey[3] === "string" && w.paths.some((p) => p.startsWith(queryKey[3] as string)),
    }),
    w.countChanged && client.invalidateQueries({ queryKey: queryKeys.stores.all }),
  ]);
}
