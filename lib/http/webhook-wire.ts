import { clientFacingHost } from "../auth/forwarded.ts";
import { config } from "../config.ts";
import type { WebhookDelivery } from "../memory/webhooks/delivery-rows.ts";
import type { WebhookEndpoint } from "../memory/webhooks/endpoint-rows.ts";

/** Wire objects of the webhook endpoints (lib/http/webhook-operations.ts declares their schemas). */
export function webhookEndpointWire(endpoint: WebhookEndpoint) {
  return {
    type: "webhook_endpoint" as const,
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    memory_store_id: endpoint.storeId,
    enabled: endpoint.enabled,
    created_by: endpoint.createdBy,
    created_at: endpoint.createdAt.toISOString(),
    updated_at: endpoint.updatedAt.toISOString(),
  };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function webhookDeliveryWire(d: WebhookDelivery) {
  return {
    type: "webhook_delivery" as const,
    id: d.id,
    endpoint_id: d.endpointId,
    event_id: d.eventId,
    event_type: d.eventType,
    memory_store_id: d.storeId,
    status: d.status,
    attempt_count: d.attemptCount,
    next_attempt_at: iso(d.nextAttemptAt),
    last_attempt_at: iso(d.lastAttemptAt),
    last_status_code: d.lastStatusCode,
    last_error: d.lastError,
    delivered_at: iso(d.deliveredAt),
    created_at: d.createdAt.toISOString(),
  };
}

/**
 * The host names a request reached this server by (and NEXTAUTH_URL's): a webhook URL naming one points back at it.
 * A forwarded host counts only from a trusted proxy (lib/auth/forwarded.ts).
 */
export function selfHosts(request: Request): string[] {
  const { NEXTAUTH_URL, TRUSTED_PROXIES } = config();
  const hosts = [request.headers.get("host"), clientFacingHost(request.headers, TRUSTED_PROXIES).host, new URL(request.url).host];
  if (NEXTAUTH_URL) hosts.push(new URL(NEXTAUTH_URL).host);
  return [...new Set(hosts.filter((h): h is string => Boolean(h)))];
}
