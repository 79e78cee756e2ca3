import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_WORKSPACE_ID } from "../../lib/memory/workspace.ts";
import { newId } from "../../lib/memory/ids.ts";
import type { CallArgs, CallRest, OperationName } from "../../lib/api-client/operation-types.ts";
import { ADMIN_KEY, startServer, type TestServer } from "../helpers/server.ts";
import { signInForCookie } from "../helpers/session.ts";
import { openServerDb } from "../memory-tool/database.ts";

// docs/design.md "Workspaces" (issue 44): the request's workspace comes from the key and the
// anthropic-workspace-id header; people act by their membership; a store of another workspace
// is not there. The isolation matrix over every operation is test/api/workspace-isolation.test.ts.
let server: TestServer;
let teamB: string;
const OWNER = { email: "owner@example.com", password: "owner password 123" };
const MEMBER = { email: "member@example.com", password: "member password 123" };

type Reply = { status: number; body: Record<string, unknown> & { error?: { type: string; message: string }; data?: { id: string }[] } };

/** The Memory Stores API by path (the SDK's own routes), with a key or a session and a workspace header. */
async function call(method: string, path: string, options: Options & { body?: unknown } = {}): Promise<Reply> {
  const headers = headersOf(options);
  if (options.body !== undefined) headers["content-type"] = "application/json";
  const res = await server.fetch(path, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  return { status: res.status, body: (await res.json()) as Reply["body"] };
}

type Options = { key?: string; workspace?: string; cookie?: string };

function headersOf(options: Options): Record<string, string> {
  const headers: Record<string, string> = { "x-api-key": options.cookie ? "" : (options.key ?? ADMIN_KEY) };
  if (options.workspace !== undefined) headers["anthropic-workspace-id"] = options.workspace;
  if (options.cookie) Object.assign(headers, { cookie: options.cookie, origin: server.baseURL });
  return headers;
}

/** One of this project's operations through the typed client, with a key or a session and a workspace header. */
async function op<N extends OperationName>(name: N, args: CallArgs<N> = {} as CallArgs<N>, options: Options = {}): Promise<Reply> {
  const res = await server.apiWithHeaders(headersOf(options)).send(name, ...([args] as CallRest<N>));
  return { status: res.status, body: (await res.json()) as Reply["body"] };
}

async function addWorkspace(name: string): Promise<string> {
  const id = newId("wrkspc" as never);
  const db = await openServerDb(server);
  try {
    await db.sqlTransaction(
      (tx) => tx.$executeRaw`INSERT INTO workspaces (id, name, display_color, created_at) VALUES (${id}, ${name}, '#0ea5e9', ${new Date()})`,
    );
  } finally {
    await db.close();
  }
  return id;
}

async function member(userId: string, workspaceId: string, role: string) {
  const db = await openServerDb(server);
  try {
    await db.sqlTransaction(
      (tx) =>
        tx.$executeRaw`INSERT INTO workspace_members (workspace_id, user_id, workspace_role, created_at) VALUES (${workspaceId}, ${userId}, ${role}, ${new Date()})`,
    );
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  server = await startServer();
  await server.fetch("/api/setup", { method: "POST", headers: { "content-type": "application/json", origin: server.baseURL }, body: JSON.stringify(OWNER) });
  teamB = await addWorkspace("Team B");
}, 120_000);
afterAll(() => server?.stop());

describe("the request's workspace", () => {
  it("is Default without the header, and the header selects another for an organisation key", async () => {
    const me = await op("me", {});
    expect(me.body).toMatchObject({ workspace_id: DEFAULT_WORKSPACE_ID, organization_admin: true });
    const inB = await op("me", {}, { workspace: teamB });
    expect(inB.body).toMatchObject({ workspace_id: teamB, organization_admin: true });
  });

  it("refuses a malformed id (400), an unknown workspace (404), in the usual envelope", async () => {
    const malformed = await call("GET", "/v1/memory_stores", { workspace: "team-b" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error?.type).toBe("invalid_request_error");
    const unknown = await call("GET", "/v1/memory_stores", { workspace: "wrkspc_01NOSUCHWORKSPACE000000000" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.type).toBe("not_found_error");
  });

  it("keeps stores apart: a store made in B is listed, found and searched only in B, and answers as missing elsewhere", async () => {
    const made = await call("POST", "/v1/memory_stores", { workspace: teamB, body: { name: "B's notes" } });
    expect(made.status).toBe(200);
    const id = made.body.id as string;
    const listedB = await call("GET", "/v1/memory_stores", { workspace: teamB });
    expect(listedB.body.data!.map((s) => s.id)).toEqual([id]);
    const listedDefault = await call("GET", "/v1/memory_stores");
    expect(listedDefault.body.data!.map((s) => s.id)).not.toContain(id);
    const foundDefault = await op("findStores", { query: { name: "notes" } });
    expect(foundDefault.body.data!.map((s) => s.id)).not.toContain(id);

    const fromDefault = await call("GET", `/v1/memory_stores/${id}`);
    const missing = await call("GET", `/v1/memory_stores/memstore_01NOSUCHSTORE0000000000000`);
    expect(fromDefault.status).toBe(404);
    expect(fromDefault.body.error).toEqual({ type: "not_found_error", message: `Memory store ${id} not found.` });
    expect(missing.body.error?.message).toBe("Memory store memstore_01NOSUCHSTORE0000000000000 not found.");
    const write = await call("POST", `/v1/memory_stores/${id}/memories`, { body: { path: "/x.md", content: "x" } });
    expect(write.status).toBe(404);
  });

  it("a key belongs to the workspace it was made in: it may omit the header, and another workspace's is refused (403)", async () => {
    const made = await op("createApiKey", { body: { name: "b agent", role: "reviewer" } }, { workspace: teamB });
    expect(made.body.scope).toEqual({ type: "workspace", workspace_id: teamB });
    const secret = made.body.secret as string;
    expect((await op("me", {}, { key: secret })).body.workspace_id).toBe(teamB);
    expect((await call("GET", "/v1/memory_stores", { key: secret, workspace: teamB })).status).toBe(200);
    const other = await call("GET", "/v1/memory_stores", { key: secret, workspace: DEFAULT_WORKSPACE_ID });
    expect(other.status).toBe(403);
    expect(other.body.error?.type).toBe("permission_error");
    // Default's key list does not show B's key; B's does.
    expect((await op("listApiKeys", {})).body.data!.map((k) => k.id)).not.toContain(made.body.id);
    expect((await op("listApiKeys", {}, { workspace: teamB })).body.data!.map((k) => k.id)).toContain(made.body.id);
    // Revoking it from Default: not there.
    expect((await op("revokeApiKey", { params: { key: made.body.id as string } })).status).toBe(404);
  });

  it("an organisation-scoped key is made by organisation admins only and reaches every workspace", async () => {
    const orgKey = await op("createApiKey", { body: { name: "org ops", role: "admin", scope: "organization" } });
    expect(orgKey.body.scope).toEqual({ type: "organization" });
    const secret = orgKey.body.secret as string;
    expect((await op("me", {}, { key: secret, workspace: teamB })).body).toMatchObject({ workspace_id: teamB, organization_admin: true });
    const bAdmin = await op("createApiKey", { body: { name: "b admin", role: "admin" } }, { workspace: teamB });
    const refused = await op("createApiKey", { body: { name: "escape", role: "viewer", scope: "organization" } }, { key: bAdmin.body.secret as string });
    expect(refused.status).toBe(403);
  });
});

describe("people act by their membership", () => {
  let memberId: string;
  let cookie: string;
  let ownerCookie: string;

  beforeAll(async () => {
    const made = await op("createUser", { body: { ...MEMBER, role: "viewer" } }, { workspace: teamB });
    expect(made.body.workspace_role).toBe("workspace_user");
    memberId = made.body.id as string;
    cookie = (await signInForCookie(server.baseURL, MEMBER.email, MEMBER.password)).cookie!;
    ownerCookie = (await signInForCookie(server.baseURL, OWNER.email, OWNER.password)).cookie!;
  });

  it("a new reviewer or viewer joins the request's workspace only", async () => {
    const inB = await op("me", {}, { cookie, workspace: teamB });
    expect(inB.body).toMatchObject({ workspace_id: teamB, role: "viewer", organization_admin: false, permissions: { read: true, write: false } });
    // The extension field the console's switcher lists: the member's own workspaces, with their role.
    expect(inB.body.workspaces).toEqual([{ id: teamB, name: "Team B", display_color: "#0ea5e9", workspace_role: "workspace_user" }]);
    const inDefault = await call("GET", "/v1/memory_stores", { cookie });
    expect(inDefault.status).toBe(403);
    expect(inDefault.body.error?.message).toContain("not a member");
  });

  it("a workspace admin has admin powers in their workspace only, and cannot make admins", async () => {
    await member(memberId, DEFAULT_WORKSPACE_ID, "workspace_admin");
    expect((await op("me", {}, { cookie })).body).toMatchObject({ role: "admin", organization_admin: false });
    expect((await op("me", {}, { cookie, workspace: teamB })).body).toMatchObject({ role: "viewer" });
    const admin = await op("createUser", { body: { email: "x@example.com", password: "a long password 123", role: "admin" } }, { cookie });
    expect(admin.status).toBe(403);
    const users = await op("listUsers", {}, { cookie });
    // Default's members: the owner (migration-era admin membership) and this member; an organisation admin sees everyone.
    expect(users.body.data!.map((u) => u.id)).toContain(memberId);
    const orgView = await op("listUsers", {}, { workspace: teamB });
    expect(orgView.body.data!.length).toBeGreaterThanOrEqual(2);
    const bView = await op("listUsers", {}, { cookie, workspace: teamB });
    expect(bView.status).toBe(403);
  });

  it("a billing member sees the workspace but no memory", async () => {
    const billing = await addWorkspace("Billing only");
    await member(memberId, billing, "workspace_billing");
    const res = await call("GET", "/v1/memory_stores", { cookie, workspace: billing });
    expect(res.status).toBe(403);
    // Not offered by the switcher either; an organisation admin is offered every live workspace, Default first.
    const own = (await op("me", {}, { cookie })).body.workspaces as { id: string }[];
    expect(own.map((w) => w.id)).toEqual([DEFAULT_WORKSPACE_ID, teamB]);
    const all = (await op("me", {}, { cookie: ownerCookie })).body.workspaces as { id: string; workspace_role: string | null }[];
    expect(all.map((w) => w.id)).toEqual(expect.arrayContaining([DEFAULT_WORKSPACE_ID, teamB, billing]));
    expect(all[0]!.id).toBe(DEFAULT_WORKSPACE_ID);
  });
});
