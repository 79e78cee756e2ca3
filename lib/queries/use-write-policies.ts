"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { WritePolicyWire } from "@/lib/http/policy-wire.ts";
import { apiClient } from "@/lib/api-client/client.ts";
import { queryKeys } from "./keys.ts";

/** Wire types of /v1/write_policies (lib/http/policy-wire.ts), inferred from the server's serialisers. */
export type WritePolicy = WritePolicyWire;
/** The fields a save or dry run sends (the answer's, without its identity). */
export type WritePolicyFields = Omit<WritePolicy, "type" | "memory_store_id" | "inherited">;

export function useWritePolicy(storeId: string | null) {
  return useQuery({
    queryKey: queryKeys.writePolicy(storeId),
    queryFn: ({ signal }) =>
      storeId === null
        ? apiClient.call("retrieveDefaultWritePolicy", { signal })
        : apiClient.call("retrieveWritePolicy", { params: { store: storeId }, signal }),
  });
}

/** The instance default (store null) or a store's policy; a store's `null` fields delete its own, so it follows the default again. */
function saveWritePolicy(storeId: string | null, fields: WritePolicyFields | null) {
  if (storeId === null) return apiClient.call("updateDefaultWritePolicy", { body: fields! });
  const params = { store: storeId };
  return fields === null ? apiClient.call("deleteWritePolicy", { params }) : apiClient.call("updateWritePolicy", { params, body: fields });
}

/** Save fields of the policy, or (store only) `null` to follow the instance default again. */
export function useSaveWritePolicy(storeId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fields: WritePolicyFields | null) => saveWritePolicy(storeId, fields),
    onSuccess: (policy) => {
      client.setQueryData(queryKeys.writePolicy(storeId), policy);
      // Stores that follow the default change with it; saving can also put stale memories in the inbox.
      return Promise.all([client.invalidateQueries({ queryKey: ["write-policy"] }), client.invalidateQueries({ queryKey: queryKeys.reviews.all })]);
    },
  });
}

export function useDryRunWritePolicy(storeId: string) {
  return useMutation({
    mutationFn: (fields: WritePolicyFields) => apiClient.call("dryRunWritePolicy", { params: { store: storeId }, body: fields }),
  });
}
