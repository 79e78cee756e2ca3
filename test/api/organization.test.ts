import Anthropic from "@anthropic-ai/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_WORKSPACE_ID } from "../../lib/memory/workspace.ts";
import { ADMIN_KEY, startServer, type TestServer } from "../helpers/server.ts";
import { signInForCookie } from "../helpers/session.ts";
import { openServerDb } from "../memory-tool/database.ts";

// The organisation API (issue 44) through the official SDK's client.beta.organization:
// workspaces, members, API keys, users and invites, and who may call what
// (docs/api-extensions.md, "Organisation API").
let server: TestServer;
let org: Anthropic["beta"]["organization"];
const ADMIN = { email: "root@example.com", password: "root password 123" };
const PASSWORD = "a long password 123";

const inWorkspace = (id: string) => ({ headers: { "anthropic-workspace-id": id } });

async function createUser(email: string, role: "admin" | "reviewer" | "viewer", workspace = DEFAULT_WORKSPACE_ID): Promise<string> {
  const res = await server.apiWithHeaders({ "x-api-key": ADMIN_KEY, "anthropic-workspace-id": workspace }).send("createUser", {
    body: { email, password: PASSWORD, role },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

async function createKey(role: "admin" | "reviewer" | "viewer", headers: Record<string, string> = {}) {
  const res = await server.apiWithHeaders({ "x-api-key": ADMIN_KEY, ...headers }).send("createApiKey", { body: { name: `k ${role}`, role } });
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; secret: string };
}

/** A console session's requests (cookie, same origin), as the browser sends them, through the typed client. */
const session = (cookie: string) => server.apiWithHeaders({ "x-api-key": "", cookie, origin: server.baseURL });
async function read(res: Response) {
  return { status: res.status, body: (await res.json()) as { error?: { type: string; message: string } } & Record<string, unknown> };
}

async function signIn(email: string, password = PASSWORD): Promise<string> {
  const { cookie, error } = await signInForCookie(server.baseURL, email, password);
  expect(error).toBeNull();
  return cookie!;
}

const acceptInvite = (body: Record<string, unknown>) =>
  fetch(`${server.baseURL}/api/invites/accept`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.baseURL },
    body: JSON.stringify(body),
  });

const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;

beforeAll(async () => {
  server = await startServer({ env: { MEMORY_CONSOLE_ADMIN_EMAIL: ADMIN.email, MEMORY_CONSOLE_ADMIN_PASSWORD: ADMIN.password } });
  org = server.client.beta.organization;
}, 120_000);
afterAll(() => server?.stop());

describe("the organisation", () => {
  it("is one per install, with a stable id and the configured name", async () => {
    const me = await org.retrieve();
    expect(me).toEqual({ id: expect.any(String), name: "Memory Console", type: "organization" });
    expect((await org.retrieve()).id).toBe(me.id);
  });
});

