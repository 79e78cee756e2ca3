"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client/client.ts";
import type { BodyOf } from "@/lib/api-client/operation-types.ts";
import { queryKeys } from "./keys.ts";

/** Every workspace, Default and archived ones included (organisation admins; the page shows which are archived). */
export function useWorkspaces() {
  return useQuery({
    queryKey: queryKeys.organization.workspaces,
    queryFn: () => apiClient.call("listWorkspaces", { query: { include_default: true, include_archived: true, limit: 1000 } }),
  });
}

/** A change to workspaces also changes the switcher's list (GET /v1/me's `workspaces`). */
function useWorkspaceChange<V>(mutationFn: (input: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: queryKeys.organization.workspaces }), client.invalidateQueries({ queryKey: queryKeys.me })]),
  });
}

export const useCreateWorkspace = () => useWorkspaceChange((body: BodyOf<"createWorkspace">) => apiClient.call("createWorkspace", { body }));

export const useUpdateWorkspace = () =>
  useWorkspaceChange(({ id, ...body }: { id: string } & BodyOf<"updateWorkspace">) =>
    apiClient.call("updateWorkspace", { params: { workspace_id: id }, body }),
  );

export const useArchiveWorkspace = () => useWorkspaceChange((id: string) => apiClient.call("archiveWorkspace", { params: { workspace_id: id } }));

export function useWorkspaceMembers(workspaceId: string) {
  return useQuery({
    queryKey: queryKeys.organization.members(workspaceId),
    queryFn: () => apiClient.call("listWorkspaceMembers", { params: { workspace_id: workspaceId }, query: { limit: 1000 } }),
  });
}

/** Adding, changing and removing members: the list, and the switcher (it may be the person's own membership). */
export function useMemberChange<V>(workspaceId: string, mutationFn: (input: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([client.invalidateQueries({ queryKey: queryKeys.organization.members(workspaceId) }), client.invalidateQueries({ queryKey: queryKeys.me })]),
  });
}

export function useOrganizationUsers() {
  return useQuery({ queryKey: queryKeys.organization.users, queryFn: () => apiClient.call("listOrganizationUsers", { query: { limit: 1000 } }) });
}
