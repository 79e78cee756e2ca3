import { beforeAll, describe, expect, it } from "vitest";
import { keyIdOf } from "../helpers/api.ts";
import type { TestServer } from "../helpers/server.ts";
import { sharedServer } from "../helpers/shared-server.ts";
import { allVersions, callTool, newStore, storeContents, type ToolInput } from "./helpers.ts";

/** Every write through the memory tool is versioned: one version per memory touched, attributed, atomic. */
let server: TestServer;
let ADMIN_ACTOR: { type: "api_actor"; api_key_id: string };
beforeAll(async () => {
  server = await sharedServer();
  ADMIN_ACTOR = { type: "api_actor", api_key_id: await keyIdOf(server) };
});

async function newVersionsAfter(storeId: string, input: ToolInput, options: { sessionId?: string } = {}) {
  const before = new Set((await allVersions(server, storeId)).map((v) => v.id));
  const result = await callTool(server, storeId, input, options);
  const added = (await allVersions(server, storeId)).filter((v) => !before.has(v.id));
  return { result, added };
}

describe("memory tool versions", () => {
  it("writes exactly one version per memory touched, attributed to the API key", async () => {
    const storeId = await newStore(server);
    const steps: [ToolInput, string[]][] = [
      [{ command: "create", path: "/memories/a.md", file_text: "one\ntwo\n" }, ["created"]],
      [{ command: "str_replace", path: "/memories/a.md", old_str: "one", new_str: "uno" }, ["modified"]],
      [{ command: "str_replace", path: "/memories/a.md", old_str: "uno", new_str: "uno" }, []],
      [{ command: "insert", path: "/memories/a.md", insert_line: 0, insert_text: "zero" }, ["modified"]],
      [{ command: "rename", old_path: "/memories/a.md", new_path: "/memories/b/a.md" }, ["modified"]],
      [{ command: "view", path: "/memories/b/a.md" }, []],
      [{ command: "create", path: "/memories/b/a.md", file_text: "again" }, []],
      [{ command: "delete", path: "/memories/b/a.md" }, ["deleted"]],
    ];
    for (const [input, operations] of steps) {
      const { result, added } = await newVersionsAfter(storeId, input);
      expect(
        added.map((v) => v.operation),
        JSON.stringify({ input, result }),
      ).toEqual(operations);
      for (const version of added) expect(version.created_by).toEqual(ADMIN_ACTOR);
    }
    const history = (await allVersions(server, storeId)).reverse();
    expect(history.map((v) => [v.operation, v.path])).toEqual([
      ["created", "/a.md"],
      ["modified", "/a.md"],
      ["modified", "/a.md"],
      ["modified", "/b/a.md"],
      ["deleted", "/b/a.md"],
    ]);
    expect(new Set(history.map((v) => v.memory_id)).size).toBe(1);
  });

  it("renames a directory of N memories with N versions, keeping each memory's id", async () => {
    const storeId = await newStore(server);
    const paths = ["/notes/a.md", "/notes/b.md", "/notes/deep/c.md", "/notes/deep/er/d.md", "/notes/.hidden.md"];
    for (const path of paths) await callTool(server, storeId, { command: "create", path: `/memories${path}`, file_text: path });
    await callTool(server, storeId, { command: "create", path: "/memories/notes-other.md", file_text: "stays" });
    const idsBefore = await memoryIds(storeId);

    const { result, added } = await newVersionsAfter(storeId, { command: "rename", old_path: "/memories/notes", new_path: "/memories/archive/notes" });
    expect(result).toEqual({ content: "Successfully renamed /memories/notes to /memories/archive/notes", is_error: false });
    expect(added).toHaveLength(paths.length);
    expect(added.every((v) => v.operation === "modified")).toBe(true);
    expect(added.map((v) => v.path).sort()).toEqual(paths.map((p) => `/archive${p}`).sort());

    const idsAfter = await memoryIds(storeId);
    for (const path of paths) expect(idsAfter[`/archive${path}`]).toBe(idsBefore[path]);
    expect(idsAfter["/notes-other.md"]).toBe(idsBefore["/notes-other.md"]);
    expect(Object.keys(idsAfter)).toHaveLength(paths.length + 1);
  });

  it("moves nothing when one memory of a directory cannot move (all or nothing)", async () => {
    const storeId = await newStore(server);
    const deep = "/memories/d/" + Array.from({ length: 18 }, (_, i) => `s${i}`).join("/") + "/leaf.md"; // 20 segments
    await callTool(server, storeId, { command: "create", path: "/memories/d/a.md", file_text: "moves first" });
    expect((await callTool(server, storeId, { command: "create", path: deep, file_text: "too deep to move" })).is_error).toBe(false);
    const before = await storeContents(server, storeId);

    const { result, added } = await newVersionsAfter(storeId, { command: "rename", old_path: "/memories/d", new_path: "/memories/x/d" });
    expect(result.is_error).toBe(true);
    expect(result.content).toMatch(/^Error: Path \/memories\/x\/d\/s0\/.*: must have at most 20 segments\.$/);
    expect(added).toEqual([]);
    expect(await storeContents(server, storeId)).toEqual(before);
  });

  it("deletes a directory with one deleted version per memory below it", async () => {
    const storeId = await newStore(server);
    for (const path of ["/tmp/a", "/tmp/b/c", "/tmp/b/.d", "/keep"]) {
      await callTool(server, storeId, { command: "create", path: `/memories${path}`, file_text: path });
    }
    const { result, added } = await newVersionsAfter(storeId, { command: "delete", path: "/memories/tmp" });
    expect(result).toEqual({ content: "Successfully deleted /memories/tmp", is_error: false });
    expect(added.map((v) => [v.operation, v.path]).sort()).toEqual([
      ["deleted", "/tmp/a"],
      ["deleted", "/tmp/b/.d"],
      ["deleted", "/tmp/b/c"],
    ]);
    expect(Object.keys(await storeContents(server, storeId))).toEqual(["/keep"]);
  });

  it("attributes writes to the agent session given as session_id", async () => {
    const storeId = await newStore(server);
    const session = { sessionId: "sesn_01TestSession" };
    const actor = { type: "session_actor", session_id: "sesn_01TestSession" };
    const created = await newVersionsAfter(storeId, { command: "create", path: "/memories/dir/a.md", file_text: "a" }, session);
    const edited = await newVersionsAfter(storeId, { command: "insert", path: "/memories/dir/a.md", insert_line: 1, insert_text: "b" }, session);
    await callTool(server, storeId, { command: "create", path: "/memories/dir/b.md", file_text: "b" });
    const moved = await newVersionsAfter(storeId, { command: "rename", old_path: "/memories/dir", new_path: "/memories/moved" }, session);
    for (const { added } of [created, edited, moved]) {
      expect(added.length).toBeGreaterThan(0);
      for (const version of added) expect(version.created_by).toEqual(actor);
    }
    const bySession = [];
    for await (const v of server.client.beta.memoryStores.memoryVersions.list(storeId, { session_id: "sesn_01TestSession" })) bySession.push(v);
    expect(bySession).toHaveLength(4);
    // The key behind the session is recorded too: filtering by it finds its session writes (it cannot hide behind a session id).
    const byKey = [];
    for await (const v of server.client.beta.memoryStores.memoryVersions.list(storeId, { api_key_id: ADMIN_ACTOR.api_key_id })) byKey.push(v);
    expect(byKey.map((v) => v.id).sort()).toEqual((await allVersions(server, storeId)).map((v) => v.id).sort());
    expect(byKey.filter((v) => v.created_by?.type === "session_actor")).toHaveLength(4);
  });

  it("serialises concurrent edits of one file with the store lock: none is lost", async () => {
    const storeId = await newStore(server);
    await callTool(server, storeId, { command: "create", path: "/memories/log.md", file_text: "start" });
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        callTool(server, storeId, { command: "insert", path: "/memories/log.md", insert_line: 1, insert_text: `entry ${i}` }),
      ),
    );
    expect(results.every((r) => !r.is_error)).toBe(true);
    const lines = (await storeContents(server, storeId))["/log.md"]!.split("\n");
    expect(lines[0]).toBe("start");
    expect(lines.slice(1).sort()).toEqual(Array.from({ length: 12 }, (_, i) => `entry ${i}`).sort());
    expect((await allVersions(server, storeId)).length).toBe(13);
  });
});

async function memoryIds(storeId: string): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for await (const item of server.client.beta.memoryStores.memories.list(storeId)) if (item.type === "memory") ids[item.path] = item.id;
  return ids;
}
