import { describe, expect, it } from "vitest";
import { createApiKey, revokeApiKey } from "../../lib/auth/api-keys.ts";
import type { Principal } from "../../lib/auth/principal.ts";
import { createUser, updateUser } from "../../lib/auth/users.ts";
import { listAuditEvents } from "../../lib/memory/audit/list-audit-events.ts";
import { recordAuditEvent } from "../../lib/memory/audit/record-audit-event.ts";
import { verifyAuditChain } from "../../lib/memory/audit/verify-audit-chain.ts";
import { executeBulkDeletion } from "../../lib/memory/bulk-delete/execute-bulk-deletion.ts";
import { planBulkDeletion } from "../../lib/memory/bulk-delete/plan-bulk-deletion.ts";
import { verifyStoreChain } from "../../lib/memory/integrity/verify-chain.ts";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { setReviewPolicy } from "../../lib/memory/review/settings.ts";
import { DEFAULT_WORKSPACE_ID } from "../../lib/memory/workspace.ts";
import { API_ACTOR, newStore, useFreshDatabase } from "../domain/database.ts";

/** The audit log (lib/memory/audit): each action recorded once in its own transaction, chained; an edit behind the application's back breaks it there. */
const t = useFreshDatabase();
const ADMIN: Principal = {
  kind: "api_key",
  apiKeyId: "apikey_domaintest",
  name: "domain test",
  role: "admin",
  storeIds: null,
  readOnly: false,
  ownerUserId: null,
  keyWorkspaceId: null,
  workspaceId: DEFAULT_WORKSPACE_ID,
  orgAdmin: true,
};

describe("audit log", () => {
  it("records key creation and revocation, user creation and role changes, once each, and the chain verifies", async () => {
    const { key } = await createApiKey(t.db, { name: "ci", role: "viewer" }, ADMIN);
    await revokeApiKey(t.db, key.id, API_ACTOR);
    await revokeApiKey(t.db, key.id, API_ACTOR); // again: nothing changes, nothing recorded
    const user = await createUser(t.db, { email: "ana@example.com", password: "a long enough password", role: "viewer", by: API_ACTOR });
    await updateUser(t.db, { id: user.id, actingUserId: null, role: "reviewer", by: API_ACTOR });
    const { items } = await listAuditEvents(t.db, { workspaceId: null, limit: 50 });
    expect(items.map((e) => [e.action, e.targetId]).reverse()).toEqual([
      ["api_key.created", key.id],
      ["api_key.revoked", key.id],
      ["user.created", user.id],
      ["user.role_changed", user.id],
    ]);
    expect(items[0]).toMatchObject({ actorType: "api_actor", actorId: "apikey_domaintest", details: { role_before: "viewer", role: "reviewer" } });
    expect((await listAuditEvents(t.db, { workspaceId: null, limit: 50, action: "api_key.revoked" })).items).toHaveLength(1);
    expect(await verifyAuditChain(t.db)).toMatchObject({ status: "verified", eventsChecked: 4, head: { seq: 4 } });
  });

  it("a bulk deletion carried out is recorded once, with who and what; the chain of the store it wrote still verifies", async () => {
    const storeId = await newStore(t.db);
    for (const path of ["/old/a.md", "/old/b.md"]) await createMemory(t.db, { storeId, path, content: "x", actor: API_ACTOR });
    const { bulk } = await planBulkDeletion(t.db, {
      scope: { workspaceId: DEFAULT_WORKSPACE_ID },
      filter: { target: "memories", storeId, pathPrefix: "/old/" },
      actor: API_ACTOR,
    });
    const confirm = { scope: { workspaceId: DEFAULT_WORKSPACE_ID }, id: bulk.id, digest: bulk.digest, confirmation: "delete 2 memories", actor: API_ACTOR };
    await executeBulkDeletion(t.db, confirm);
    await expect(executeBulkDeletion(t.db, confirm)).rejects.toMatchObject({ code: "conflict" }); // once only
    const events = (await listAuditEvents(t.db, { workspaceId: null, limit: 50, action: "bulk_deletion.executed" })).items.filter((e) => e.storeId === storeId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ actorType: "api_actor", targetType: "bulkdel", targetId: bulk.id, details: { items: 2 } });
    expect(await verifyStoreChain(t.db, storeId)).toMatchObject({ status: "verified", versionsChecked: 4 });
    expect(await verifyAuditChain(t.db)).toMatchObject({ status: "verified" });
  });

  it("a review policy change is recorded as policy.changed, with before and after; setting it again records nothing", async () => {
    const storeId = await newStore(t.db);
    await setReviewPolicy(t.db, storeId, "everyone", API_ACTOR);
    await setReviewPolicy(t.db, storeId, "everyone", API_ACTOR);
    const events = (await listAuditEvents(t.db, { workspaceId: null, limit: 50, action: "policy.changed" })).items.filter((e) => e.storeId === storeId);
    expect(events.map((e) => e.details)).toEqual([{ policy: "needs_review", before: "agents", after: "everyone" }]);
  });

  it("an action that rolls back leaves no event", async () => {
    const before = (await verifyAuditChain(t.db)).head.seq;
    await expect(
      t.db.sqlTransaction(async (tx) => {
        await recordAuditEvent(tx, { action: "policy.changed", actor: API_ACTOR });
        throw new Error("the action failed");
      }),
    ).rejects.toThrow("the action failed");
    expect((await verifyAuditChain(t.db)).head.seq).toBe(before);
  });

  it("an edited, deleted or forged event breaks the chain at that event (or the next)", async () => {
    await t.db.sqlTransaction((tx) => recordAuditEvent(tx, { action: "policy.changed", actor: API_ACTOR, details: { rule: "x" } }));
    await t.db.sqlTransaction((tx) => recordAuditEvent(tx, { action: "policy.changed", actor: API_ACTOR, details: { rule: "y" } }));
    const [newest, middle] = (await listAuditEvents(t.db, { workspaceId: null, limit: 2 })).items;
    await t.db.sqlTransaction((tx) => tx.$executeRaw`UPDATE audit_events SET actor_id = 'someone_else' WHERE id = ${middle!.id}`);
    expect(await verifyAuditChain(t.db)).toMatchObject({ status: "broken", break: { versionId: middle!.id } });
    await t.db.sqlTransaction((tx) => tx.$executeRaw`DELETE FROM audit_events WHERE id = ${middle!.id}`);
    expect(await verifyAuditChain(t.db)).toMatchObject({ status: "broken", break: { versionId: newest!.id } });
  });
});
