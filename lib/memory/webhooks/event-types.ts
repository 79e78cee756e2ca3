/**
 * What a webhook endpoint can subscribe to. Store events use the hosted API's names
 * (`memory_store.archived`, `memory_store.deleted`, as in the SDK's BetaWebhookEvent types).
 */
export const WEBHOOK_EVENT_TYPES = [
  "memory.created",
  "memory.modified",
  "memory.deleted",
  "memory_store.archived",
  "memory_store.deleted",
  "review.pending",
  // Extension: agents had read content a revert, restore, undo or redaction removed (lib/memory/reads/exposed-sessions.ts).
  "memory_version.exposed",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