describe("workspaces", () => {
  it("are created, retrieved and updated with the SDK's shape and fixed values", async () => {
    const made = await org.workspaces.create({ name: "Research", display_color: "#1A2B3C", tags: { team: "r" } });
    expect(made).toMatchObject({
      type: "workspace",
      name: "Research",
      display_color: "#1a2b3c",
      tags: { team: "r" },
      archived_at: null,
      data_residency: { workspace_geo: "us", allowed_inference_geos: "unrestricted", default_inference_geo: "global" },
      compartment_id: made.id,
      external_key_id: null,
      user_profile_id: null,
    });
    expect(made.id).toMatch(/^wrkspc_[0-9A-Z]{26}$/);
    expect(await org.workspaces.retrieve(made.id)).toEqual(made);
    const changed = await org.workspaces.update(made.id, { name: "Research 2", tags: { team: null, area: "ml" } });
    expect(changed).toMatchObject({ name: "Research 2", display_color: "#1a2b3c", tags: { area: "ml" } });
  });

  it("refuse a bad colour, a long name, an anthropic tag and what this server has no counterpart for", async () => {
    await expect(org.workspaces.create({ name: "x", display_color: "blue" })).rejects.toThrow(/display_color/);
    await expect(org.workspaces.create({ name: "x".repeat(41) })).rejects.toThrow(/name: must be 1 to 40/);
    await expect(org.workspaces.create({ name: "x", tags: { anthropic_team: "a" } })).rejects.toThrow(/anthropic/);
    await expect(org.workspaces.create({ name: "x", external_key_id: "k" })).rejects.toBeInstanceOf(Anthropic.BadRequestError);
    await expect(org.workspaces.create({ name: "x", data_residency: { default_inference_geo: "us" } })).rejects.toThrow(/data_residency/);
  });

  it("list by ids, with Default and archived ones only when asked, a page at a time", async () => {
    const a = await org.workspaces.create({ name: "List A" });
    const b = await org.workspaces.create({ name: "List B" });
    const onlyA = await org.workspaces.list({ ids: [a.id] });
    expect(onlyA.data.map((w) => w.id)).toEqual([a.id]);
    const both = await org.workspaces.list({ ids: [a.id, b.id, DEFAULT_WORKSPACE_ID] });
    expect(both.data.map((w) => w.id)).toEqual([a.id, b.id]);
    const withDefault = await org.workspaces.list({ ids: [a.id, DEFAULT_WORKSPACE_ID], include_default: true });
    expect(withDefault.data.map((w) => w.id)).toEqual([DEFAULT_WORKSPACE_ID, a.id]);
    const all: string[] = [];
    for await (const w of org.workspaces.list({ limit: 1, include_default: true })) all.push(w.id);
    expect(all).toContain(DEFAULT_WORKSPACE_ID);
    expect(all).toEqual([...all].sort());
    expect(new Set(all).size).toBe(all.length);
    const first = await org.workspaces.list({ limit: 1, include_default: true });
    expect(first).toMatchObject({ has_more: true, first_id: DEFAULT_WORKSPACE_ID, last_id: DEFAULT_WORKSPACE_ID });
  });

  it("are archived only once their memory stores are; Default never", async () => {
    const ws = await org.workspaces.create({ name: "Doomed" });
    const store = await server.client.beta.memoryStores.create({ name: "live" }, inWorkspace(ws.id));
    const refused = org.workspaces.archive(ws.id);
    await expect(refused).rejects.toBeInstanceOf(Anthropic.ConflictError);
    await expect(refused).rejects.toThrow(/still has 1 live memory store/);
    expect((await org.workspaces.retrieve(ws.id)).archived_at).toBeNull();
    await server.client.beta.memoryStores.archive(store.id, {}, inWorkspace(ws.id));
    const archived = await org.workspaces.archive(ws.id);
    expect(archived.archived_at).not.toBeNull();
    expect((await org.workspaces.list({ ids: [ws.id] })).data).toEqual([]);
    expect((await org.workspaces.list({ ids: [ws.id], include_archived: true })).data.map((w) => w.id)).toEqual([ws.id]);
    await expect(org.workspaces.update(ws.id, { name: "again" })).rejects.toThrow(/archived/);
    await expect(org.workspaces.archive(DEFAULT_WORKSPACE_ID)).rejects.toThrow(/Default workspace cannot be archived/);
  });
});

