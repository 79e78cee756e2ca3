import { beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../helpers/server.ts";
import { sharedServer } from "../helpers/shared-server.ts";
import { issueKey } from "./database.ts";
import { allVersions, callTool, newStore, storeContents, type ToolInput } from "./helpers.ts";

/**
 * Who may do what through the memory tool, and which failures are HTTP errors: auth, the beta
 * header, an unknown store and a malformed body. Everything else is an error result.
 */
let server: TestServer;
beforeAll(async () => {
  server = await sharedServer();
});

const WRITES: ToolInput[] = [
  { command: "create", path: "/memories/new.md", file_text: "new" },
  { command: "str_replace", path: "/memories/dir/a.md", old_str: "alpha", new_str: "changed" },
  { command: "insert", path: "/memories/dir/a.md", insert_line: 0, insert_text: "changed" },
  { command: "delete", path: "/memories/dir/a.md" },
  { command: "delete", path: "/memories/dir" },
  { command: "rename", old_path: "/memories/dir", new_path: "/memories/moved" },
];

async function seededStore() {
  const storeId = await newStore(server, "access");
  await callTool(server, storeId, { command: "create", path: "/memories/dir/a.md", file_text: "alpha\n" });
  return storeId;
}

async function expectWritesRefused(storeId: string, apiKey: string | undefined, message: RegExp) {
  const before = await storeContents(server, storeId);
  const versions = (await allVersions(server, storeId)).length;
  for (const input of WRITES) {
    const result = await callTool(server, storeId, input, { apiKey });
    expect({ input, ...result }).toMatchObject({ is_error: true, content: expect.stringMatching(message) });
  }
  expect(await storeContents(server, storeId)).toEqual(before);
  expect((await allVersions(server, storeId)).length).toBe(versions);
  const listing = await callTool(server, storeId, { command: "view", path: "/memories" }, { apiKey });
  expect(listing.is_error).toBe(false);
  expect(listing.content).toContain("/memories/dir/a.md");
  expect(await callTool(server, storeId, { command: "view", path: "/memories/dir/a.md" }, { apiKey })).toEqual({
    content: "Here's the content of /memories/dir/a.md with line numbers:\n     1\talpha\n     2\t",
    is_error: false,
  });
}

describe("memory tool access", () => {
  it("lets a read-only key view but refuses its writes with an error result", async () => {
    const storeId = await seededStore();
    const key = await issueKey(server, { role: "admin", readOnly: true });
    await expectWritesRefused(storeId, key, /^Error: Permission denied: these credentials may only read memory store memstore_\w+, so \w+ is not allowed$/);
  });

  it("lets a viewer view but refuses its writes with an error result", async () => {
    const storeId = await seededStore();
    const key = await issueKey(server, { role: "viewer" });
    await expectWritesRefused(storeId, key, /^Error: Permission denied/);
  });

  it("lets a reviewer key write", async () => {
    const storeId = await seededStore();
    const key = await issueKey(server, { role: "reviewer" });
    expect(await callTool(server, storeId, WRITES[0]!, { apiKey: key })).toEqual({
      content: "File created successfully at: /memories/new.md",
      is_error: false,
    });
  });

  it("freezes an archived store for the memory tool, deletes included, while view still works", async () => {
    const storeId = await seededStore();
    await server.client.beta.memoryStores.archive(storeId);
    await expectWritesRefused(
      storeId,
      undefined,
      /^Error: Memory store memstore_\w+ is archived, so changing its memories through the memory tool is not allowed\./,
    );
  });

  it("answers an unknown store with 404 and a store outside a scoped key with 403", async () => {
    const res = await server.fetch("/v1/memory_stores/memstore_01UNKNOWN0000000000000000/memory_tool", {
      method: "POST",
      body: JSON.stringify({ command: "view", path: "/memories" }),
    });
    expect(res.status).toBe(404);
    expect((await res.json()).error.type).toBe("not_found_error");

    const storeId = await seededStore();
    const other = await newStore(server, "other");
    const scoped = await issueKey(server, { role: "reviewer", storeIds: [other] });
    const denied = await server.fetch(`/v1/memory_stores/${storeId}/memory_tool`, {
      method: "POST",
      headers: { "x-api-key": scoped },
      body: JSON.stringify({ command: "view", path: "/memories" }),
    });
    expect(denied.status).toBe(403);
  });

  it("answers missing credentials with 401 and a missing beta header with 400", async () => {
    const storeId = await seededStore();
    const body = JSON.stringify({ command: "view", path: "/memories" });
    const noKey = await fetch(`${server.baseURL}/v1/memory_stores/${storeId}/memory_tool`, {
      method: "POST",
      headers: { "anthropic-beta": "agent-memory-2026-07-22" },
      body,
    });
    expect(noKey.status).toBe(401);
    const noBeta = await server.fetch(`/v1/memory_stores/${storeId}/memory_tool`, { method: "POST", headers: { "anthropic-beta": "" }, body });
    expect(noBeta.status).toBe(400);
  });

  it("answers a wrong command shape with an error result the model can read, and writes nothing", async () => {
    const storeId = await seededStore();
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'Error: The memory tool input needs a "command": one of view, create, str_replace, insert, delete, rename.'],
      [{ command: 7 }, 'Error: The memory tool input needs a "command": one of view, create, str_replace, insert, delete, rename.'],
      [{ command: "list", path: "/memories" }, "Error: list not implemented"],
      [{ command: "explode" }, "Error: explode not implemented"],
      [{ command: "view" }, "Error: Invalid view command: path is required (string)."],
      [{ command: "view", path: 7 }, "Error: Invalid view command: path must be a string, not number."],
      [
        { command: "view", path: "/memories", view_range: [1.5, 2] },
        "Error: Invalid view command: view_range.0: Invalid input: expected int, received number.",
      ],
      [{ command: "view", path: "/memories", extra: true }, "Error: Invalid view command: unknown field extra."],
      [{ command: "create", path: "/memories/a.md" }, "Error: Invalid create command: file_text is required (string)."],
      [{ command: "str_replace", path: "/memories/a.md", new_str: "x" }, "Error: Invalid str_replace command: old_str is required (string)."],
      [
        { command: "insert", path: "/memories/a.md", insert_line: "1", insert_text: "x" },
        "Error: Invalid insert command: insert_line must be a number, not string.",
      ],
      [{ command: "rename", old_path: "/memories/a.md" }, "Error: Invalid rename command: new_path is required (string)."],
      [{ command: "create", file_text: 3 }, "Error: Invalid create command: path is required (string); file_text must be a string, not number."],
    ];
    const before = (await allVersions(server, storeId)).length;
    for (const [input, content] of cases) {
      expect({ input, result: await callTool(server, storeId, input) }).toEqual({ input, result: { content, is_error: true } });
    }
    expect((await allVersions(server, storeId)).length).toBe(before);
  });

  it("answers a body that is not a JSON object, or a bad query, with 400 invalid_request_error", async () => {
    const storeId = await seededStore();
    const array = await server.fetch(`/v1/memory_stores/${storeId}/memory_tool`, {
      method: "POST",
      body: JSON.stringify([{ command: "view", path: "/memories" }]),
    });
    expect(array.status).toBe(400);
    expect((await array.json()).error.type).toBe("invalid_request_error");
    const notJson = await server.fetch(`/v1/memory_stores/${storeId}/memory_tool`, { method: "POST", body: "{command" });
    expect(notJson.status).toBe(400);
    // `?session_id=` is the parameter left out (test/api/empty-query-values.test.ts); a present, wrong one is refused.
    for (const query of ["?other=1", "?session_id=%20", "?session_id=has%20space"]) {
      const res = await server.fetch(`/v1/memory_stores/${storeId}/memory_tool${query}`, {
        method: "POST",
        body: JSON.stringify({ command: "view", path: "/memories" }),
      });
      expect({ query, status: res.status }).toEqual({ query, status: 400 });
    }
  });
});
