// GET /v1/webhook_endpoints – list webhook endpoints; POST – register one, its secret shown once (admins; extension)
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { selfHosts, webhookEndpointWire } from "@/lib/http/webhook-wire.ts";
import { createEndpoint, listEndpoints } from "@/lib/memory/webhooks/manage-endpoints.ts";
import { assertWebhookUrlAllowed } from "@/lib/webhooks/url-safety.ts";

export const GET = apiRoute(OPERATIONS.listWebhookEndpoints, async ({ db, principal }) => ({
  data: (await listEndpoints(db, principal.workspaceId)).map(webhookEndpointWire),
  next_page: null,
}));

export const POST = apiRoute(OPERATIONS.createWebhookEndpoint, async ({ db, input: read, request, actor, principal }) => {
  const input = await read();
  await assertWebhookUrlAllowed(input.url, selfHosts(request));
  const { endpoint, secret } = await createEndpoint(
    db,
    {
      url: input.url,
      events: input.events,
      storeId: input.memory_store_id ?? null,
      enabled: input.enabled ?? true,
      secret: input.secret,
      workspaceId: principal.workspaceId,
    },
    actor,
  );
  return { ...webhookEndpointWire(endpoint), secret };
});

export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");
