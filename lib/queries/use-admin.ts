"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client/client.ts";
import { queryKeys } from "./keys.ts";
import type { BodyOf } from "@/lib/api-client/operation-types.ts";

export function useMe() {
  return useQuery({ queryKey: queryKeys.me, queryFn: () => apiClient.call("me"), staleTime: 60_000 });
}

/** The workspaces the signed-in person may act in (GET /v1/me's `workspaces`), Default first; empty until known. */
export function useMyWorkspaces() {
  const me = useMe().data;
  return me?.kind === "user" ? me.workspaces : [];
}

/** Is the signed-in person an organisation admin (admin in every workspace)? Null until known. */
export function useIsOrganizationAdmin(): boolean | null {
  return useMe().data?.organization_admin ?? null;
}

export function useActors() {
  return useQuery({ queryKey: queryKeys.actors, queryFn: () => apiClient.call("listActors"), staleTime: 60_000 });
}

export function useUsers() {
  return useQuery({ queryKey: queryKeys.users, queryFn: () => apiClient.call("listUsers") });
}

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BodyOf<"createUser">) => apiClient.call("createUser", { body: input }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: queryKeys.users }), client.invalidateQueries({ queryKey: queryKeys.actors })]),
  });
}

export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...changes }: { id: string } & BodyOf<"updateUser">) => apiClient.call("updateUser", { params: { user: id }, body: changes }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.users }),
  });
}

export function useApiKeys() {
  return useQuery({ queryKey: queryKeys.apiKeys, queryFn: () => apiClient.call("listApiKeys") });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: BodyOf<"createApiKey">) => apiClient.call("createApiKey", { body: input }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: queryKeys.apiKeys }), client.invalidateQueries({ queryKey: queryKeys.actors })]),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.call("revokeApiKey", { params: { key: id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.apiKeys }),
  });
}
