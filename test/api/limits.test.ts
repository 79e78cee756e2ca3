import { APIError } from "@anthropic-ai/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newStore, sha256 } from "../helpers/api.ts";
import { startServer, type TestServer } from "../helpers/server.ts";
import { seedMemories } from "../memory-tool/database.ts";

// The per-store memory limit over HTTP: the refusal's status and envelope, and that reads,
// updates and deletes keep working. The store is filled with 9,999 rows written in bulk exactly
// as a create writes them (seedMemories), then the API creates the 10,000th: 10,000 creates
// over HTTP took ~3 minutes per engine here, and test/domain/memories.test.ts already counts
// the limit through the domain's own creates. Bulk writes come from outside the server, so
// this file has a server of its own.

const LIMIT = 10_000;

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

const memories = () => server.client.beta.memoryStores.memories;

/** Folders of 100 so that the seeded store looks like a tree, not one flat directory. */
const pathOf = (i: number) => `/f${String(Math.floor(i / 100)).padStart(3, "0")}/m${String(i % 100).padStart(2, "0")}.md`;

/** The store-full refusal: a client error (the exact status is ours to choose) that names the limit. */
async function expectFull(create: Promise<unknown>) {
  const error = await create.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(APIError);
  const { status, error: body } = error as APIError;
  expect(status).toBeGreaterThanOrEqual(400);
  expect(status).toBeLessThan(500);
  expect((body as { error: { message: string } }).error.message).toMatch(/10,?000/);
}

describe("POST /v1/memory_stores/{store}/memories: 10,000 memories per store", () => {
  it("refuses the 10,001st memory with a clear 4xx while reads, updates and deletes keep working", async () => {
    const store = await newStore(server, "full");
    await seedMemories(server, store.id, LIMIT - 1, pathOf);
    expect((await memories().create(store.id, { path: pathOf(LIMIT - 1), content: "the 10,000th" })).path).toBe(pathOf(LIMIT - 1));

    // Full: a create fails with a 4xx that names the limit, and writes nothing.
    await expectFull(memories().create(store.id, { path: "/one-too-many.md", content: "" }));
    const versionsBefore = await server.client.beta.memoryStores.memoryVersions.list(store.id, { operation: "created", limit: 1 });

    // Reads still work.
    const page = await memories().list(store.id, { depth: 1, limit: 100 });
    expect(page.data).toHaveLength(100);
    const first = await memories().list(store.id, { path_prefix: "/f000/", limit: 1 });
    const target = first.data[0]!;
    expect(target.path).toBe(pathOf(0));
    const read = await memories().retrieve((target as { id: string }).id, { memory_store_id: store.id });
    expect(read.content).toBe("0");

    // Updates (content and rename) still work.
    const updated = await memories().update(read.id, { memory_store_id: store.id, content: "changed" });
    expect(updated.content_sha256).toBe(sha256("changed"));
    const renamed = await memories().update(read.id, { memory_store_id: store.id, path: "/renamed.md" });
    expect(renamed.path).toBe("/renamed.md");

    // Nothing was created by the refused request.
    const versionsAfter = await server.client.beta.memoryStores.memoryVersions.list(store.id, { operation: "created", limit: 1 });
    expect(versionsAfter.data[0]!.id).toBe(versionsBefore.data[0]!.id);
    expect((await memories().list(store.id, { path_prefix: "/", depth: 1, limit: 100 })).data.map((i) => i.path)).not.toContain("/one-too-many.md");

    // A delete frees one place, exactly one.
    await memories().delete(read.id, { memory_store_id: store.id });
    const again = await memories().create(store.id, { path: "/one-too-many.md", content: "fits now" });
    expect(again.path).toBe("/one-too-many.md");
    await expectFull(memories().create(store.id, { path: "/two-too-many.md", content: "" }));

    // The limit is per store.
    const other = await newStore(server, "empty");
    expect((await memories().create(other.id, { path: "/a.md", content: "" })).path).toBe("/a.md");
  }, 180_000);
});
