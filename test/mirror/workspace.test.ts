import { describe, expect, it } from "vitest";
import { parseMirrorOptions, UsageError } from "../../lib/mirror/options.ts";
import { syncOnce } from "../../lib/mirror/sync-pass.ts";
import type { TestServer } from "../helpers/server.ts";
import { mirrorOf, readTree, remoteTree, tempDir, useMirrorServer, writeLocal } from "./helpers.ts";

/** The mirror in a workspace other than Default (issue 44): an organisation key names it with --workspace. */
let server: TestServer;
useMirrorServer((started) => (server = started));

describe("mirror --workspace", () => {
  it("syncs a store of the named workspace both ways; without the name it is not found", async () => {
    const workspace = await server.client.beta.organization.workspaces.create({ name: "Mirror team" });
    const store = await server.client.beta.memoryStores.create({ name: "team mirror", workspace_id: workspace.id });
    await server.client.beta.memoryStores.memories.create(store.id, { path: "/team.md", content: "from the store", workspace_id: workspace.id });

    const dir = tempDir("workspace");
    const { ctx } = await mirrorOf(server, store.id, dir, { workspaceId: workspace.id });
    expect(await syncOnce(ctx)).toMatchObject({ pulled: 1, pushed: 0 });
    expect(readTree(dir)).toEqual({ "/team.md": "from the store" });
    writeLocal(dir, "/local.md", "from the folder");
    expect(await syncOnce(ctx)).toMatchObject({ pushed: 1 });
    const ws = { ...server, client: server.client.withOptions({ defaultHeaders: { "anthropic-workspace-id": workspace.id } }) };
    expect(await remoteTree(ws, store.id)).toEqual({ "/team.md": "from the store", "/local.md": "from the folder" });

    // The same key without the workspace acts in Default, where the store is not.
    const elsewhere = await mirrorOf(server, store.id, tempDir("default"));
    await expect(syncOnce(elsewhere.ctx)).rejects.toThrow(/not found/);
  });

  it("takes --workspace or MEMORY_CONSOLE_WORKSPACE_ID, and refuses what is not a workspace id", () => {
    const base = ["--store", "memstore_x", "--dir", "/tmp/x", "--url", "http://127.0.0.1:3000"];
    const env = { MEMORY_CONSOLE_API_KEY: "k" };
    expect(parseMirrorOptions([...base, "--workspace", "wrkspc_01ABC"], env)).toMatchObject({ workspaceId: "wrkspc_01ABC" });
    expect(parseMirrorOptions(base, { ...env, MEMORY_CONSOLE_WORKSPACE_ID: "wrkspc_02DEF" })).toMatchObject({ workspaceId: "wrkspc_02DEF" });
    expect(parseMirrorOptions(base, env)).toMatchObject({ workspaceId: undefined });
    expect(() => parseMirrorOptions([...base, "--workspace", "team two"], env)).toThrow(UsageError);
  });
});
