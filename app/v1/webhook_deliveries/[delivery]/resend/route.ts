// POST /v1/webhook_deliveries/{delivery}/resend – deliver the event to the endpoint again, now (admins; extension)
import { OPERATIONS } from "@/lib/http/operations.ts";
import { apiRoute, otherMethods } from "@/lib/http/route.ts";
import { webhookDeliveryWire } from "@/lib/http/webhook-wire.ts";
import { resendDelivery } from "@/lib/memory/webhooks/deliveries.ts";

export const POST = apiRoute(OPERATIONS.resendWebhookDelivery, async ({ db, params, principal }) =>
  webhookDeliveryWire(await resendDelivery(db, params.delivery, principal.workspaceId)),
);

export const { GET, PUT, PATCH, DELETE } = otherMethods("POST");