describe("members", () => {
  it("are added, listed, retrieved, updated and removed", async () => {
    const ws = await org.workspaces.create({ name: "Members" });
    const user = await createUser("member1@example.com", "viewer");
    const added = await org.workspaces.members.add(ws.id, { user_id: user, workspace_role: "workspace_developer" });
    expect(added).toEqual({ type: "workspace_member", user_id: user, workspace_id: ws.id, workspace_role: "workspace_developer" });
    await expect(org.workspaces.members.add(ws.id, { user_id: user, workspace_role: "workspace_user" })).rejects.toBeInstanceOf(Anthropic.ConflictError);
    await expect(org.workspaces.members.add(ws.id, { user_id: user, workspace_role: "workspace_billing" as "workspace_user" })).rejects.toBeInstanceOf(
      Anthropic.BadRequestError,
    );
    expect((await org.workspaces.members.list(ws.id)).data).toEqual([added]);
    expect(await org.workspaces.members.retrieve(user, { workspace_id: ws.id })).toEqual(added);
    const updated = await org.workspaces.members.update(user, { workspace_id: ws.id, workspace_role: "workspace_billing" });
    expect(updated.workspace_role).toBe("workspace_billing");
    expect(await org.workspaces.members.remove(user, { workspace_id: ws.id })).toEqual({
      type: "workspace_member_deleted",
      user_id: user,
      workspace_id: ws.id,
    });
    await expect(org.workspaces.members.retrieve(user, { workspace_id: ws.id })).rejects.toBeInstanceOf(Anthropic.NotFoundError);
  });

  it("of its own workspace only are a workspace admin's to manage", async () => {
    const mine = await org.workspaces.create({ name: "Mine" });
    const theirs = await org.workspaces.create({ name: "Theirs" });
    const boss = await createUser("wsadmin@example.com", "viewer");
    const plain = await createUser("wsuser@example.com", "viewer");
    const other = await createUser("other@example.com", "viewer");
    await org.workspaces.members.add(mine.id, { user_id: boss, workspace_role: "workspace_admin" });
    await org.workspaces.members.add(mine.id, { user_id: plain, workspace_role: "workspace_user" });
    const cookie = await signIn("wsadmin@example.com");
    const as = session(cookie);

    const added = await read(
      await as.send("addWorkspaceMember", { params: { workspace_id: mine.id }, body: { user_id: other, workspace_role: "workspace_user" } }),
    );
    expect(added.status).toBe(200);
    expect((await as.send("listWorkspaceMembers", { params: { workspace_id: mine.id } })).status).toBe(200);
    const changed = await read(
      await as.send("updateWorkspaceMember", { params: { workspace_id: mine.id, user_id: other }, body: { workspace_role: "workspace_developer" } }),
    );
    expect(changed.body.workspace_role).toBe("workspace_developer");
    expect((await as.send("removeWorkspaceMember", { params: { workspace_id: mine.id, user_id: other } })).status).toBe(200);

    // Another workspace is not there for them; the organisation's own endpoints are refused.
    expect((await as.send("listWorkspaceMembers", { params: { workspace_id: theirs.id } })).status).toBe(404);
    const addElsewhere = await as.send("addWorkspaceMember", {
      params: { workspace_id: theirs.id },
      body: { user_id: other, workspace_role: "workspace_user" },
    });
    expect(addElsewhere.status).toBe(404);
    const list = await read(await as.send("listWorkspaces"));
    expect(list.status).toBe(403);
    expect(list.body.error?.type).toBe("permission_error");

    // A member who is not the workspace's admin may not manage it.
    const plainCookie = await signIn("wsuser@example.com");
    const refused = await read(await session(plainCookie).send("listWorkspaceMembers", { params: { workspace_id: mine.id } }));
    expect(refused.status).toBe(403);
    expect(refused.body.error?.message).toMatch(/workspace_user/);
  });
});

