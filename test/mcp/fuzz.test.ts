// Fuzz: POST /mcp/{memory_store_id} – JSON-RPC bodies right, wrong and absurd, single and batched, with odd headers: never a 5xx or a hang
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { bodyObject, bodyText, edgeNumber, junkValue } from "../fuzz/arb-json.ts";
import { toolPath } from "../fuzz/arb-paths.ts";
import { checkProperty, timeoutFor } from "../fuzz/fuzz-run.ts";
import { RESPONSE_BOUND_MS, send } from "../fuzz/http.ts";
import { ADMIN_KEY, type TestServer } from "../helpers/server.ts";
import { sharedServer } from "../helpers/shared-server.ts";
import { newStore } from "../memory-tool/helpers.ts";
import { initializeBody, rawPost } from "./helpers.ts";

let server: TestServer;
let storeId: string;
const FILE = import.meta.filename;

beforeAll(async () => {
  server = await sharedServer();
  storeId = await newStore(server, "mcp fuzz");
  await server.client.beta.memoryStores.memories.create(storeId, { path: "/notes/todo.md", content: "line one\nline two\n" });
});

const METHODS = [
  "initialize",
  "ping",
  "tools/list",
  "tools/call",
  "resources/list",
  "resources/read",
  "resources/templates/list",
  "resources/subscribe",
  "prompts/list",
  "prompts/get",
  "completion/complete",
  "logging/setLevel",
  "notifications/initialized",
  "notifications/cancelled",
  "sampling/createMessage",
  "no/such/method",
  "__proto__",
];

const toolArguments = bodyObject({
  command: fc.constantFrom("view", "create", "str_replace", "insert", "delete", "rename", "nope"),
  path: fc.oneof(toolPath, fc.constantFrom("/memories", "/memories/notes/todo.md")),
  file_text: fc.string({ maxLength: 20 }),
  old_str: fc.constantFrom("line", "one", ""),
  new_str: fc.string({ maxLength: 10 }),
  insert_line: fc.oneof(fc.integer({ min: -2, max: 4 }), edgeNumber),
  insert_text: fc.string({ maxLength: 10 }),
  view_range: fc.array(edgeNumber, { maxLength: 3 }),
  query: fc.constantFrom("line", "two", "ab", "(v2)"),
  mode: fc.constantFrom("words", "exact", "fuzzy"),
  include_history: fc.boolean(),
  version_id: fc.constantFrom("memver_01M8RSHM4V9X36VS504FQ4PSAX", "memver_", "x"),
  limit: edgeNumber,
  page: fc.string({ maxLength: 12 }),
});

const params = fc.oneof(
  {
    arbitrary: bodyObject({
      name: fc.constantFrom("memory", "memory_search", "memory_history", "memory_protocol", "nope"),
      arguments: fc.oneof(toolArguments, junkValue),
      uri: fc.oneof(
        fc.constant(`memory://STORE/notes/todo.md`),
        fc.string({ maxLength: 30 }),
        fc.constantFrom("memory://", "memory://STORE/%zz", "memory://STORE/a/%00"),
      ),
      cursor: fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom("L25vdGVz", "")),
      protocolVersion: fc.constantFrom("2025-11-25", "2025-06-18", "2024-11-05", "", "x"),
      capabilities: junkValue,
      clientInfo: junkValue,
      ref: junkValue,
      argument: junkValue,
    }),
    weight: 4,
  },
  { arbitrary: junkValue, weight: 1 },
);

/** Mostly well-formed JSON-RPC (so that most requests reach the tools, resources and prompts), now and then any shape. */
const message = fc.oneof(
  {
    arbitrary: fc.record({ jsonrpc: fc.constant("2.0"), id: fc.oneof(fc.nat(), fc.string({ maxLength: 8 })), method: fc.constantFrom(...METHODS), params }),
    weight: 6,
  },
  {
    arbitrary: bodyObject({
      jsonrpc: fc.constantFrom("2.0", "1.0", ""),
      id: fc.oneof(fc.integer(), fc.string({ maxLength: 8 }), fc.constant(null)),
      method: fc.constantFrom(...METHODS),
      params,
    }),
    weight: 2,
  },
);

const body = fc.oneof(
  { arbitrary: message.map((m) => JSON.stringify(m)), weight: 6 },
  { arbitrary: bodyText(message), weight: 2 },
  { arbitrary: fc.array(message, { minLength: 0, maxLength: 4 }).map((batch) => JSON.stringify(batch)), weight: 2 },
  { arbitrary: junkValue.map((v) => JSON.stringify(v) ?? "null"), weight: 1 },
);

/** Usually what a client sends; sometimes a wrong Accept, content type, protocol version or session header. */
const odd = <T>(usual: T, ...others: T[]) => fc.oneof({ arbitrary: fc.constant(usual), weight: 8 }, { arbitrary: fc.constantFrom(...others), weight: 1 });
const headers = fc.record({
  accept: odd("application/json, text/event-stream", "application/json", "text/event-stream", "*/*", ""),
  "content-type": odd("application/json", "text/plain", "application/json; charset=utf-8", ""),
  "mcp-protocol-version": odd("2025-11-25", "2025-06-18", "1999-01-01", "", "\u00e9"),
  "mcp-session-id": odd("", "abc"),
  "x-memory-session-id": odd("", "agent-1", "has space", "x".repeat(300)),
});

describe("fuzz: MCP endpoint", () => {
  it(
    "answers any body and headers within the bound and never with a 5xx",
    async () => {
      await checkProperty(FILE, "mcp json-rpc bodies", 200, [body, headers], async (text, extra) => {
        const sent = text.replaceAll("STORE", storeId);
        const clean = Object.fromEntries(Object.entries(extra).filter(([, v]) => v !== "" && /^[\x20-\x7e]*$/.test(v)));
        const res = await send(server, {
          method: "POST",
          path: `/mcp/${storeId}`,
          body: sent,
          bare: true,
          headers: { authorization: `Bearer ${ADMIN_KEY}`, accept: "application/json, text/event-stream", "content-type": "application/json", ...clean },
        });
        const exchange = `${JSON.stringify(clean)} ${sent.slice(0, 300)} → ${res.status} ${res.text.slice(0, 300)}`;
        expect(res.status, exchange).toBeLessThan(500);
        expect(res.ms, exchange).toBeLessThan(RESPONSE_BOUND_MS);
        if (res.status !== 202) expect(() => JSON.parse(res.text), exchange).not.toThrow();
        expect(res.text, exchange).not.toMatch(/\bat \S+\.(js|ts):\d+/); // no stack trace
      });
      // Still serving afterwards.
      expect((await rawPost(server, storeId, initializeBody("2025-11-25"))).status).toBe(200);
    },
    timeoutFor(200),
  );
});
