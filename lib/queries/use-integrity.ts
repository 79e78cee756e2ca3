"use client";

import { useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client/client.ts";

/** GET /v1/audit_events, one event as the console lists it. */
export interface AuditEvent {
  id: string;
  seq: number | null;
  action: string;
  actor: Record<string, string> | null;
  target: { type: string; id: string } | null;
  memory_store_id: string | null;
  details: Record<string, unknown>;
  created_at: string;
}

/** A store's history verification, for admins only (the endpoint refuses anyone else). */
export function useStoreIntegrity(storeId: string, enabled: boolean) {
  return useQuery({
    queryKey: ["integrity", storeId],
    queryFn: () => apiClient.call("verifyStoreHistory", { params: { store: storeId } }),
    enabled,
    staleTime: 60_000,
  });
}

export function useAuditEvents(filter: { action?: string; page?: string }) {
  return useQuery({
    queryKey: ["audit-events", filter],
    queryFn: () => apiClient.call("listAuditEvents", { query: { limit: 50, ...filter } }),
  });
}
