import { beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server.ts";
import { sharedServer } from "../helpers/shared-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await sharedServer();
});

describe("POST /v1/memory_stores/{store}/memories", () => {
  it("creates a memory that the SDK can read back", async () => {
    const store = await server.client.beta.memoryStores.create({ name: "Smoke" });
    const memory = await server.client.beta.memoryStores.memories.create(store.id, { path: "/a.md", content: "hello" });
    expect(memory.content).toBeNull();
    const read = await server.client.beta.memoryStores.memories.retrieve(memory.id, { memory_store_id: store.id });
    expect(read.content).toBe("hello");
    expect(read.content_sha256).toBe("2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824");
  });
});