describe("API keys", () => {
  it("are listed by workspace and status, retrieved, renamed and revoked for good", async () => {
    const key = await createKey("viewer");
    const listed = await org.apiKeys.list({ workspace_id: DEFAULT_WORKSPACE_ID, status: "active", limit: 1000 });
    const row = listed.data.find((k) => k.id === key.id)!;
    expect(row).toMatchObject({
      type: "api_key",
      name: "k viewer",
      scope: { type: "workspace", workspace_id: DEFAULT_WORKSPACE_ID },
      status: "active",
      expires_at: null,
      partial_key_hint: key.secret.slice(0, 12),
    });
    const bootstrap = (await org.apiKeys.list({ limit: 1000 })).data.find((k) => k.name === "MEMORY_CONSOLE_API_KEY")!;
    expect(bootstrap).toMatchObject({ scope: { type: "organization" }, created_by: null, principal: null, partial_key_hint: "env" });
    const other = await org.workspaces.create({ name: "Keys elsewhere" });
    expect((await org.apiKeys.list({ workspace_id: other.id })).data).toEqual([]);

    expect((await org.apiKeys.update(key.id, { name: "renamed" })).name).toBe("renamed");
    expect(await org.apiKeys.retrieve(key.id)).toMatchObject({ name: "renamed", status: "active" });
    const revoked = await org.apiKeys.update(key.id, { status: "inactive" });
    expect(revoked.status).toBe("archived");
    expect((await org.apiKeys.list({ status: "archived", limit: 1000 })).data.map((k) => k.id)).toContain(key.id);
    expect((await org.apiKeys.list({ status: "active", limit: 1000 })).data.map((k) => k.id)).not.toContain(key.id);
    await expect(server.clientWith(key.secret).beta.memoryStores.list()).rejects.toBeInstanceOf(Anthropic.AuthenticationError);
    const again = org.apiKeys.update(key.id, { status: "active" });
    await expect(again).rejects.toBeInstanceOf(Anthropic.BadRequestError);
    await expect(again).rejects.toThrow(/revoked keys stay revoked/);
  });

  it("of its own workspace only are a workspace admin key's to see", async () => {
    const wsAdminKey = await createKey("admin");
    const orgKey = (await org.apiKeys.list({ limit: 1000 })).data.find((k) => k.scope.type === "organization")!;
    const asWs = server.clientWith(wsAdminKey.secret).beta.organization;
    const seen = await asWs.apiKeys.list({ limit: 1000 });
    expect(seen.data.length).toBeGreaterThan(0);
    expect(seen.data.every((k) => k.scope.type === "workspace" && k.scope.workspace_id === DEFAULT_WORKSPACE_ID)).toBe(true);
    await expect(asWs.apiKeys.retrieve(orgKey.id)).rejects.toBeInstanceOf(Anthropic.NotFoundError);
    const other = await org.workspaces.create({ name: "Not yours" });
    await expect(asWs.apiKeys.list({ workspace_id: other.id })).rejects.toBeInstanceOf(Anthropic.NotFoundError);
  });
});

describe("text PostgreSQL could not store", () => {
  it("is refused in the envelope, never a 500", async () => {
    const ws = await org.workspaces.create({ name: "Control" });
    const key = await createKey("viewer");
    await expect(org.invites.create({ email: "a\u0000b@example.com", role: "user" })).rejects.toBeInstanceOf(Anthropic.BadRequestError);
    await expect(org.workspaces.members.add(ws.id, { user_id: "user_\u0000", workspace_role: "workspace_user" })).rejects.toBeInstanceOf(
      Anthropic.NotFoundError,
    );
    await expect(org.apiKeys.update(key.id, { name: "k\u0000" })).rejects.toBeInstanceOf(Anthropic.BadRequestError);
    const invite = await org.invites.create({ email: "control@example.com", role: "user" });
    const accepted = await acceptInvite({
      token: tokenOf((invite as unknown as { acceptance_url: string }).acceptance_url),
      password: PASSWORD,
      name: "J\u0000",
    });
    expect(accepted.status).toBe(400);
  });
});

describe("who may call", () => {
  it("refuses reviewers and workspace keys the organisation's endpoints (403 permission_error)", async () => {
    const reviewer = await createKey("reviewer");
    const wsAdmin = await createKey("admin");
    for (const secret of [reviewer.secret, wsAdmin.secret]) {
      const client = server.clientWith(secret).beta.organization;
      await expect(client.workspaces.list()).rejects.toBeInstanceOf(Anthropic.PermissionDeniedError);
      await expect(client.users.list()).rejects.toBeInstanceOf(Anthropic.PermissionDeniedError);
      await expect(client.invites.create({ email: "no@example.com", role: "user" })).rejects.toBeInstanceOf(Anthropic.PermissionDeniedError);
      await expect(client.retrieve()).rejects.toBeInstanceOf(Anthropic.PermissionDeniedError);
    }
    await expect(server.clientWith(reviewer.secret).beta.organization.apiKeys.list()).rejects.toBeInstanceOf(Anthropic.PermissionDeniedError);
    await createUser("reviewer-person@example.com", "reviewer");
    const cookie = await signIn("reviewer-person@example.com");
    const refused = await read(await session(cookie).send("listWorkspaces"));
    expect(refused.status).toBe(403);
    expect(refused.body.error?.type).toBe("permission_error");
  });
});

