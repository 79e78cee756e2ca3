"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "./api-client.ts";
import { queryKeys } from "./keys.ts";
import type { Actors, ApiKey, Me, Page, User } from "./types.ts";

export function useMe() {
  return useQuery({ queryKey: queryKeys.me, queryFn: () => api<Me>("/v1/me"), staleTime: 60_000 });
}

export function useActors() {
  return useQuery({ queryKey: queryKeys.actors, queryFn: () => api<Actors>("/v1/actors"), staleTime: 60_000 });
}

export function useUsers() {
  return useQuery({ queryKey: queryKeys.users, queryFn: () => api<Page<User>>("/v1/users") });
}

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; password: string; role: string; name?: string }) => api<User>("/v1/users", { method: "POST", body: input }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: queryKeys.users }), client.invalidateQueries({ queryKey: queryKeys.actors })]),
  });
}

export function useUpdateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...changes }: { id: string; role?: string; disabled?: boolean; password?: string }) =>
      api<User>(`/v1/users/${id}`, { method: "POST", body: changes }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.users }),
  });
}

export function useApiKeys() {
  return useQuery({ queryKey: queryKeys.apiKeys, queryFn: () => api<Page<ApiKey>>("/v1/api_keys") });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; role: string; store_ids: string[] | null; read_only: boolean }) =>
      api<ApiKey & { secret: string }>("/v1/api_keys", { method: "POST", body: input }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: queryKeys.apiKeys }), client.invalidateQueries({ queryKey: queryKeys.actors })]),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<ApiKey>(`/v1/api_keys/${id}/revoke`, { method: "POST" }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.apiKeys }),
  });
}
