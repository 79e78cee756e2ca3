import { raw } from "../db.ts";
import type { DeliveryStatus, WebhookEventType } from "./event-types.ts";

/** webhook_deliveries joined with their event's type and store: one column list, one row mapper. */
export const DELIVERY_COLUMNS = raw(
  "d.id, d.endpoint_id, d.event_id, e.type AS event_type, e.store_id, d.status, d.attempt_count, d.next_attempt_at, d.last_attempt_at, d.last_status_code, d.last_error, d.delivered_at, d.created_at",
);
export const DELIVERY_FROM = raw("webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id");

type Time = Date | string;
export interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  store_id: string | null;
  status: string;
  attempt_count: number | bigint;
  next_attempt_at: Time;
  last_attempt_at: Time | null;
  last_status_code: number | bigint | null;
  last_error: string | null;
  delivered_at: Time | null;
  created_at: Time;
}

export interface WebhookDelivery {
  id: string;
  endpointId: string;
  eventId: string;
  eventType: WebhookEventType;
  storeId: string | null;
  status: DeliveryStatus;
  attemptCount: number;
  /** When the next attempt is due; null once delivered or given up. */
  nextAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAt: Date | null;
  createdAt: Date;
}

const date = (value: Time | null) => (value === null ? null : new Date(value));

export function deliveryFromRow(row: DeliveryRow): WebhookDelivery {
  const status = row.status as DeliveryStatus;
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    eventId: row.event_id,
    eventType: row.event_type as WebhookEventType,
    storeId: row.store_id,
    status,
    attemptCount: Number(row.attempt_count),
    nextAttemptAt: status === "pending" ? new Date(row.next_attempt_at) : null,
    lastAttemptAt: date(row.last_attempt_at),
    lastStatusCode: row.last_status_code === null ? null : Number(row.last_status_code),
    lastError: row.last_error,
    deliveredAt: date(row.delivered_at),
    createdAt: new Date(row.created_at),
  };
}