describe("users", () => {
  it("are listed, filtered by email, retrieved and given a developer or user role", async () => {
    const id = await createUser("person@example.com", "viewer");
    const listed = await org.users.list({ limit: 1000 });
    expect(listed.data.find((u) => u.email === ADMIN.email)).toMatchObject({ role: "admin", type: "user" });
    expect((await org.users.list({ email: "Person@Example.com" })).data).toEqual([
      { id, type: "user", email: "person@example.com", name: "", role: "user", added_at: expect.any(String) },
    ]);
    expect((await org.users.retrieve(id)).role).toBe("user");
    expect((await org.users.update(id, { role: "developer" })).role).toBe("developer");
    const billing = org.users.update(id, { role: "billing" });
    await expect(billing).rejects.toBeInstanceOf(Anthropic.BadRequestError);
    await expect(billing).rejects.toThrow(/no counterpart here/);
  });

  it("are removed: disabled, out of every workspace, unable to sign in", async () => {
    const ws = await org.workspaces.create({ name: "Leavers" });
    const id = await createUser("leaver@example.com", "viewer");
    await org.workspaces.members.add(ws.id, { user_id: id, workspace_role: "workspace_user" });
    expect(await org.users.remove(id)).toEqual({ id, type: "user_deleted" });
    await expect(org.users.retrieve(id)).rejects.toBeInstanceOf(Anthropic.NotFoundError);
    expect((await org.workspaces.members.list(ws.id)).data).toEqual([]);
    expect((await signInForCookie(server.baseURL, "leaver@example.com", PASSWORD)).cookie).toBeNull();
  });

  it("never removes the last active admin, nor yourself", async () => {
    const root = (await org.users.list({ email: ADMIN.email })).data[0]!;
    const last = org.users.remove(root.id);
    await expect(last).rejects.toBeInstanceOf(Anthropic.ConflictError);
    await expect(last).rejects.toThrow(/last active admin/);
    await createUser("second-admin@example.com", "admin");
    const second = (await org.users.list({ email: "second-admin@example.com" })).data[0]!;
    const cookie = await signIn("second-admin@example.com");
    const self = await read(await session(cookie).send("removeOrganizationUser", { params: { user_id: second.id } }));
    expect(self.status).toBe(409);
    expect(self.body.error?.message).toMatch(/yourself/);
  });
});

