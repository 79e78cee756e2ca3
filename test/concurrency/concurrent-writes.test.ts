import type Anthropic from "@anthropic-ai/sdk";
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { problemsSeenInDatabase, problemsSeenThroughApi } from "../helpers/invariants.ts";
import { outcome, tally } from "../helpers/outcome.ts";
import { startServer, type TestServer } from "../helpers/server.ts";

/**
 * Invariants 3 and 4 under load: 20 requests at once against one memory or one path, first
 * through one server process, then through two processes on the same database (docs/design.md:
 * "two instances on one PostgreSQL must behave exactly like one").
 */
const N = 20;
const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

type Clients = () => Anthropic[];

function concurrencySuite(label: string, clients: Clients, servers: () => TestServer[]) {
  /** The client for the i-th of N simultaneous requests: with two servers, every other one goes to the second. */
  const via = (i: number) => clients()[i % clients().length]!;
  const api = () => via(0).beta.memoryStores;

  describe(label, () => {
    it("20 updates with the same content_sha256 precondition: one 200, 19 × 409 memory_precondition_failed_error, one new version", async () => {
      const store = await api().create({ name: "Preconditions" });
      const memory = await api().memories.create(store.id, { path: "/notes/todo.md", content: "v0" });
      const results = await Promise.all(
        Array.from({ length: N }, (_, i) =>
          outcome(
            via(i).beta.memoryStores.memories.update(memory.id, {
              memory_store_id: store.id,
              content: `v1 from writer ${i}`,
              precondition: { type: "content_sha256", content_sha256: memory.content_sha256 },
            }),
          ),
        ),
      );
      expect(tally(results)).toEqual({ "200": 1, "409 memory_precondition_failed_error": N - 1 });
      const winner = results.find((r) => r.ok)!;
      const versions = await api().memoryVersions.list(store.id, { memory_id: memory.id, limit: 100 });
      expect(versions.data.map((v) => v.operation)).toEqual(["modified", "created"]);
      const current = await api().memories.retrieve(memory.id, { memory_store_id: store.id });
      expect(winner.ok && winner.value.memory_version_id).toBe(versions.data[0]!.id);
      expect(current.memory_version_id).toBe(versions.data[0]!.id);
      expect(current.content_sha256).toBe(sha256(current.content!));
      expect(await problemsSeenThroughApi(servers()[0]!, store.id)).toEqual([]);
    });

    it("20 creates of one path: one memory, 19 × 409 memory_path_conflict_error naming it", async () => {
      const store = await api().create({ name: "Same path" });
      const results = await Promise.all(
        Array.from({ length: N }, (_, i) => outcome(via(i).beta.memoryStores.memories.create(store.id, { path: "/same.md", content: `writer ${i}` }))),
      );
      expect(tally(results)).toEqual({ "200": 1, "409 memory_path_conflict_error": N - 1 });
      const winner = results.find((r) => r.ok)!;
      const winnerId = winner.ok ? winner.value.id : "";
      for (const r of results) {
        if (!r.ok) expect(r.body).toMatchObject({ error: { conflicting_path: "/same.md", conflicting_memory_id: winnerId } });
      }
      const listed = await api().memories.list(store.id, { limit: 100 });
      expect(listed.data.map((m) => m.type === "memory" && m.id)).toEqual([winnerId]);
      expect(await problemsSeenThroughApi(servers()[0]!, store.id)).toEqual([]);
    });

    it("20 creates of nested paths (/x, /x/a, /x/a/b, …): exactly one survives", async () => {
      const store = await api().create({ name: "Overlapping paths" });
      const segments = ["x", ..."abcdefghijklmnopqrs"];
      const paths = segments.map((_, i) => "/" + segments.slice(0, i + 1).join("/"));
      expect(paths).toHaveLength(N);
      const results = await Promise.all(paths.map((path, i) => outcome(via(i).beta.memoryStores.memories.create(store.id, { path, content: path }))));
      expect(tally(results)).toEqual({ "200": 1, "409 memory_path_conflict_error": N - 1 });
      const winner = results.find((r) => r.ok)!;
      for (const r of results) {
        if (!r.ok) expect(r.body).toMatchObject({ error: { conflicting_memory_id: winner.ok ? winner.value.id : "" } });
      }
      const listed = await api().memories.list(store.id, { limit: 100 });
      expect(listed.data).toHaveLength(1);
      expect(await problemsSeenThroughApi(servers()[0]!, store.id)).toEqual([]);
    });

    it("20 unconditional updates: all apply, 20 new versions, memory_version_id is the newest", async () => {
      const store = await api().create({ name: "Unconditional" });
      const memory = await api().memories.create(store.id, { path: "/log.md", content: "start" });
      const results = await Promise.all(
        Array.from({ length: N }, (_, i) =>
          outcome(via(i).beta.memoryStores.memories.update(memory.id, { memory_store_id: store.id, content: `update ${i}` })),
        ),
      );
      expect(tally(results)).toEqual({ "200": N });
      const versions = await api().memoryVersions.list(store.id, { memory_id: memory.id, limit: 100, view: "full" });
      expect(versions.data.filter((v) => v.operation === "modified")).toHaveLength(N);
      const current = await api().memories.retrieve(memory.id, { memory_store_id: store.id });
      const newest = versions.data[0]!;
      expect(current.memory_version_id).toBe(newest.id);
      expect(current.content).toBe(newest.content);
      // Each acknowledged update reported its own version; together they are the 20 new ones.
      const acknowledged = new Set(results.map((r) => (r.ok ? r.value.memory_version_id : "")));
      expect(acknowledged.size).toBe(N);
      expect(await problemsSeenThroughApi(servers()[0]!, store.id)).toEqual([]);
    });

    it("leaves the database consistent", async () => {
      expect(await problemsSeenInDatabase(servers()[0]!.databaseUrl)).toEqual([]);
    });
  });
}

describe("concurrent writes", () => {
  let one: TestServer;
  let other: TestServer;
  beforeAll(async () => {
    one = await startServer();
    // A second server process on the same database (the same SQLite file, or the same PostgreSQL database).
    other = await startServer({ databaseUrl: one.databaseUrl });
  });
  afterAll(async () => {
    await other?.stop();
    await one?.stop();
  });

  concurrencySuite(
    "through one server process",
    () => [one.client],
    () => [one],
  );
  concurrencySuite(
    "through two server processes on one database",
    () => [one.client, other.client],
    () => [one, other],
  );
});
