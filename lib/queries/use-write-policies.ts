"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PolicyDryRunWire, WritePolicyWire } from "@/lib/http/policy-wire.ts";
import { api } from "./api-client.ts";
import { queryKeys } from "./keys.ts";

/** Wire types of /v1/write_policies (lib/http/policy-wire.ts), inferred from the server's serialisers. */
export type WritePolicy = WritePolicyWire;
export type PolicyDryRun = PolicyDryRunWire;
/** The fields a save or dry run sends (the answer's, without its identity). */
export type WritePolicyFields = Omit<WritePolicy, "type" | "memory_store_id" | "inherited">;

const enc = encodeURIComponent;
const pathOf = (storeId: string | null) => (storeId === null ? "/v1/write_policies" : `/v1/write_policies/${enc(storeId)}`);

export function useWritePolicy(storeId: string | null) {
  return useQuery({ queryKey: queryKeys.writePolicy(storeId), queryFn: ({ signal }) => api<WritePolicy>(pathOf(storeId), { signal }) });
}

/** Save fields of the policy, or (store only) `null` to follow the instance default again. */
export function useSaveWritePolicy(storeId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fields: WritePolicyFields | null) =>
      fields === null ? api<WritePolicy>(pathOf(storeId), { method: "DELETE" }) : api<WritePolicy>(pathOf(storeId), { method: "POST", body: fields }),
    onSuccess: (policy) => {
      client.setQueryData(queryKeys.writePolicy(storeId), policy);
      // Stores that follow the default change with it; saving can also put stale memories in the inbox.
      return Promise.all([client.invalidateQueries({ queryKey: ["write-policy"] }), client.invalidateQueries({ queryKey: queryKeys.reviews.all })]);
    },
  });
}

export function useDryRunWritePolicy(storeId: string) {
  return useMutation({
    mutationFn: (fields: WritePolicyFields) => api<PolicyDryRun>(`${pathOf(storeId)}/dry_run`, { method: "POST", body: fields }),
  });
}
