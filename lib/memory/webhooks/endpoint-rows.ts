import { actorFromColumns, type Actor } from "../actor.ts";
import { raw } from "../db.ts";
import type { WebhookEventType } from "./event-types.ts";

/** webhook_endpoints: one column list, one row mapper. The secret is read only to sign and to show once. */
export const ENDPOINT_COLUMNS = raw("id, url, events, store_id, enabled, created_by_type, created_by_id, created_at, updated_at");

export interface EndpointRow {
  id: string;
  url: string;
  events: string;
  store_id: string | null;
  enabled: boolean | number;
  created_by_type: string;
  created_by_id: string;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface WebhookEndpoint {
  id: string;
  url: string;
  events: WebhookEventType[];
  storeId: string | null;
  enabled: boolean;
  createdBy: Actor | null;
  createdAt: Date;
  updatedAt: Date;
}

export function endpointFromRow(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events.split(",").filter(Boolean) as WebhookEventType[],
    storeId: row.store_id,
    enabled: Boolean(row.enabled),
    createdBy: actorFromColumns(row.created_by_type, row.created_by_id),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}