describe("invites", () => {
  it("are created with a link shown once, listed, retrieved and deleted", async () => {
    const ws = await org.workspaces.create({ name: "Invited" });
    const invite = await org.invites.create({ email: "Newcomer@Example.com", role: "developer" }, inWorkspace(ws.id));
    expect(invite).toMatchObject({
      type: "invite",
      email: "newcomer@example.com",
      role: "developer",
      status: "pending",
      accepted_at: null,
      rbac_group_ids: [],
    });
    expect(invite.id).toMatch(/^invite_/);
    const url = (invite as unknown as { acceptance_url: string }).acceptance_url;
    expect(url).toMatch(new RegExp(`^${server.baseURL}/invites/accept\\?token=[A-Za-z0-9_-]{43}$`));
    const fetched = await org.invites.retrieve(invite.id);
    expect(fetched).not.toHaveProperty("acceptance_url");
    expect(Date.parse(fetched.expires_at) - Date.parse(fetched.invited_at)).toBe(7 * 86_400_000);
    expect((await org.invites.list({ statuses: ["pending"], limit: 1000 })).data.map((i) => i.id)).toContain(invite.id);
    expect((await org.invites.list({ email: "newcomer@example.com" })).data.map((i) => i.id)).toEqual([invite.id]);
    await expect(org.invites.create({ email: "newcomer@example.com", role: "user" })).rejects.toThrow(/still pending/);
    await expect(org.invites.create({ email: "x@example.com", role: "billing" })).rejects.toBeInstanceOf(Anthropic.BadRequestError);
    await expect(org.invites.create({ email: ADMIN.email, role: "user" })).rejects.toBeInstanceOf(Anthropic.ConflictError);

    expect(await org.invites.delete(invite.id)).toEqual({ id: invite.id, type: "invite_deleted" });
    expect((await org.invites.retrieve(invite.id)).status).toBe("deleted");
    expect((await org.invites.list({ email: "newcomer@example.com" })).data).toEqual([]);
    const withdrawn = await acceptInvite({ token: tokenOf(url), password: PASSWORD });
    expect(withdrawn.status).toBe(409);
    expect(((await withdrawn.json()) as { error: { message: string } }).error.message).toMatch(/withdrawn/);
  });

  it("are accepted once on the console's page, making a member who can sign in", async () => {
    const ws = await org.workspaces.create({ name: "Joiners" });
    const invite = await org.invites.create({ email: "joiner@example.com", role: "user" }, inWorkspace(ws.id));
    const token = tokenOf((invite as unknown as { acceptance_url: string }).acceptance_url);
    const page = await fetch(`${server.baseURL}/invites/accept?token=${token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("joiner@example.com");

    const weak = await acceptInvite({ token, password: "short", name: "Jo" });
    expect(weak.status).toBe(400);
    // Two tabs at once: exactly one account, exactly one acceptance.
    const [a, b] = await Promise.all([acceptInvite({ token, password: PASSWORD, name: "Jo" }), acceptInvite({ token, password: PASSWORD, name: "Jo" })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const again = await acceptInvite({ token, password: PASSWORD });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toMatch(/already been used/);

    expect(await org.invites.retrieve(invite.id)).toMatchObject({ status: "accepted", accepted_at: expect.any(String) });
    const user = (await org.users.list({ email: "joiner@example.com" })).data[0]!;
    expect(user).toMatchObject({ name: "Jo", role: "user" });
    expect((await org.workspaces.members.retrieve(user.id, { workspace_id: ws.id })).workspace_role).toBe("workspace_user");
    expect((await signInForCookie(server.baseURL, "joiner@example.com", PASSWORD)).cookie).not.toBeNull();
    const pageAfter = await fetch(`${server.baseURL}/invites/accept?token=${token}`);
    expect(await pageAfter.text()).toContain("already been used");
  });

  it("expire: the page says so and acceptance is refused", async () => {
    const invite = await org.invites.create({ email: "late@example.com", role: "user" });
    const token = tokenOf((invite as unknown as { acceptance_url: string }).acceptance_url);
    const db = await openServerDb(server);
    try {
      await db.sqlTransaction((tx) => tx.$executeRaw`UPDATE invites SET expires_at = ${new Date(Date.now() - 1000)} WHERE id = ${invite.id}`);
    } finally {
      await db.close();
    }
    expect((await org.invites.retrieve(invite.id)).status).toBe("expired");
    expect((await org.invites.list({ statuses: ["expired"], limit: 1000 })).data.map((i) => i.id)).toContain(invite.id);
    expect(await (await fetch(`${server.baseURL}/invites/accept?token=${token}`)).text()).toContain("expired");
    const refused = await acceptInvite({ token, password: PASSWORD });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/expired/);
  });

  it("into a workspace archived since: the page says so, acceptance is refused and no user is made", async () => {
    const ws = await org.workspaces.create({ name: "Short-lived" });
    const invite = await org.invites.create({ email: "orphan@example.com", role: "user" }, inWorkspace(ws.id));
    const token = tokenOf((invite as unknown as { acceptance_url: string }).acceptance_url);
    await org.workspaces.archive(ws.id);
    expect(await (await fetch(`${server.baseURL}/invites/accept?token=${token}`)).text()).toContain("archived");
    const refused = await acceptInvite({ token, password: PASSWORD });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/archived since/);
    expect((await org.users.list({ email: "orphan@example.com" })).data).toEqual([]);
    expect((await org.invites.retrieve(invite.id)).status).toBe("pending");
  });

  it("refuse an acceptance from another site", async () => {
    const res = await fetch(`${server.baseURL}/api/invites/accept`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: JSON.stringify({ token: "x", password: PASSWORD }),
    });
    expect(res.status).toBe(403);
  });
});
