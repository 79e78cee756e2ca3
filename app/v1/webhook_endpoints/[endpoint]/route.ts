// GET /v1/webhook_endpoints/{endpoint} – one endpoint; POST – change it; DELETE – delete it with its deliveries (admins; extension)
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { selfHosts, webhookEndpointWire } from "@/lib/http/webhook-wire.ts";
import { deleteEndpoint, getEndpoint, updateEndpoint } from "@/lib/memory/webhooks/manage-endpoints.ts";
import { assertWebhookUrlAllowed } from "@/lib/webhooks/url-safety.ts";

export const GET = apiRoute(OPERATIONS.retrieveWebhookEndpoint, async ({ db, params, principal }) =>
  webhookEndpointWire(await getEndpoint(db, params.endpoint, principal.workspaceId)),
);

export const POST = apiRoute(OPERATIONS.updateWebhookEndpoint, async ({ db, params, input: read, request, principal }) => {
  const input = await read();
  if (input.url !== undefined) await assertWebhookUrlAllowed(input.url, selfHosts(request));
  const endpoint = await updateEndpoint(db, params.endpoint, principal.workspaceId, {
    url: input.url,
    events: input.events,
    storeId: input.memory_store_id,
    enabled: input.enabled,
  });
  return webhookEndpointWire(endpoint);
});

export const DELETE = apiRoute(OPERATIONS.deleteWebhookEndpoint, async ({ db, params, principal }) => {
  const { id } = await deleteEndpoint(db, params.endpoint, principal.workspaceId);
  return { type: "webhook_endpoint_deleted" as const, id };
});

export const { PUT, PATCH } = otherMethods("GET", "POST", "DELETE");
