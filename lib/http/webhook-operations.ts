import { OPERATION_ROUTES } from "./operation-routes.ts";
import { z } from "zod";
import { DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from "../memory/webhooks/event-types.ts";
import { listStoresQuery } from "./schemas.ts";
import { actorSchema, pageSchema } from "./wire-schemas.ts";

/**
 * Webhooks (issue 14), an extension the hosted API does not have: endpoints admins register,
 * and the delivery log. Request and response shapes, and the operations that
 * lib/http/operations.ts adds to the one table the routes and the OpenAPI document use.
 */
const timestamp = z.iso.datetime();
const extension = <T extends z.ZodType>(schema: T, id: string, description: string): T => schema.meta({ id, description, "x-memory-console-extension": true });

const eventType = z.enum(WEBHOOK_EVENT_TYPES, `must be one of ${WEBHOOK_EVENT_TYPES.join(", ")}`);

export const createEndpointBody = z.strictObject({
  url: z.string(),
  events: z
    .array(eventType)
    .min(1, "subscribe to at least one event")
    .max(WEBHOOK_EVENT_TYPES.length * 2),
  /** Only events of this store; omitted or null: every store. */
  memory_store_id: z.string().nullish(),
  /** A Standard Webhooks secret (`whsec_` + base64) of your own; omitted: the server makes one and shows it once. */
  secret: z.string().optional(),
  enabled: z.boolean().optional(),
});
export const updateEndpointBody = createEndpointBody.omit({ secret: true }).partial();

export const listDeliveriesQuery = listStoresQuery.pick({ limit: true, page: true }).extend({
  endpoint_id: z.string().optional(),
  event_id: z.string().optional(),
  status: z.enum(DELIVERY_STATUSES, `must be one of ${DELIVERY_STATUSES.join(", ")}`).optional(),
});

const endpointShape = {
  type: z.literal("webhook_endpoint"),
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  memory_store_id: z.string().nullable(),
  enabled: z.boolean(),
  created_by: actorSchema.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
};
export const webhookEndpointSchema = extension(z.object(endpointShape), "WebhookEndpoint", "Where events are delivered, signed per Standard Webhooks.");
const endpointWithSecretSchema = extension(
  z.object({ ...endpointShape, secret: z.string().meta({ description: "The signing secret (whsec_…), shown only now." }) }),
  "WebhookEndpointWithSecret",
  "A new endpoint or a rotated secret: the only answers that carry the secret.",
);
const deletedEndpointSchema = extension(
  z.object({ type: z.literal("webhook_endpoint_deleted"), id: z.string() }),
  "DeletedWebhookEndpoint",
  "A deleted endpoint.",
);

export const webhookDeliverySchema = extension(
  z.object({
    type: z.literal("webhook_delivery"),
    id: z.string(),
    endpoint_id: z.string(),
    event_id: z.string().meta({ description: "The event's id, sent as webhook-id (the same on every attempt and resend)." }),
    event_type: z.enum(WEBHOOK_EVENT_TYPES),
    memory_store_id: z.string().nullable(),
    status: z.enum(DELIVERY_STATUSES),
    attempt_count: z.number().int(),
    next_attempt_at: timestamp.nullable(),
    last_attempt_at: timestamp.nullable(),
    last_status_code: z.number().int().nullable(),
    last_error: z.string().nullable(),
    delivered_at: timestamp.nullable(),
    created_at: timestamp,
  }),
  "WebhookDelivery",
  "One event's delivery to one endpoint: its attempts so far and their last outcome.",
);

const webhooks = { beta: false, extension: true, permission: "admin" } as const;
export const WEBHOOK_OPERATIONS = {
  listWebhookEndpoints: {
    ...OPERATION_ROUTES.listWebhookEndpoints,
    ...webhooks,
    summary: "Webhook endpoints, newest first",
    response: pageSchema(webhookEndpointSchema),
  },
  createWebhookEndpoint: {
    ...OPERATION_ROUTES.createWebhookEndpoint,
    ...webhooks,
    summary: "Register a webhook endpoint (its secret is shown once)",
    body: createEndpointBody,
    response: endpointWithSecretSchema,
  },
  retrieveWebhookEndpoint: {
    ...OPERATION_ROUTES.retrieveWebhookEndpoint,
    ...webhooks,
    summary: "One webhook endpoint",
    response: webhookEndpointSchema,
  },
  updateWebhookEndpoint: {
    ...OPERATION_ROUTES.updateWebhookEndpoint,
    ...webhooks,
    summary: "Change a webhook endpoint's URL, events, store filter or enabled state",
    body: updateEndpointBody,
    response: webhookEndpointSchema,
  },
  deleteWebhookEndpoint: {
    ...OPERATION_ROUTES.deleteWebhookEndpoint,
    ...webhooks,
    summary: "Delete a webhook endpoint and its deliveries",
    response: deletedEndpointSchema,
  },
  rotateWebhookSecret: {
    ...OPERATION_ROUTES.rotateWebhookSecret,
    ...webhooks,
    summary: "Replace an endpoint's signing secret (the new one is shown once)",
    response: endpointWithSecretSchema,
  },
  listWebhookDeliveries: {
    ...OPERATION_ROUTES.listWebhookDeliveries,
    ...webhooks,
    summary: "The delivery log, newest first",
    query: listDeliveriesQuery,
    response: pageSchema(webhookDeliverySchema),
  },
  resendWebhookDelivery: {
    ...OPERATION_ROUTES.resendWebhookDelivery,
    ...webhooks,
    summary: "Deliver a delivery's event to its endpoint again, now",
    response: webhookDeliverySchema,
  },
} as const;
