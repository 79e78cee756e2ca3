"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { webhookDeliveryWire, webhookEndpointWire } from "@/lib/http/webhook-wire.ts";
import { api } from "./api-client.ts";
import type { Page } from "./types.ts";

export type WebhookEndpoint = ReturnType<typeof webhookEndpointWire>;
export type WebhookDelivery = ReturnType<typeof webhookDeliveryWire>;
export type WebhookEndpointInput = { url: string; events: string[]; memory_store_id: string | null };

const keys = {
  endpoints: ["webhook-endpoints"] as const,
  deliveries: (endpointId: string | null) => ["webhook-deliveries", endpointId] as const,
  allDeliveries: ["webhook-deliveries"] as const,
};

export function useWebhookEndpoints() {
  return useQuery({ queryKey: keys.endpoints, queryFn: () => api<Page<WebhookEndpoint>>("/v1/webhook_endpoints") });
}

/** The delivery log refreshes every few seconds while the page is open: deliveries happen in the background. */
export function useWebhookDeliveries(endpointId: string | null) {
  return useQuery({
    queryKey: keys.deliveries(endpointId),
    queryFn: () => api<Page<WebhookDelivery>>("/v1/webhook_deliveries", { query: { limit: 50, ...(endpointId ? { endpoint_id: endpointId } : {}) } }),
    refetchInterval: 3000,
  });
}

export function useCreateWebhookEndpoint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookEndpointInput) => api<WebhookEndpoint & { secret: string }>("/v1/webhook_endpoints", { method: "POST", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.endpoints }),
  });
}

export function useUpdateWebhookEndpoint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...changes }: { id: string; enabled?: boolean }) =>
      api<WebhookEndpoint>(`/v1/webhook_endpoints/${id}`, { method: "POST", body: changes }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.endpoints }),
  });
}

export function useDeleteWebhookEndpoint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ id: string }>(`/v1/webhook_endpoints/${id}`, { method: "DELETE" }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: keys.endpoints }), client.invalidateQueries({ queryKey: keys.allDeliveries })]),
  });
}

export function useRotateWebhookSecret() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<WebhookEndpoint & { secret: string }>(`/v1/webhook_endpoints/${id}/rotate_secret`, { method: "POST" }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.endpoints }),
  });
}

export function useResendWebhookDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<WebhookDelivery>(`/v1/webhook_deliveries/${id}/resend`, { method: "POST" }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.allDeliveries }),
  });
}
