// POST /v1/webhook_endpoints/{endpoint}/rotate_secret – a new signing secret, shown once (admins; extension)
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { webhookEndpointWire } from "@/lib/http/webhook-wire.ts";
import { rotateEndpointSecret } from "@/lib/memory/webhooks/manage-endpoints.ts";

export const POST = apiRoute(OPERATIONS.rotateWebhookSecret, async ({ db, params, principal }) => {
  const { endpoint, secret } = await rotateEndpointSecret(db, params.endpoint, principal.workspaceId);
  return { ...webhookEndpointWire(endpoint), secret };
});

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
