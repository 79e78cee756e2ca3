import Anthropic from "@anthropic-ai/sdk";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectEnvelope, sleep } from "../helpers/api.ts";
import { openRawDb } from "../helpers/database.ts";
import type { BodyOf, CallRest, OperationName } from "../../lib/api-client/operation-types.ts";
import { answerOf, sendUnchecked } from "../helpers/operations.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

// Webhooks (issue 14, item 8): events written in the same transaction as the change, delivered
// by every instance's worker with a lease, signed per Standard Webhooks and verified here with
// the official SDK's `client.beta.webhooks.unwrap()`; retried with backoff; never two deliveries
// of one attempt across instances; not lost across kill -9; URLs that point at this server or at
// private addresses refused.

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Received {
  headers: Record<string, string>;
  body: string;
}

/** A local webhook receiver: records every request; answers `failures` 500s first, then 200. */
class Receiver {
  received: Received[] = [];
  failures = 0;
  /** Answer every request with a redirect there. */
  redirectTo = "";
  private server: Server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      this.received.push({ headers: flatten(req.headers), body });
      if (this.redirectTo) res.writeHead(302, { location: this.redirectTo }).end();
      else if (this.failures > 0) {
        this.failures--;
        res.writeHead(500).end("down");
      } else res.writeHead(200).end("ok");
    });
  });
  url = "";
  async start() {
    await new Promise<void>((ok) => this.server.listen(0, "127.0.0.1", ok));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}/hook`;
    return this;
  }
  stop() {
    return new Promise<void>((ok) => this.server.close(() => ok()));
  }
  events(): Json[] {
    return this.received.map((r) => JSON.parse(r.body) as Json);
  }
}

function flatten(headers: IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : (v ?? "")]));
}

async function until<T>(what: string, probe: () => T | Promise<T>, timeoutMs = 20_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** Fast retries and polling for tests; the local receiver's loopback network allowed. */
const FAST = {
  WEBHOOK_ALLOWED_NETWORKS: "127.0.0.0/8, ::1",
  WEBHOOK_POLL_INTERVAL_SECONDS: "0.1",
  WEBHOOK_RETRY_BASE_SECONDS: "0.2",
  WEBHOOK_RETRY_MAX_SECONDS: "0.5",
  WEBHOOK_MAX_ATTEMPTS: "3",
  WEBHOOK_TIMEOUT_SECONDS: "3",
  METRICS_TOKEN: "webhook-test-metrics-token",
};

let server: TestServer;
let strict: TestServer;
const env: Record<string, string> = { ...FAST };
const verifier = new Anthropic({ apiKey: "unused" });

const op = <N extends OperationName>(s: TestServer, name: N, ...args: CallRest<N>) => answerOf(s.api.send(name, ...args));
/** The same with a body the operation's schema refuses. */
const opUnchecked = <N extends OperationName>(s: TestServer, name: N, args: Parameters<typeof sendUnchecked<N>>[2]) =>
  answerOf(sendUnchecked(s.api, name, args));

async function register(s: TestServer, body: BodyOf<"createWebhookEndpoint">): Promise<Json> {
  const res = await op(s, "createWebhookEndpoint", { body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function deliveries(s: TestServer, endpointId: string): Promise<Json[]> {
  const res = await op(s, "listWebhookDeliveries", { query: { endpoint_id: endpointId, limit: 100 } });
  expect(res.status).toBe(200);
  return res.body.data;
}

beforeAll(async () => {
  [server, strict] = await Promise.all([startServer({ env }), startServer({ env: { WEBHOOK_POLL_INTERVAL_SECONDS: "0.1" } })]);
});
afterAll(async () => {
  await Promise.all([server?.stop(), strict?.stop()]);
});

describe("delivery", () => {
  it("signs memory events per Standard Webhooks: the SDK's webhooks.unwrap() verifies them; no content in the payload", async () => {
    const receiver = await new Receiver().start();
    const store = await server.client.beta.memoryStores.create({ name: "hooks" });
    const other = await server.client.beta.memoryStores.create({ name: "not subscribed" });
    const endpoint = await register(server, {
      url: receiver.url,
      events: ["memory.created", "memory.modified", "memory.deleted", "memory_store.archived"],
      memory_store_id: store.id,
    });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(endpoint).toMatchObject({ type: "webhook_endpoint", memory_store_id: store.id, enabled: true, created_by: { type: "api_actor" } });
    // The secret is shown once: never again in a read.
    expect((await op(server, "retrieveWebhookEndpoint", { params: { endpoint: endpoint.id } })).body.secret).toBeUndefined();

    const memories = server.client.beta.memoryStores.memories;
    const secretText = "the user's password is hunter2";
    const mem = await memories.create(store.id, { path: "/notes/a.md", content: secretText });
    const changed = await memories.update(mem.id, { memory_store_id: store.id, content: "v2", path: "/notes/b.md" });
    await memories.delete(mem.id, { memory_store_id: store.id });
    await memories.create(other.id, { path: "/elsewhere.md", content: "x" });
    await server.client.beta.memoryStores.archive(store.id);

    await until("4 deliveries", () => receiver.received.length >= 4);
    await sleep(300);
    expect(receiver.received).toHaveLength(4);
    const events = receiver.received.map((r) => verifier.beta.webhooks.unwrap(r.body, { headers: r.headers, key: endpoint.secret }) as unknown as Json);
    const byType = Object.fromEntries(events.map((e) => [e.data.type, e]));
    expect(Object.keys(byType).sort()).toEqual(["memory.created", "memory.deleted", "memory.modified", "memory_store.archived"]);
    expect(byType["memory.created"]).toMatchObject({
      type: "event",
      id: expect.stringMatching(/^whevt_/),
      created_at: expect.any(String),
      data: { id: mem.id, memory_store_id: store.id, path: "/notes/a.md", content_sha256: mem.content_sha256, memory_version_id: mem.memory_version_id },
    });
    expect(byType["memory.modified"]!.data).toMatchObject({ path: "/notes/b.md", previous_path: "/notes/a.md", memory_version_id: changed.memory_version_id });
    expect(byType["memory.deleted"]!.data).toMatchObject({ id: mem.id, content_sha256: null });
    expect(byType["memory_store.archived"]!.data).toEqual({ type: "memory_store.archived", id: store.id });
    for (const r of receiver.received) {
      expect(r.headers["webhook-id"]).toBe(JSON.parse(r.body).id);
      expect(r.body).not.toContain("hunter2");
      expect(r.body).not.toContain('"content"');
    }

    // A forged body, another key or a replayed old timestamp do not verify.
    const first = receiver.received[0]!;
    expect(() => verifier.beta.webhooks.unwrap(first.body.replace("event", "evil"), { headers: first.headers, key: endpoint.secret })).toThrow();
    expect(() => verifier.beta.webhooks.unwrap(first.body, { headers: first.headers, key: "whsec_" + Buffer.alloc(32, 1).toString("base64") })).toThrow();

    const log = await until("the log to say delivered", async () => {
      const d = await deliveries(server, endpoint.id);
      return d.length === 4 && d.every((x) => x.status === "delivered") ? d : null;
    });
    expect(log[0]).toMatchObject({ type: "webhook_delivery", endpoint_id: endpoint.id, attempt_count: 1, last_status_code: 200, next_attempt_at: null });
    await receiver.stop();
  });

  it("review.pending when an agent's write starts awaiting review; memory_store.deleted", async () => {
    const receiver = await new Receiver().start();
    const endpoint = await register(server, { url: receiver.url, events: ["review.pending", "memory_store.deleted"] });
    const store = await server.client.beta.memoryStores.create({ name: "review hooks" });
    const mem = await server.client.beta.memoryStores.memories.create(store.id, { path: "/r.md", content: "one" });
    // A second agent write extends the open item: no second review.pending.
    await server.client.beta.memoryStores.memories.update(mem.id, { memory_store_id: store.id, content: "two" });
    await server.client.beta.memoryStores.delete(store.id);
    await until("2 deliveries", () => receiver.received.length >= 2);
    await sleep(300);
    const types = receiver.events().map((e) => e.data.type);
    expect(types.sort()).toEqual(["memory_store.deleted", "review.pending"]);
    expect(receiver.events().find((e) => e.data.type === "review.pending")!.data).toMatchObject({
      id: mem.id,
      memory_store_id: store.id,
      change: "created",
      head_version_id: mem.memory_version_id,
    });
    await op(server, "deleteWebhookEndpoint", { params: { endpoint: endpoint.id } });
    await receiver.stop();
  });

  it("retries with backoff after the receiver fails, gives up after WEBHOOK_MAX_ATTEMPTS, and resends on request", async () => {
    const receiver = await new Receiver().start();
    const store = await server.client.beta.memoryStores.create({ name: "retries" });
    const endpoint = await register(server, { url: receiver.url, events: ["memory.created"], memory_store_id: store.id });
    receiver.failures = 2;
    await server.client.beta.memoryStores.memories.create(store.id, { path: "/flaky.md", content: "x" });
    const [delivered] = await until("delivery on the third attempt", async () => {
      const d = await deliveries(server, endpoint.id);
      return d[0]?.status === "delivered" ? d : null;
    });
    expect(delivered).toMatchObject({ attempt_count: 3, last_status_code: 200, last_error: null });
    expect(receiver.received).toHaveLength(3);
    // The same event id (webhook-id) on every attempt, so the receiver can deduplicate.
    expect(new Set(receiver.received.map((r) => r.headers["webhook-id"])).size).toBe(1);

    receiver.failures = 100;
    await server.client.beta.memoryStores.memories.create(store.id, { path: "/down.md", content: "y" });
    const failed = await until("the delivery to fail for good", async () => (await deliveries(server, endpoint.id)).find((d) => d.status === "failed"));
    expect(failed).toMatchObject({ attempt_count: 3, last_status_code: 500, last_error: "HTTP 500", next_attempt_at: null });

    receiver.failures = 0;
    const before = receiver.received.length;
    const resent = await op(server, "resendWebhookDelivery", { params: { delivery: failed.id } });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ status: "pending", event_id: failed.event_id, attempt_count: 0 });
    await until("the resent delivery", async () => (await deliveries(server, endpoint.id)).find((d) => d.id === resent.body.id && d.status === "delivered"));
    expect(receiver.received.length).toBe(before + 1);
    expect(receiver.received.at(-1)!.headers["webhook-id"]).toBe(failed.event_id);
    const metrics = await (await fetch(`${server.baseURL}/metrics`, { headers: { authorization: `Bearer ${FAST.METRICS_TOKEN}` } })).text();
    for (const outcome of ["delivered", "retry", "failed"])
      expect(metrics).toMatch(new RegExp(`memory_console_webhook_attempts_total\\{outcome="${outcome}"\\} [1-9]`));
    await receiver.stop();
  });

  it("never follows a redirect: a 3xx is a failed attempt", async () => {
    const [redirecting, target] = await Promise.all([new Receiver().start(), new Receiver().start()]);
    redirecting.redirectTo = target.url;
    const store = await server.client.beta.memoryStores.create({ name: "redirects" });
    const endpoint = await register(server, { url: redirecting.url, events: ["memory.created"], memory_store_id: store.id });
    await server.client.beta.memoryStores.memories.create(store.id, { path: "/r.md", content: "r" });
    const failed = await until("the redirect to fail", async () => (await deliveries(server, endpoint.id)).find((d) => d.last_status_code === 302));
    expect(failed.last_error).toBe("HTTP 302");
    expect(target.received).toHaveLength(0);
    await op(server, "deleteWebhookEndpoint", { params: { endpoint: endpoint.id } });
    await Promise.all([redirecting.stop(), target.stop()]);
  });
});

describe("endpoints", () => {
  it("create, update, rotate the secret, delete; admins only; bad input refused", async () => {
    const receiver = await new Receiver().start();
    const endpoint = await register(server, { url: receiver.url, events: ["memory.created"] });
    const updated = await op(server, "updateWebhookEndpoint", {
      params: { endpoint: endpoint.id },
      body: { enabled: false, events: ["memory.deleted", "memory.created"] },
    });
    expect(updated.body).toMatchObject({ enabled: false, events: ["memory.deleted", "memory.created"] });
    const rotated = await op(server, "rotateWebhookSecret", { params: { endpoint: endpoint.id } });
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    const listed = await op(server, "listWebhookEndpoints");
    expect(listed.body.data.map((e: Json) => e.id)).toContain(endpoint.id);

    await expectEnvelope(
      (await opUnchecked(server, "createWebhookEndpoint", { body: { url: receiver.url, events: ["memory.exploded"] } })).response,
      400,
      "invalid_request_error",
    );
    await expectEnvelope(
      (await op(server, "createWebhookEndpoint", { body: { url: "ftp://example.com/", events: ["memory.created"] } })).response,
      400,
      "invalid_request_error",
    );
    await expectEnvelope(
      (await op(server, "createWebhookEndpoint", { body: { url: receiver.url, events: ["memory.created"], secret: "whsec_short" } })).response,
      400,
      "invalid_request_error",
    );
    const own = "whsec_" + Buffer.alloc(32, 7).toString("base64");
    const withOwn = await register(server, { url: receiver.url, events: ["memory.created"], secret: own });
    expect(withOwn.secret).toBe(own);
    await op(server, "deleteWebhookEndpoint", { params: { endpoint: withOwn.id } });

    const viewerKey = (await op(server, "createApiKey", { body: { name: "v", role: "reviewer" } })).body.secret as string;
    const asReviewer = await server.apiWith(viewerKey).send("listWebhookEndpoints");
    await expectEnvelope(asReviewer, 403, "permission_error");

    expect((await op(server, "deleteWebhookEndpoint", { params: { endpoint: endpoint.id } })).body).toEqual({
      type: "webhook_endpoint_deleted",
      id: endpoint.id,
    });
    await expectEnvelope((await op(server, "retrieveWebhookEndpoint", { params: { endpoint: endpoint.id } })).response, 404, "not_found_error");
    await receiver.stop();
  });

  it("refuses URLs that point at this server, and (without WEBHOOK_ALLOWED_NETWORKS) private addresses", async () => {
    const self = await op(server, "createWebhookEndpoint", { body: { url: `${server.baseURL}/v1/hook`, events: ["memory.created"] } });
    expect((await expectEnvelope(self.response, 400, "invalid_request_error")).message).toMatch(/this server/);
    for (const url of [
      "http://127.0.0.1:9/hook",
      "http://localhost:9/hook",
      "http://10.1.2.3/hook",
      "http://192.168.0.10/hook",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::1]:9/hook",
      "http://[fd00:ec2::254]/",
      "http://[::ffff:127.0.0.1]/",
    ]) {
      const res = await op(strict, "createWebhookEndpoint", { body: { url, events: ["memory.created"] } });
      expect((await expectEnvelope(res.response, 400, "invalid_request_error")).message, url).toMatch(/refused/);
    }
    // A public address is accepted (nothing is sent at registration).
    expect((await op(strict, "createWebhookEndpoint", { body: { url: "http://93.184.215.14/hook", events: ["memory.created"] } })).status).toBe(200);
  });

  it("checks the address again at delivery time (a name that now resolves to a private address is refused)", async () => {
    const receiver = await new Receiver().start();
    const store = await strict.client.beta.memoryStores.create({ name: "rebinding" });
    const endpoint = await register(strict, { url: "http://93.184.215.14/hook", events: ["memory.created"], memory_store_id: store.id, enabled: false });
    // What DNS rebinding achieves: the endpoint now leads to a loopback address.
    const raw = await openRawDb(strict.databaseUrl);
    await raw.query("UPDATE webhook_endpoints SET url = ? WHERE id = ?", [receiver.url.replace("127.0.0.1", "localhost"), endpoint.id]);
    await raw.close();
    await op(strict, "updateWebhookEndpoint", { params: { endpoint: endpoint.id }, body: { enabled: true } });
    await strict.client.beta.memoryStores.memories.create(store.id, { path: "/x.md", content: "x" });
    const refused = await until("a refused attempt", async () => (await deliveries(strict, endpoint.id)).find((d) => d.attempt_count >= 1 && d.last_error));
    expect(refused.last_error).toMatch(/^refused: .*private, loopback/);
    expect(receiver.received).toHaveLength(0);
    await receiver.stop();
  });
});

describe("across instances and crashes", () => {
  it("two instances on one database deliver each event once", async () => {
    const receiver = await new Receiver().start();
    const second = await startServer({ databaseUrl: server.databaseUrl, env: FAST });
    try {
      const store = await server.client.beta.memoryStores.create({ name: "two instances" });
      await register(server, { url: receiver.url, events: ["memory.created"], memory_store_id: store.id });
      const writes = 40;
      for (let i = 0; i < writes; i++) {
        const via = i % 2 === 0 ? server : second;
        await via.client.beta.memoryStores.memories.create(store.id, { path: `/m${i}.md`, content: `${i}` });
      }
      await until(`${writes} deliveries`, () => receiver.received.length >= writes);
      await sleep(1000);
      const ids = receiver.received.map((r) => r.headers["webhook-id"]);
      expect(ids).toHaveLength(writes);
      expect(new Set(ids).size).toBe(writes);
    } finally {
      await second.kill();
      await receiver.stop();
    }
  });

  it("an event written with its change survives kill -9 before delivery and is delivered after restart", async () => {
    const receiver = await new Receiver().start();
    // This instance's worker off: the change commits, nothing is delivered before the kill.
    env.WEBHOOK_POLL_INTERVAL_SECONDS = "0";
    await server.kill();
    await server.restart();
    const store = await server.client.beta.memoryStores.create({ name: "crash" });
    await register(server, { url: receiver.url, events: ["memory.created"], memory_store_id: store.id });
    const mem = await server.client.beta.memoryStores.memories.create(store.id, { path: "/survives.md", content: "x" });
    await sleep(300);
    expect(receiver.received).toHaveLength(0);
    await server.kill();
    env.WEBHOOK_POLL_INTERVAL_SECONDS = FAST.WEBHOOK_POLL_INTERVAL_SECONDS;
    await server.restart();
    await until("the delivery after restart", () => receiver.received.length >= 1);
    expect(receiver.events()[0]!.data).toMatchObject({ type: "memory.created", id: mem.id });
    await receiver.stop();
  });
});
