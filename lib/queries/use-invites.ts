"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient, apiClientIn } from "@/lib/api-client/client.ts";
import { queryKeys } from "./keys.ts";

/** Pending invites (accepted and expired ones are history, not work). */
export function usePendingInvites() {
  return useQuery({
    queryKey: queryKeys.organization.invites,
    queryFn: () => apiClient.call("listInvites", { query: { statuses: ["pending"], limit: 1000 } }),
  });
}

/** An invite joins the workspace its request is sent in, so it is sent in the one chosen. Answers the acceptance URL, once. */
export function useCreateInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ workspaceId, email, role }: { workspaceId: string; email: string; role: "developer" | "user" }) =>
      apiClientIn(workspaceId).call("createInvite", { body: { email, role } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.organization.invites }),
  });
}

export function useRevokeInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.call("deleteInvite", { params: { invite_id: id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.organization.invites }),
  });
}
