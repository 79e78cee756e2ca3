// GET /v1/webhook_deliveries – the webhook delivery log, newest first (admins; extension)
import { decodeCursor, encodeCursor } from "@/lib/http/cursor.ts";
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { pageSize } from "@/lib/http/schemas.ts";
import { page } from "@/lib/http/serialize.ts";
import { webhookDeliveryWire } from "@/lib/http/webhook-wire.ts";
import { listDeliveries } from "@/lib/memory/webhooks/deliveries.ts";

export const GET = apiRoute(OPERATIONS.listWebhookDeliveries, async ({ db, query, principal }) => {
  const filters = { endpoint_id: query.endpoint_id ?? "", event_id: query.event_id ?? "", status: query.status ?? "" };
  const cursor = decodeCursor<typeof filters & { after: string }>(query.page, filters, ["after"]);
  const result = await listDeliveries(db, {
    workspaceId: principal.workspaceId,
    endpointId: query.endpoint_id,
    eventId: query.event_id,
    status: query.status,
    limit: pageSize(query.limit, false),
    afterId: cursor?.after,
  });
  return page(result.items.map(webhookDeliveryWire), result.nextAfterId ? encodeCursor({ ...filters, after: result.nextAfterId }) : null);
});

export const { POST, PUT, PATCH, DELETE } = otherMethods("GET");
