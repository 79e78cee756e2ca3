import type { Db } from "../db.ts";
import { join, sql } from "../db.ts";
import { notFound } from "../errors.ts";
import { newId } from "../ids.ts";
import { DELIVERY_COLUMNS, DELIVERY_FROM, deliveryFromRow, type DeliveryRow, type WebhookDelivery } from "./delivery-rows.ts";
import type { DeliveryStatus } from "./event-types.ts";

/** The delivery log of a workspace's endpoints, newest first (ids are time-ordered, so the cursor is an id). */
export async function listDeliveries(
  db: Db,
  input: { workspaceId: string; endpointId?: string; eventId?: string; status?: DeliveryStatus; limit: number; afterId?: string },
) {
  const conditions = [
    sql`d.endpoint_id IN (SELECT id FROM webhook_endpoints WHERE workspace_id = ${input.workspaceId})`,
    input.endpointId === undefined ? null : sql`d.endpoint_id = ${input.endpointId}`,
    input.eventId === undefined ? null : sql`d.event_id = ${input.eventId}`,
    input.status === undefined ? null : sql`d.status = ${input.status}`,
    input.afterId === undefined ? null : sql`d.id < ${input.afterId}`,
  ].filter((c) => c !== null);
  const where = sql`WHERE ${join(conditions, " AND ")}`;
  const rows = await db.sql.$queryRaw<DeliveryRow[]>`SELECT ${DELIVERY_COLUMNS} FROM ${DELIVERY_FROM} ${where} ORDER BY d.id DESC LIMIT ${input.limit + 1}`;
  const hasMore = rows.length > input.limit;
  const items = (hasMore ? rows.slice(0, input.limit) : rows).map(deliveryFromRow);
  return { items, nextAfterId: hasMore ? items[items.length - 1]!.id : null };
}

/**
 * Resend: a new delivery of the same event to the same endpoint, due now. The old one stays in
 * the log as it was; the event keeps its id (`webhook-id`), so a receiver that already handled
 * it can recognise the repeat. A delivery to another workspace's endpoint answers as one that does not exist.
 */
export async function resendDelivery(db: Db, deliveryId: string, workspaceId: string): Promise<WebhookDelivery> {
  return db.sqlTransaction(async (tx) => {
    const [old] = await tx.$queryRaw<{ endpoint_id: string; event_id: string }[]>`SELECT endpoint_id, event_id FROM webhook_deliveries
      WHERE id = ${deliveryId} AND endpoint_id IN (SELECT id FROM webhook_endpoints WHERE workspace_id = ${workspaceId})`;
    if (!old) throw notFound(`Webhook delivery ${deliveryId} not found.`);
    const id = newId("whdel");
    const now = new Date();
    await tx.$executeRaw`
      INSERT INTO webhook_deliveries (id, endpoint_id, event_id, status, attempt_count, next_attempt_at, created_at)
      VALUES (${id}, ${old.endpoint_id}, ${old.event_id}, 'pending', 0, ${now}, ${now})`;
    const [row] = await tx.$queryRaw<DeliveryRow[]>`SELECT ${DELIVERY_COLUMNS} FROM ${DELIVERY_FROM} WHERE d.id = ${id}`;
    return deliveryFromRow(row!);
  });
}
