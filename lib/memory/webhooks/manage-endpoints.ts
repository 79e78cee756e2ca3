import { actorId, type Actor } from "../actor.ts";
import type { Db, SqlClient } from "../db.ts";
import { invalidRequest, notFound } from "../errors.ts";
import { newId } from "../ids.ts";
import { letOthersRun } from "../let-others-run.ts";
import { assertStoreInWorkspace } from "../stores/assert-store-in-workspace.ts";
import { ENDPOINT_COLUMNS, endpointFromRow, type EndpointRow, type WebhookEndpoint } from "./endpoint-rows.ts";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "./event-types.ts";
import { checkWebhookSecret, newWebhookSecret } from "./secret.ts";

/**
 * Webhook endpoints (admins only; the HTTP layer checks the role and, before calling these,
 * that the URL does not point at this server or a private address: lib/webhooks/url-safety.ts).
 * The secret is returned by create and rotate only. An endpoint belongs to the workspace it was
 * made in: it hears only that workspace's events, and is read and changed only there (one of
 * another answers as one that does not exist; docs/design.md, "Workspaces").
 */
export interface EndpointInput {
  url: string;
  events: WebhookEventType[];
  storeId: string | null;
  enabled: boolean;
}

/** The URL's shape: http(s), no user:password part, at most 2,048 characters. */
export function checkEndpointUrl(url: string): URL {
  if (url.length > 2048 || !URL.canParse(url)) throw invalidRequest("url: must be an absolute http:// or https:// URL of at most 2,048 characters.");
  const parsed = new URL(url);
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw invalidRequest("url: must be an http:// or https:// URL.");
  if (parsed.username || parsed.password) throw invalidRequest("url: must not contain a user name or password.");
  return parsed;
}

function checkEvents(events: readonly string[]): string {
  if (events.length === 0) throw invalidRequest("events: subscribe to at least one event.");
  const unknown = events.find((e) => !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(e));
  if (unknown) throw invalidRequest(`events: unknown event type ${JSON.stringify(unknown)}; one of ${WEBHOOK_EVENT_TYPES.join(", ")}.`);
  return [...new Set(events)].join(",");
}

async function readEndpoint(client: SqlClient, id: string, workspaceId: string): Promise<WebhookEndpoint> {
  const [row] = await client.$queryRaw<EndpointRow[]>`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = ${id} AND workspace_id = ${workspaceId}`;
  if (!row) throw notFound(`Webhook endpoint ${id} not found.`);
  return endpointFromRow(row);
}

export const getEndpoint = (db: Db, id: string, workspaceId: string) => readEndpoint(db.sql, id, workspaceId);

export async function listEndpoints(db: Db, workspaceId: string): Promise<WebhookEndpoint[]> {
  const rows = await db.sql.$queryRaw<EndpointRow[]>`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE workspace_id = ${workspaceId} ORDER BY id DESC`;
  return rows.map(endpointFromRow);
}

export async function createEndpoint(db: Db, input: EndpointInput & { secret?: string; workspaceId: string }, actor: Actor) {
  checkEndpointUrl(input.url);
  const events = checkEvents(input.events);
  const secret = input.secret === undefined ? newWebhookSecret() : checkWebhookSecret(input.secret);
  return db.sqlTransaction(async (tx) => {
    if (input.storeId !== null) await assertStoreInWorkspace(tx, input.workspaceId, input.storeId);
    const id = newId("whep");
    const now = new Date();
    await tx.$executeRaw`
      INSERT INTO webhook_endpoints (id, url, secret, events, store_id, enabled, created_by_type, created_by_id, created_at, updated_at, workspace_id)
      VALUES (${id}, ${input.url}, ${secret}, ${events}, ${input.storeId}, ${input.enabled}, ${actor.type}, ${actorId(actor)}, ${now}, ${now}, ${input.workspaceId})`;
    return { endpoint: await readEndpoint(tx, id, input.workspaceId), secret };
  });
}

export async function updateEndpoint(db: Db, id: string, workspaceId: string, patch: Partial<EndpointInput>) {
  if (patch.url !== undefined) checkEndpointUrl(patch.url);
  const events = patch.events === undefined ? undefined : checkEvents(patch.events);
  return db.sqlTransaction(async (tx) => {
    const current = await readEndpoint(tx, id, workspaceId);
    if (patch.storeId) await assertStoreInWorkspace(tx, workspaceId, patch.storeId);
    const next = {
      url: patch.url ?? current.url,
      events: events ?? current.events.join(","),
      storeId: patch.storeId === undefined ? current.storeId : patch.storeId,
      enabled: patch.enabled ?? current.enabled,
    };
    await tx.$executeRaw`
      UPDATE webhook_endpoints SET url = ${next.url}, events = ${next.events}, store_id = ${next.storeId}, enabled = ${next.enabled}, updated_at = ${new Date()}
      WHERE id = ${id}`;
    return readEndpoint(tx, id, workspaceId);
  });
}

/** Deliveries deleted per statement: a long delivery log goes in small steps (as a store's rows do). */
const BATCH = 250;

/** Deletes the endpoint and its deliveries (pending ones are never sent), in batches with a yield between. */
export async function deleteEndpoint(db: Db, id: string, workspaceId: string): Promise<{ id: string }> {
  return db.sqlTransaction(async (tx) => {
    await readEndpoint(tx, id, workspaceId);
    const batch = () => tx.$executeRaw`DELETE FROM webhook_deliveries WHERE id IN (SELECT id FROM webhook_deliveries WHERE endpoint_id = ${id} LIMIT ${BATCH})`;
    while ((await batch()) === BATCH) await letOthersRun();
    const deleted = await tx.$executeRaw`DELETE FROM webhook_endpoints WHERE id = ${id}`;
    if (deleted === 0) throw notFound(`Webhook endpoint ${id} not found.`);
    return { id };
  });
}

/** A new secret, shown once; deliveries from now on (retries included) are signed with it. */
export async function rotateEndpointSecret(db: Db, id: string, workspaceId: string) {
  const secret = newWebhookSecret();
  return db.sqlTransaction(async (tx) => {
    const changed = await tx.$executeRaw`
      UPDATE webhook_endpoints SET secret = ${secret}, updated_at = ${new Date()} WHERE id = ${id} AND workspace_id = ${workspaceId}`;
    if (changed === 0) throw notFound(`Webhook endpoint ${id} not found.`);
    return { endpoint: await readEndpoint(tx, id, workspaceId), secret };
  });
}
