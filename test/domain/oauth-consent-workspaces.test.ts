import { beforeAll, describe, expect, it } from "vitest";
import { userPrincipal } from "@/lib/auth/principal.ts";
import { newId } from "@/lib/memory/ids.ts";
import { createStore } from "@/lib/memory/stores/create-store.ts";
import { DEFAULT_WORKSPACE_ID } from "@/lib/memory/workspace.ts";
import { consentGrantor, consentWorkspaces } from "@/lib/oauth/consent-stores.ts";
import { useFreshDatabase } from "./database.ts";

/**
 * docs/design.md, "Workspaces": OAuth consent offers the stores of the workspaces where the
 * person is a member whose role sees memory (organisation admins: every workspace), grouped by
 * workspace, and the grant is a key of the one workspace of the stores chosen, made with the
 * person's power there; a store of a workspace they are not in is refused as unknown.
 */
const t = useFreshDatabase();
const B = newId("wrkspc" as never);
let storeA: string;
let storeB: string;

async function user(role: "admin" | "viewer", memberships: [string, string][]) {
  const id = newId("user" as never);
  const now = new Date();
  await t.db.sqlTransaction(async (tx) => {
    await tx.$executeRaw`INSERT INTO users (id, email, password_hash, role, created_at, updated_at) VALUES (${id}, ${`${id}@example.com`}, ${"x"}, ${role}, ${now}, ${now})`;
    for (const [workspaceId, workspaceRole] of memberships) {
      await tx.$executeRaw`INSERT INTO workspace_members (workspace_id, user_id, workspace_role, created_at) VALUES (${workspaceId}, ${id}, ${workspaceRole}, ${now})`;
    }
  });
  return userPrincipal({ id, email: `${id}@example.com`, role });
}

beforeAll(async () => {
  await t.db.sqlTransaction(
    (tx) => tx.$executeRaw`INSERT INTO workspaces (id, name, display_color, created_at) VALUES (${B}, ${"Team B"}, ${"#0ea5e9"}, ${new Date()})`,
  );
  storeA = (await createStore(t.db, { name: "a's store" })).id;
  storeB = (await createStore(t.db, { name: "b's store", workspaceId: B })).id;
});

describe("OAuth consent by workspace", () => {
  it("offers an organisation admin every workspace's stores, grouped and named", async () => {
    const admin = await user("admin", []);
    const offered = await consentWorkspaces(t.db, admin, 500);
    expect(offered.map((w) => [w.id, w.name, w.stores.map((s) => s.id)])).toEqual([
      [DEFAULT_WORKSPACE_ID, "Default", [storeA]],
      [B, "Team B", [storeB]],
    ]);
    await expect(consentGrantor(t.db, admin, [storeA, storeB])).rejects.toMatchObject({ code: "invalid_request" });
    expect(await consentGrantor(t.db, admin, [storeB])).toMatchObject({ workspaceId: B, role: "admin" });
  });

  it("offers a member only their workspaces, with their power there; another's store is unknown", async () => {
    const developer = await user("viewer", [[B, "workspace_developer"]]);
    const offered = await consentWorkspaces(t.db, developer, 500);
    expect(offered).toEqual([{ id: B, name: "Team B", canWrite: true, stores: [{ id: storeB, name: "b's store" }] }]);
    expect(await consentGrantor(t.db, developer, [storeB])).toMatchObject({ workspaceId: B, role: "reviewer" });
    const refused = consentGrantor(t.db, developer, [storeA]);
    await expect(refused).rejects.toMatchObject({ code: "invalid_request" });
    await expect(consentGrantor(t.db, developer, [storeA])).rejects.toThrow(/every id must be an existing memory store/);
    const ghost = consentGrantor(t.db, developer, [newId("memstore")]);
    await expect(ghost).rejects.toThrow(/every id must be an existing memory store/);
  });

  it("offers nothing where the role sees no memory, and read-only where it only reads", async () => {
    const billing = await user("viewer", [[B, "workspace_billing"]]);
    expect(await consentWorkspaces(t.db, billing, 500)).toEqual([]);
    const reader = await user("viewer", [[B, "workspace_user"]]);
    expect((await consentWorkspaces(t.db, reader, 500)).map((w) => w.canWrite)).toEqual([false]);
  });
});
