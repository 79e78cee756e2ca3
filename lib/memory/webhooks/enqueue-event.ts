import { actorFromColumns, actorId, type Actor } from "../actor.ts";
import { join, sql, type SqlClient } from "../db.ts";
import { newId } from "../ids.ts";
import type { WebhookEventType } from "./event-types.ts";

export interface WebhookEventInput {
  type: WebhookEventType;
  storeId: string;
  /** The store's workspace, when the store row is already gone (a store deletion): only its endpoints hear it. */
  workspaceId?: string;
  /** The event's object, after `type`: ids, path, hashes, actor. Never memory content. */
  data: Record<string, unknown>;
  at: Date;
}

/** The actor as the wire shows it (a session actor's API key is not on the wire). */
export const actorOnWire = (actor: Actor) => actorFromColumns(actor.type, actorId(actor));

/**
 * The outbox: called inside the transaction that makes the change, so the event and one
 * pending delivery per subscribed endpoint commit or roll back with it (nothing is lost if the
 * process dies before delivering; nothing is sent for a change that did not happen). With no
 * endpoint subscribed, this is one SELECT on the (small) endpoints table and writes nothing.
 * The payload is the Standard Webhooks body, kept exactly as it will be signed.
 */
export async function enqueueWebhookEvent(tx: SqlClient, event: WebhookEventInput): Promise<string | null> {
  const [id] = await enqueueWebhookEvents(tx, event.type, event.storeId, [event], event.workspaceId);
  return id ?? null;
}

/**
 * The enabled endpoints that hear a store's events, with the event types each asked for: an
 * endpoint hears only the events of its own workspace's stores (docs/design.md, "Workspaces").
 * Read once per transaction and store: a create sends two events, a bulk write many, and the
 * endpoints do not change within one write.
 */
const endpointsRead = new WeakMap<SqlClient, Map<string, Promise<{ id: string; events: string }[]>>>();

function endpointsOf(tx: SqlClient, storeId: string, workspaceId: string | undefined) {
  let read = endpointsRead.get(tx);
  if (!read) endpointsRead.set(tx, (read = new Map()));
  const key = `${storeId}\u0000${workspaceId ?? ""}`;
  let endpoints = read.get(key);
  if (!endpoints) {
    const workspace = workspaceId ?? sql`(SELECT workspace_id FROM memory_stores WHERE id = ${storeId})`;
    endpoints = tx.$queryRaw<{ id: string; events: string }[]>`
      SELECT id, events FROM webhook_endpoints
      WHERE enabled = TRUE AND workspace_id = ${workspace} AND (store_id IS NULL OR store_id = ${storeId})`;
    read.set(key, endpoints);
  }
  return endpoints;
}

/**
 * Asks for the store's endpoints now, without waiting: the write path does so behind its
 * version rows (lib/memory/write-later.ts), so that on PostgreSQL the read travels with them
 * and its answer is at hand when the write's events are enqueued.
 */
export function readEndpointsAhead(tx: SqlClient, storeId: string): void {
  endpointsOf(tx, storeId, undefined).catch(() => {}); // the error reaches whoever awaits it
}

/** Rows per INSERT: 1,000 × 7 arguments stays under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
const ROWS_PER_STATEMENT = 1000;

/**
 * enqueueWebhookEvent for many events of one type in one store (an import's batch): the
 * endpoints are looked up once, and the events and deliveries written with one statement each.
 */
export async function enqueueWebhookEvents(
  tx: SqlClient,
  type: WebhookEventType,
  storeId: string,
  events: readonly Pick<WebhookEventInput, "data" | "at">[],
  workspaceId?: string,
): Promise<string[]> {
  if (events.length === 0) return [];
  const endpoints = (await endpointsOf(tx, storeId, workspaceId)).filter((e) => `,${e.events},`.includes(`,${type},`));
  if (endpoints.length === 0) return [];
  const written = events.map((event) => {
    const id = newId("whevt");
    return { id, at: event.at, payload: JSON.stringify({ type: "event", id, created_at: event.at.toISOString(), data: { type, ...event.data } }) };
  });
  for (let i = 0; i < written.length; i += ROWS_PER_STATEMENT) {
    const chunk = written.slice(i, i + ROWS_PER_STATEMENT);
    await tx.$executeRaw`
      INSERT INTO webhook_events (id, type, store_id, payload, created_at)
      VALUES ${join(chunk.map((e) => sql`(${e.id}, ${type}, ${storeId}, ${e.payload}, ${e.at})`))}`;
  }
  // Events × endpoints rows: in statements of a bounded size, whatever the number of endpoints.
  const rows = written.flatMap((e) => endpoints.map((endpoint) => sql`(${newId("whdel")}, ${endpoint.id}, ${e.id}, 'pending', 0, ${e.at}, ${e.at})`));
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    await tx.$executeRaw`
      INSERT INTO webhook_deliveries (id, endpoint_id, event_id, status, attempt_count, next_attempt_at, created_at)
      VALUES ${join(rows.slice(i, i + ROWS_PER_STATEMENT))}`;
  }
  return written.map((e) => e.id);
}
