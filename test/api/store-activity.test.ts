import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { expectEnvelope } from "../helpers/api.ts";
import { sendUnchecked } from "../helpers/operations.ts";
import { sharedServer } from "../helpers/shared-server.ts";
import { ENGINE, type TestServer } from "../helpers/server.ts";

// GET /v1/store_activity/{store} (issue 23): the sessions, keys and users that wrote to a store,
// with counts and time spans, and its writes over time, for the console's activity list and
// strip. Answers are checked against the OpenAPI document; bad input is a 400 envelope.
let server: TestServer;
const tag = randomUUID().slice(0, 8);

type Activity = {
  type: string;
  principals: { actor: Record<string, string>; api_key: { id: string; name: string | null } | null; version_count: number; memory_count: number }[];
  has_more: boolean;
  buckets: { start: string; count: number }[];
};

beforeAll(async () => {
  server = await sharedServer();
});

describe(`/v1/store_activity on ${ENGINE}`, () => {
  it("lists the session and the key that wrote, with the key's name, and counts every write in the strip", async () => {
    const store = await server.client.beta.memoryStores.create({ name: `activity ${tag}` });
    const session = `sess_activity_${tag}`;
    for (const path of ["/memories/a.md", "/memories/b.md"]) {
      const res = await server.api.send("runMemoryTool", {
        params: { store: store.id },
        query: { session_id: session },
        body: { command: "create", path, file_text: "x\n" },
      });
      expect(res.status).toBe(200);
    }
    await server.client.beta.memoryStores.memories.create(store.id, { path: "/c.md", content: "c" });

    const res = await server.api.send("storeActivity", { params: { store: store.id }, query: { buckets: 8 } });
    expect(res.status).toBe(200);
    const activity = (await res.json()) as Activity;
    expect(activity.type).toBe("store_activity");
    expect(activity.principals.map((p) => [p.actor.type, p.version_count, p.memory_count])).toEqual([
      ["api_actor", 1, 1],
      ["session_actor", 2, 2],
    ]);
    expect(activity.principals[1]!.actor).toEqual({ type: "session_actor", session_id: session });
    expect(activity.principals[1]!.api_key?.name).toBeTruthy();
    expect(activity.buckets).toHaveLength(8);
    expect(activity.buckets.reduce((n, b) => n + b.count, 0)).toBe(3);
  });

  it("refuses bad input with a 400 envelope and an unknown store with a 404", async () => {
    const store = await server.client.beta.memoryStores.create({ name: `activity bad ${tag}` });
    for (const query of [{ buckets: "0" }, { buckets: "97" }, { from: "yesterday" }, { from: new Date().toISOString(), to: "2020-01-01T00:00:00Z" }]) {
      await expectEnvelope(await sendUnchecked(server.api, "storeActivity", { params: { store: store.id }, query }), 400, "invalid_request_error");
    }
    await expectEnvelope(await server.api.send("storeActivity", { params: { store: "memstore_nothere" } }), 404, "not_found_error");
  });
});
