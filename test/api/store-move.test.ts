import Anthropic from "@anthropic-ai/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_WORKSPACE_ID } from "../../lib/memory/workspace.ts";
import { ADMIN_KEY, startServer, type TestServer } from "../helpers/server.ts";
import { signInForCookie } from "../helpers/session.ts";

// Moving a store to another workspace (issue 44, docs/design.md "Workspaces"): an audited admin
// act that keeps the store's id and history, needs admin powers in both workspaces, and takes
// the store from the old workspace's keys at once.
let server: TestServer;
const ADMIN = { email: "root@example.com", password: "root password 123" };
const PASSWORD = "a long password 123";
const inWorkspace = (id: string) => ({ headers: { "anthropic-workspace-id": id } });

const asOrg = (workspace: string) => server.apiWithHeaders({ "x-api-key": ADMIN_KEY, "anthropic-workspace-id": workspace });
const session = (cookie: string, workspace: string) =>
  server.apiWithHeaders({ "x-api-key": "", cookie, origin: server.baseURL, "anthropic-workspace-id": workspace });

async function move(api: ReturnType<typeof asOrg>, storeId: string, workspaceId: string) {
  const res = await api.send("moveStore", { body: { memory_store_id: storeId, workspace_id: workspaceId } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { error?: { type: string; message: string } } };
}

async function person(email: string, memberships: [string, string][]): Promise<string> {
  const res = await asOrg(DEFAULT_WORKSPACE_ID).send("createUser", { body: { email, password: PASSWORD, role: "viewer" } });
  expect(res.status).toBe(200);
  const { id } = (await res.json()) as { id: string };
  for (const [workspace, role] of memberships) {
    if (workspace === DEFAULT_WORKSPACE_ID)
      await server.client.beta.organization.workspaces.members.update(id, { workspace_id: workspace, workspace_role: role as "workspace_admin" });
    else await server.client.beta.organization.workspaces.members.add(workspace, { user_id: id, workspace_role: role as "workspace_admin" });
  }
  const { cookie, error } = await signInForCookie(server.baseURL, email, PASSWORD);
  expect(error).toBeNull();
  return cookie!;
}

beforeAll(async () => {
  server = await startServer({ env: { MEMORY_CONSOLE_ADMIN_EMAIL: ADMIN.email, MEMORY_CONSOLE_ADMIN_PASSWORD: ADMIN.password } });
}, 120_000);
afterAll(() => server?.stop());

describe("moving a store", () => {
  it("keeps its id, memories, versions and reports, and takes it from the old workspace's keys", async () => {
    const stores = server.client.beta.memoryStores;
    const target = await server.client.beta.organization.workspaces.create({ name: "Team two" });
    const store = await stores.create({ name: "travelling" });
    const memory = await stores.memories.create(store.id, { path: "/memories/notes.md", content: "first" });
    await stores.memories.update(memory.id, { memory_store_id: store.id, content: "second" });
    const restore = await asOrg(DEFAULT_WORKSPACE_ID).send("planRestore", { body: { memory_store_id: store.id, as_of: new Date().toISOString() } });
    expect(restore.status).toBe(200);
    const restoreId = ((await restore.json()) as { id: string }).id;
    // A key of Default, limited to this store, reads it before the move.
    const keyRes = await asOrg(DEFAULT_WORKSPACE_ID).send("createApiKey", { body: { name: "default key", role: "reviewer", store_ids: [store.id] } });
    const key = ((await keyRes.json()) as { secret: string }).secret;
    const oldKey = new Anthropic({ baseURL: server.baseURL, apiKey: key, maxRetries: 0 });
    expect((await oldKey.beta.memoryStores.retrieve(store.id)).id).toBe(store.id);

    const moved = await move(asOrg(DEFAULT_WORKSPACE_ID), store.id, target.id);
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ type: "store_move", memory_store_id: store.id, from_workspace_id: DEFAULT_WORKSPACE_ID, to_workspace_id: target.id });

    // Gone from Default: its key, its list and its reports answer as for nothing.
    await expect(oldKey.beta.memoryStores.retrieve(store.id)).rejects.toBeInstanceOf(Anthropic.NotFoundError);
    await expect(oldKey.beta.memoryStores.memories.retrieve(memory.id, { memory_store_id: store.id })).rejects.toBeInstanceOf(Anthropic.NotFoundError);
    await expect(stores.retrieve(store.id)).rejects.toBeInstanceOf(Anthropic.NotFoundError);
    const defaultIds = [];
    for await (const s of stores.list()) defaultIds.push(s.id);
    expect(defaultIds).not.toContain(store.id);
    expect((await asOrg(DEFAULT_WORKSPACE_ID).send("retrieveRestore", { params: { restore: restoreId } })).status).toBe(404);

    // There in the target: the same id, the same memories and the same history.
    expect((await stores.retrieve(store.id, { workspace_id: target.id })).name).toBe("travelling");
    const there = await stores.memories.retrieve(memory.id, { memory_store_id: store.id, workspace_id: target.id });
    expect(there.content).toBe("second");
    const versions = [];
    for await (const v of stores.memoryVersions.list(store.id, { workspace_id: target.id })) versions.push(v.operation);
    expect(versions.sort()).toEqual(["created", "modified"]);
    expect((await asOrg(target.id).send("retrieveRestore", { params: { restore: restoreId } })).status).toBe(200);

    // What awaits review (an agent's writes) moved with it: the target's inbox and counts hold
    // it, Default's no longer do, and a store written after the move opens its items there too.
    const inbox = async (workspace: string) => {
      const res = await asOrg(workspace).send("listReviews", { query: { limit: 100 } });
      return ((await res.json()) as { data: { memory_id: string }[] }).data.map((i) => i.memory_id);
    };
    const counts = async (workspace: string) => (await (await asOrg(workspace).send("countReviews")).json()) as { stores: Record<string, number> };
    expect(await inbox(target.id)).toEqual([memory.id]);
    expect(await inbox(DEFAULT_WORKSPACE_ID)).not.toContain(memory.id);
    expect((await counts(target.id)).stores).toEqual({ [store.id]: 1 });
    expect((await counts(DEFAULT_WORKSPACE_ID)).stores[store.id]).toBeUndefined();
    const later = await stores.memories.create(store.id, { path: "/memories/later.md", content: "after the move" }, inWorkspace(target.id));
    expect(await inbox(target.id)).toEqual([later.id, memory.id]);
    expect(await inbox(DEFAULT_WORKSPACE_ID)).not.toContain(later.id);

    // The act is in the audit log, where the store now is.
    const audit = await asOrg(target.id).send("listAuditEvents", { query: { action: "memory_store.moved" } });
    const events = ((await audit.json()) as { data: { memory_store_id: string | null; details: Record<string, unknown> }[] }).data;
    expect(events.map((e) => [e.memory_store_id, e.details])).toEqual([[store.id, { from_workspace_id: DEFAULT_WORKSPACE_ID, to_workspace_id: target.id }]]);
  });

  it("takes admin powers in both workspaces", async () => {
    const from = await server.client.beta.organization.workspaces.create({ name: "From" });
    const to = await server.client.beta.organization.workspaces.create({ name: "To" });
    const store = await server.client.beta.memoryStores.create({ name: "guarded" }, inWorkspace(from.id));

    // Admin of the source only: the target is not there for them (not a member) or refused (not its admin).
    const adminOfFrom = await person("from-admin@example.com", [[from.id, "workspace_admin"]]);
    expect((await move(session(adminOfFrom, from.id), store.id, to.id)).status).toBe(404);
    const developerOfTo = await person("both@example.com", [
      [from.id, "workspace_admin"],
      [to.id, "workspace_developer"],
    ]);
    const refused = await move(session(developerOfTo, from.id), store.id, to.id);
    expect(refused.status).toBe(403);
    expect(refused.body.error?.type).toBe("permission_error");
    // Admin of the target only: the source's store is not theirs to name.
    const adminOfTo = await person("to-admin@example.com", [
      [from.id, "workspace_developer"],
      [to.id, "workspace_admin"],
    ]);
    expect((await move(session(adminOfTo, from.id), store.id, to.id)).status).toBe(403);
    // A key of the source workspace, even an admin one, acts in no other.
    const keyRes = await asOrg(from.id).send("createApiKey", { body: { name: "from admin key", role: "admin" } });
    const fromKey = ((await keyRes.json()) as { secret: string }).secret;
    expect((await move(server.apiWithHeaders({ "x-api-key": fromKey }), store.id, to.id)).status).toBe(404);
    expect((await server.client.beta.memoryStores.retrieve(store.id, { workspace_id: from.id })).id).toBe(store.id);

    // Admin in both: moved.
    const adminOfBoth = await person("admin-both@example.com", [
      [from.id, "workspace_admin"],
      [to.id, "workspace_admin"],
    ]);
    expect((await move(session(adminOfBoth, from.id), store.id, to.id)).status).toBe(200);
  });

  it("refuses a target that is the same, archived, unknown or malformed, changing nothing", async () => {
    const stores = server.client.beta.memoryStores;
    const store = await stores.create({ name: "staying" });
    const closed = await server.client.beta.organization.workspaces.create({ name: "Closed" });
    await server.client.beta.organization.workspaces.archive(closed.id);
    const api = asOrg(DEFAULT_WORKSPACE_ID);
    const same = await move(api, store.id, DEFAULT_WORKSPACE_ID);
    expect([same.status, same.body.error?.message]).toEqual([400, expect.stringMatching(/already in workspace/)]);
    expect((await move(api, store.id, closed.id)).status).toBe(404);
    expect((await move(api, store.id, "wrkspc_01NOTHINGHERE0000000000000")).status).toBe(404);
    const malformed = await move(api, store.id, "team two");
    expect([malformed.status, malformed.body.error?.type]).toEqual([400, "invalid_request_error"]);
    expect((await move(api, "memstore_01NOTHINGHERE000000000000", closed.id)).status).toBe(404);
    expect((await stores.retrieve(store.id)).id).toBe(store.id);
  });
});
