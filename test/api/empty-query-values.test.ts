import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATIONS } from "../../lib/http/operations.ts";
import { expectEnvelope } from "../helpers/api.ts";
import { clientsOf, startServer, type TestServer } from "../helpers/server.ts";

// Empty query values (issue 21, item 9): the official SDK sends a parameter given as `null` as
// `name=`; on every endpoint that means the parameter left out, while a value that is present
// and wrong is still a 400.

let server: TestServer;
let storeId: string;
let memoryId: string;
let versionId: string;
beforeAll(async () => {
  server = await startServer();
  const store = await server.client.beta.memoryStores.create({ name: "empty values" });
  const memory = await server.client.beta.memoryStores.memories.create(store.id, { path: "/a/b.md", content: "b" });
  [storeId, memoryId, versionId] = [store.id, memory.id, memory.memory_version_id];
});
afterAll(() => server?.stop());

/** The SDK with a fetch that also records the URLs it sends. */
function recordingClient() {
  const sent: string[] = [];
  const { client } = clientsOf(server.engine, server.baseURL, server.databaseUrl, (input, init) => {
    sent.push(String(input));
    return fetch(input, init);
  });
  return { client, sent };
}

const nulls = <T>(params: Record<string, null>) => params as unknown as T;

describe("the official SDK with null parameters", () => {
  it("lists stores, memories and versions as if the parameters were left out", async () => {
    const { client, sent } = recordingClient();
    const stores = await client.beta.memoryStores.list(
      nulls({ include_archived: null, limit: null, page: null, "created_at[gte]": null, "created_at[lte]": null }),
    );
    expect(sent.at(-1)).toMatch(/\?include_archived=&limit=&page=&created_at%5Bgte%5D=&created_at%5Blte%5D=$/);
    expect(stores.data.map((s) => s.id)).toEqual((await client.beta.memoryStores.list()).data.map((s) => s.id));

    const memories = await client.beta.memoryStores.memories.list(storeId, nulls({ path_prefix: null, depth: null, view: null, limit: null, page: null }));
    expect(sent.at(-1)).toContain("?path_prefix=&depth=&view=&limit=&page=");
    expect(memories.data).toEqual((await client.beta.memoryStores.memories.list(storeId)).data);

    const versions = await client.beta.memoryStores.memoryVersions.list(
      storeId,
      nulls({
        memory_id: null,
        operation: null,
        api_key_id: null,
        session_id: null,
        service_account_id: null,
        "created_at[gte]": null,
        "created_at[lte]": null,
        view: null,
        limit: null,
        page: null,
      }),
    );
    expect(sent.at(-1)).toContain("memory_id=&operation=&api_key_id=");
    expect(versions.data).toEqual((await client.beta.memoryStores.memoryVersions.list(storeId)).data);
  });

  it("retrieves and deletes as if the parameters were left out", async () => {
    const { client } = recordingClient();
    const memories = client.beta.memoryStores.memories;
    expect((await memories.retrieve(memoryId, { memory_store_id: storeId, view: null as never })).content).toBe("b");
    expect((await client.beta.memoryStores.memoryVersions.retrieve(versionId, { memory_store_id: storeId, view: null as never })).content).toBe("b");
    const doomed = await memories.create(storeId, { path: "/doomed.md", content: "x" });
    await memories.delete(doomed.id, { memory_store_id: storeId, expected_content_sha256: null as never });
    await expect(memories.retrieve(doomed.id, { memory_store_id: storeId })).rejects.toMatchObject({ status: 404 });
  });
});

/** The query parameter names of an operation, as its OpenAPI parameters list them. */
function queryKeys(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  return Object.keys((z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as { properties?: object }).properties ?? {});
}

describe("raw HTTP, every GET operation", () => {
  it("answers `name=` exactly as it answers the request without that parameter", async () => {
    const ids: Record<string, string> = { store: storeId, memory: memoryId, version: versionId };
    const gets = Object.values(OPERATIONS).filter((o) => o.method === "GET" && "query" in o && o.query);
    expect(gets.length).toBeGreaterThan(15);
    for (const operation of gets) {
      const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? `${name}_01J0000000000000000000000`);
      const keys = queryKeys((operation as { query?: z.ZodType }).query);
      const plain = await server.fetch(path);
      await plain.arrayBuffer();
      for (const query of [...keys.map((k) => `${encodeURIComponent(k)}=`), keys.map((k) => `${encodeURIComponent(k)}=`).join("&")]) {
        const res = await server.fetch(`${path}?${query}`);
        await res.arrayBuffer();
        expect(res.status, `GET ${path}?${query}`).toBe(plain.status);
      }
    }
  });

  it("the memory tool's session_id= is the parameter left out", async () => {
    const res = await server.fetch(`/v1/memory_stores/${storeId}/memory_tool?session_id=`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ command: "create", path: "/memories/tool.md", file_text: "t" }),
    });
    expect(res.status).toBe(200);
    const versions = await server.client.beta.memoryStores.memoryVersions.list(storeId);
    expect(versions.data[0]!.created_by).toMatchObject({ type: "api_actor" });
  });

  it("still refuses a value that is present and wrong", async () => {
    for (const query of ["include_archived=yes", "limit=abc", "limit=0", "created_at[gte]=now", "limit=&include_archived=1"]) {
      await expectEnvelope(await server.fetch(`/v1/memory_stores?${query}`), 400, "invalid_request_error");
    }
    await expectEnvelope(await server.fetch(`/v1/memory_stores/${storeId}/memories?depth=2&view=`), 400, "invalid_request_error");
    await expectEnvelope(await server.fetch(`/v1/memory_stores/${storeId}/memory_versions?operation=redacted`), 400, "invalid_request_error");
  });
});
