"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { webhookDeliveryWire, webhookEndpointWire } from "@/lib/http/webhook-wire.ts";
import { apiClient } from "@/lib/api-client/client.ts";
import type { BodyOf } from "@/lib/api-client/operation-types.ts";

export type WebhookEndpoint = ReturnType<typeof webhookEndpointWire>;
export type WebhookDelivery = ReturnType<typeof webhookDeliveryWire>;
export type WebhookEndpointInput = { url: string; events: BodyOf<"createWebhookEndpoint">["events"]; memory_store_id: string | null };

const keys = {
  endpoints: ["webhook-endpoints"] as const,
  deliveries: (endpointId: string | null) => ["webhook-deliveries", endpointId] as const,
  allDeliveries: ["webhook-deliveries"] as const,
};

export function useWebhookEndpoints() {
  return useQuery({ queryKey: keys.endpoints, queryFn: () => apiClient.call("listWebhookEndpoints") });
}

/** The delivery log refreshes every few seconds while the page is open: deliveries happen in the background. */
export function useWebhookDeliveries(endpointId: string | null) {
  return useQuery({
    queryKey: keys.deliveries(endpointId),
    queryFn: () => apiClient.call("listWebhookDeliveries", { query: { limit: 50, ...(endpointId ? { endpoint_id: endpointId } : {}) } }),
    refetchInterval: 3000,
  });
}

export function useCreateWebhookEndpoint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookEndpointInput) => apiClient.call("createWebhookEndpoint", { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.endpoints }),
  });
}

export function useUpdateWebhookEndpoint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...changes }: { id: string; enabled?: boolean }) => apiClient.call("updateWebhookEndpoint", { params: { endpoint: id }, body: changes }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.endpoints }),
  });
}

export function useDeleteWebhookEndpoint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.call("deleteWebhookEndpoint", { params: { endpoint: id } }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: keys.endpoints }), client.invalidateQueries({ queryKey: keys.allDeliveries })]),
  });
}

export function useRotateWebhookSecret() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.call("rotateWebhookSecret", { params: { endpoint: id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.endpoints }),
  });
}

export function useResendWebhookDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.call("resendWebhookDelivery", { params: { delivery: id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.allDeliveries }),
  });
}
