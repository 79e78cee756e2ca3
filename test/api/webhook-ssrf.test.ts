import type { BodyOf } from "../../lib/api-client/operation-types.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectEnvelope, sleep } from "../helpers/api.ts";
import { openRawDb } from "../helpers/database.ts";
import { fakeDnsEnv } from "../helpers/fake-dns.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

// Webhook SSRF through IPv4 inside IPv6 (issue 21, item 5): every address below reaches loopback
// or the metadata address where a translator, tunnel or dual-stack socket exists. Each is refused
// when an endpoint is registered, as a literal or as a name that resolves to it, and again when a
// delivery is attempted (an endpoint whose URL changed behind the API's back, as DNS rebinding
// would change it). Names resolve through test/helpers/fake-dns.mjs.

const LISTED = [
  "::127.0.0.1",
  "::ffff:0:127.0.0.1",
  "64:ff9b:1::a9fe:a9fe",
  "2002:7f00:1::1",
  "2002:a9fe:a9fe::1",
  "100::1",
  "2001::1",
  // and more of the same kind
  "64:ff9b::7f00:1",
  "::ffff:169.254.169.254",
  "2001:0:4136:e378:8000:63bf:80ff:fffe", // Teredo whose client is 127.0.0.1, stored inverted
  "fe80::1",
  "ff02::1",
  "2001:db8::1",
];

const nameOf = (i: number) => `ssrf-${i}.test`;
const DNS = {
  ...Object.fromEntries(LISTED.map((address, i) => [nameOf(i), [address]])),
  "public.test": ["93.184.215.14"],
  "mixed.test": ["93.184.215.14", "2002:7f00:1::1"],
};

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ env: { ...fakeDnsEnv(DNS), WEBHOOK_POLL_INTERVAL_SECONDS: "0.1", WEBHOOK_TIMEOUT_SECONDS: "2", WEBHOOK_MAX_ATTEMPTS: "1" } });
});
afterAll(() => server?.stop());

async function register(url: string, extra: Partial<BodyOf<"createWebhookEndpoint">> = {}) {
  return server.api.send("createWebhookEndpoint", { body: { url, events: ["memory.created"], ...extra } });
}

describe("webhook URLs with IPv4 inside IPv6", () => {
  it("are refused at registration, as literals and as names that resolve to them", async () => {
    for (const [i, address] of LISTED.entries()) {
      for (const url of [`http://[${address}]/hook`, `https://[${address}]:8443/hook`, `http://${nameOf(i)}/hook`]) {
        const error = await expectEnvelope(await register(url), 400, "invalid_request_error");
        expect(error.message, url).toMatch(/^url: refused, .* is not a public address/);
      }
    }
    // A name with one public and one special address is refused for the special one.
    expect((await expectEnvelope(await register("http://mixed.test/hook"), 400, "invalid_request_error")).message).toMatch(/2002:7f00:1::1/);
    // The same name machinery accepts a public address: the refusals above are about the addresses.
    expect((await register("http://public.test/hook", { enabled: false })).status).toBe(200);
  });

  it("are refused at delivery, after the name is resolved again", async () => {
    const store = await server.client.beta.memoryStores.create({ name: "ssrf deliveries" });
    const urls = [...LISTED.map((a) => `http://[${a}]:9/hook`), ...LISTED.map((_, i) => `http://${nameOf(i)}:9/hook`), "http://mixed.test:9/hook"];
    const endpoints: { id: string; url: string }[] = [];
    for (const url of urls) {
      const res = await register("http://public.test/hook", { memory_store_id: store.id, enabled: false });
      expect(res.status).toBe(200);
      endpoints.push({ id: ((await res.json()) as Json).id, url });
    }
    const raw = await openRawDb(server.databaseUrl);
    for (const e of endpoints)
      await raw.query("UPDATE webhook_endpoints SET url = ?, enabled = ? WHERE id = ?", [e.url, raw.engine === "sqlite" ? 1 : true, e.id]);
    await raw.close();
    await server.client.beta.memoryStores.memories.create(store.id, { path: "/x.md", content: "x" });

    const deadline = Date.now() + 20_000;
    const outcome = new Map<string, string>();
    while (outcome.size < endpoints.length && Date.now() < deadline) {
      for (const e of endpoints) {
        if (outcome.has(e.url)) continue;
        const list = (await (await server.api.send("listWebhookDeliveries", { query: { endpoint_id: e.id } })).json()) as Json;
        const d = list.data[0];
        // One attempt (WEBHOOK_MAX_ATTEMPTS=1): its outcome is recorded once the delivery is settled.
        if (d?.status === "failed" || d?.status === "delivered") outcome.set(e.url, `${d.status}: ${d.last_error}`);
      }
      await sleep(100);
    }
    expect(outcome.size, JSON.stringify([...outcome])).toBe(endpoints.length);
    for (const e of endpoints) expect(outcome.get(e.url), e.url).toMatch(/^failed: refused: .*is not a public address/);
  });
});
