import { DEFAULT_WORKSPACE_ID } from "@/lib/memory/workspace.ts";
import { describe, expect, it } from "vitest";
import type { Actor } from "../../lib/memory/actor.ts";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { deleteMemory } from "../../lib/memory/memories/delete-memory.ts";
import { getMemory } from "../../lib/memory/memories/get-memory.ts";
import { updateMemory } from "../../lib/memory/memories/update-memory.ts";
import { runMemoryTool } from "../../lib/memory/memory-tool/run-memory-tool.ts";
import { approveReview } from "../../lib/memory/review/approve.ts";
import { previewBulk, runBulk } from "../../lib/memory/review/bulk.ts";
import { listDecisions } from "../../lib/memory/review/decisions.ts";
import { editAndApprove } from "../../lib/memory/review/edit-and-approve.ts";
import { getReview } from "../../lib/memory/review/get-review.ts";
import { countReviews, findItem, listReviews } from "../../lib/memory/review/list-reviews.ts";
import { reviewMarks } from "../../lib/memory/review/marks.ts";
import { revertReview } from "../../lib/memory/review/revert.ts";
import { setReviewPolicy } from "../../lib/memory/review/settings.ts";
import { deleteStore } from "../../lib/memory/stores/delete-store.ts";
import { listVersions } from "../../lib/memory/versions/list-versions.ts";
import { pruneVersions } from "../../lib/memory/versions/prune-versions.ts";
import type { MemoryVersion } from "../../lib/memory/db.ts";
import { API_ACTOR, newStore, useFreshDatabase } from "./database.ts";

const t = useFreshDatabase();
const REVIEWER: Actor = { type: "user_actor", user_id: "user_reviewer" };
const SESSION: Actor = { type: "session_actor", session_id: "sess_agent", api_key_id: "apikey_domaintest" };

const item = (memoryId: string) => findItem(t.db.sql, memoryId);
const agentWrites = async (storeId: string, path: string, content: string) => createMemory(t.db, { storeId, path, content, actor: API_ACTOR });
const versionsOf = async (storeId: string, memoryId: string) =>
  (await listVersions(t.db, { storeId, memoryId, withContent: true, limit: 100 })).items as MemoryVersion[];

describe("review state is kept in the write transaction", () => {
  it("an agent's writes open one item per memory; a reviewer's own write settles it", async () => {
    const storeId = await newStore(t.db);
    const memory = await agentWrites(storeId, "/a.md", "one");
    expect(await item(memory.id)).toMatchObject({ change: "created", settledPath: null, settledVersionId: null, versionCount: 1, path: "/a.md" });
    const two = await updateMemory(t.db, { storeId, memoryId: memory.id, content: "two", actor: SESSION });
    expect(await item(memory.id)).toMatchObject({ change: "created", versionCount: 2, headVersionId: two.memoryVersionId, lastActor: SESSION });

    const edited = await updateMemory(t.db, { storeId, memoryId: memory.id, content: "three", actor: REVIEWER });
    expect(await item(memory.id)).toBeNull();
    const [decision] = (await listDecisions(t.db, { scope: { workspaceId: DEFAULT_WORKSPACE_ID }, memoryId: memory.id, limit: 10 })).items;
    expect(decision).toMatchObject({
      action: "edited",
      fromVersionId: null,
      toVersionId: two.memoryVersionId,
      resultVersionId: edited.memoryVersionId,
      reviewer: REVIEWER,
    });
  });

  it("a directory the memory tool moves or deletes keeps each memory's item as one write would", async () => {
    const storeId = await newStore(t.db);
    const tool = async (input: Record<string, unknown>) =>
      expect((await runMemoryTool(t.db, { storeId, input, actor: SESSION, canWrite: true })).isError).toBe(false);
    const a = await agentWrites(storeId, "/dir/a.md", "a");
    const b = await agentWrites(storeId, "/dir/b.md", "b");
    await approveReview(t.db, { storeId, memoryId: a.id, seenHeadVersionId: a.memoryVersionId, actor: REVIEWER });
    await tool({ command: "rename", old_path: "/memories/dir", new_path: "/memories/moved" });
    // a was settled: its item opens afresh; b's grows, naming both agents.
    expect(await item(a.id)).toMatchObject({ change: "renamed", settledPath: "/dir/a.md", path: "/moved/a.md", versionCount: 1, lastActor: SESSION });
    expect(await item(b.id)).toMatchObject({ change: "created", settledPath: null, path: "/moved/b.md", versionCount: 2, lastActor: SESSION });
    expect((await item(b.id))!.authors.map((actor) => actor.type)).toEqual(["api_actor", "session_actor"]);
    await tool({ command: "delete", path: "/memories/moved" });
    expect(await item(a.id)).toMatchObject({ change: "deleted", versionCount: 2, headOperation: "deleted" });
    expect(await item(b.id)).toMatchObject({ change: "deleted", versionCount: 3, headOperation: "deleted" });

    // Nobody reviews: a move opens no item, and grows one still open from before.
    const quiet = await newStore(t.db);
    const open = await createMemory(t.db, { storeId: quiet, path: "/dir/open.md", content: "open", actor: API_ACTOR });
    await setReviewPolicy(t.db, quiet, "nobody");
    const unreviewed = await createMemory(t.db, { storeId: quiet, path: "/dir/new.md", content: "new", actor: API_ACTOR });
    expect(
      (
        await runMemoryTool(t.db, {
          storeId: quiet,
          input: { command: "rename", old_path: "/memories/dir", new_path: "/memories/moved" },
          actor: SESSION,
          canWrite: true,
        })
      ).isError,
    ).toBe(false);
    expect(await item(unreviewed.id)).toBeNull();
    expect(await item(open.id)).toMatchObject({ change: "created", path: "/moved/open.md", versionCount: 2 });
  });

  it("renames and deletes add up from the settled state", async () => {
    const storeId = await newStore(t.db);
    const memory = await createMemory(t.db, { storeId, path: "/old.md", content: "x", actor: REVIEWER });
    expect(await item(memory.id)).toBeNull();
    await updateMemory(t.db, { storeId, memoryId: memory.id, path: "/new.md", actor: API_ACTOR });
    expect(await item(memory.id)).toMatchObject({ change: "renamed", settledPath: "/old.md", path: "/new.md", settledVersionId: memory.memoryVersionId });
    await updateMemory(t.db, { storeId, memoryId: memory.id, path: "/old.md", content: "y", actor: API_ACTOR });
    expect(await item(memory.id)).toMatchObject({ change: "modified", versionCount: 2 });
    await deleteMemory(t.db, { storeId, memoryId: memory.id, actor: API_ACTOR });
    expect(await item(memory.id)).toMatchObject({ change: "deleted", versionCount: 3, headOperation: "deleted" });
  });

  it("follows the store's policy: everyone, nobody, and items still open under nobody", async () => {
    const storeId = await newStore(t.db);
    await setReviewPolicy(t.db, storeId, "everyone");
    const byUser = await createMemory(t.db, { storeId, path: "/u.md", content: "u", actor: REVIEWER });
    expect(await item(byUser.id)).toMatchObject({ change: "created", lastActor: REVIEWER });

    const open = await agentWrites(storeId, "/open.md", "1");
    await setReviewPolicy(t.db, storeId, "nobody");
    const quiet = await agentWrites(storeId, "/quiet.md", "q");
    expect(await item(quiet.id)).toBeNull();
    await updateMemory(t.db, { storeId, memoryId: open.id, content: "2", actor: API_ACTOR });
    expect(await item(open.id)).toMatchObject({ versionCount: 2 });
    await expect(setReviewPolicy(t.db, storeId, "sometimes")).rejects.toThrow(/needs_review: must be one of agents, everyone, nobody/);
  });
});

describe("review actions", () => {
  it("approve settles at the head the reviewer saw; a newer agent write stays pending", async () => {
    const storeId = await newStore(t.db);
    const memory = await agentWrites(storeId, "/a.md", "one");
    const seen = (await item(memory.id))!.headVersionId;
    const newer = await updateMemory(t.db, { storeId, memoryId: memory.id, content: "two", actor: API_ACTOR });

    const outcome = await approveReview(t.db, { storeId, memoryId: memory.id, seenHeadVersionId: seen, actor: REVIEWER });
    expect(outcome.decision).toMatchObject({ action: "approved", fromVersionId: null, toVersionId: seen });
    expect(outcome.remaining).toMatchObject({ settledVersionId: seen, settledPath: "/a.md", change: "modified", versionCount: 1 });
    expect(await item(memory.id)).toMatchObject({ settledVersionId: seen, headVersionId: newer.memoryVersionId, change: "modified", versionCount: 1 });
    const detail = await getReview(t.db, memory.id);
    expect([detail.settled?.content, detail.head.content]).toEqual(["one", "two"]);

    // Approving what was already settled is a conflict, not a silent success.
    await expect(approveReview(t.db, { storeId, memoryId: memory.id, seenHeadVersionId: seen, actor: REVIEWER })).rejects.toMatchObject({ code: "conflict" });
    await approveReview(t.db, { storeId, memoryId: memory.id, seenHeadVersionId: newer.memoryVersionId, actor: REVIEWER });
    expect(await item(memory.id)).toBeNull();
    await expect(approveReview(t.db, { storeId, memoryId: memory.id, seenHeadVersionId: newer.memoryVersionId, actor: REVIEWER })).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringMatching(/awaits review any more/),
    });
  });

  it("two reviewers approving the same item at once: one wins, one gets a conflict", async () => {
    const storeId = await newStore(t.db);
    const memory = await agentWrites(storeId, "/race.md", "x");
    const seen = memory.memoryVersionId;
    const results = await Promise.allSettled([1, 2].map(() => approveReview(t.db, { storeId, memoryId: memory.id, seenHeadVersionId: seen, actor: REVIEWER })));
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    expect((await listDecisions(t.db, { scope: { workspaceId: DEFAULT_WORKSPACE_ID }, memoryId: memory.id, limit: 10 })).items).toHaveLength(1);
  });

  it("revert undoes a create, a modify, a rename and a delete; the revert itself is settled", async () => {
    const storeId = await newStore(t.db);
    const created = await agentWrites(storeId, "/created.md", "agent text");
    await revertReview(t.db, { storeId, memoryId: created.id, seenHeadVersionId: created.memoryVersionId, actor: REVIEWER });
    await expect(getMemory(t.db.sql, storeId, created.id)).rejects.toMatchObject({ code: "not_found" });

    const kept = await createMemory(t.db, { storeId, path: "/kept.md", content: "good", actor: REVIEWER });
    await updateMemory(t.db, { storeId, memoryId: kept.id, content: "bad", path: "/moved.md", actor: API_ACTOR });
    const head = (await item(kept.id))!;
    expect(head.change).toBe("renamed");
    const reverted = await revertReview(t.db, { storeId, memoryId: kept.id, seenHeadVersionId: head.headVersionId, actor: REVIEWER });
    expect(await getMemory(t.db.sql, storeId, kept.id)).toMatchObject({ path: "/kept.md", content: "good" });
    expect(reverted.decision).toMatchObject({ action: "reverted", fromVersionId: kept.memoryVersionId, toVersionId: head.headVersionId });
    expect(await item(kept.id)).toBeNull();

    const gone = await createMemory(t.db, { storeId, path: "/gone.md", content: "keep me", actor: REVIEWER });
    await deleteMemory(t.db, { storeId, memoryId: gone.id, actor: API_ACTOR });
    const deletion = (await item(gone.id))!;
    expect((await getReview(t.db, gone.id)).settled?.content).toBe("keep me");
    await revertReview(t.db, { storeId, memoryId: gone.id, seenHeadVersionId: deletion.headVersionId, actor: REVIEWER });
    const back = await getMemory(t.db.sql, storeId, gone.id);
    expect(back).toMatchObject({ path: "/gone.md", content: "keep me" });
    expect((await versionsOf(storeId, gone.id)).map((v) => v.operation)).toEqual(["created", "deleted", "created"]);
    expect(await item(gone.id)).toBeNull();
  });

  it("revert is conditional on the head the reviewer saw and changes nothing when it moved", async () => {
    const storeId = await newStore(t.db);
    const memory = await agentWrites(storeId, "/a.md", "one");
    await updateMemory(t.db, { storeId, memoryId: memory.id, content: "two", actor: API_ACTOR });
    await expect(revertReview(t.db, { storeId, memoryId: memory.id, seenHeadVersionId: memory.memoryVersionId, actor: REVIEWER })).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringMatching(/changed after you looked.*Nothing was reverted/),
    });
    expect(await getMemory(t.db.sql, storeId, memory.id)).toMatchObject({ content: "two" });
    expect(await item(memory.id)).toMatchObject({ versionCount: 2 });
  });

  it("revert refuses a settled path that another memory took meanwhile", async () => {
    const storeId = await newStore(t.db);
    const memory = await createMemory(t.db, { storeId, path: "/here.md", content: "x", actor: REVIEWER });
    await updateMemory(t.db, { storeId, memoryId: memory.id, path: "/there.md", actor: API_ACTOR });
    await createMemory(t.db, { storeId, path: "/here.md", content: "squatter", actor: REVIEWER });
    const head = (await item(memory.id))!.headVersionId;
    await expect(revertReview(t.db, { storeId, memoryId: memory.id, seenHeadVersionId: head, actor: REVIEWER })).rejects.toMatchObject({
      code: "path_conflict",
    });
    expect(await item(memory.id)).not.toBeNull();
  });

  it("revert and redact clears the agent's versions and keeps the settled one", async () => {
    const storeId = await newStore(t.db);
    const memory = await createMemory(t.db, { storeId, path: "/cfg.md", content: "safe", actor: REVIEWER });
    await updateMemory(t.db, { storeId, memoryId: memory.id, content: "key sk-ant-SECRET", actor: API_ACTOR });
    await updateMemory(t.db, { storeId, memoryId: memory.id, content: "key sk-ant-SECRET again", actor: API_ACTOR });
    const head = (await item(memory.id))!.headVersionId;
    const outcome = await revertReview(t.db, { storeId, memoryId: memory.id, seenHeadVersionId: head, actor: REVIEWER, redact: true });
    expect(outcome.decision.redacted).toBe(true);
    const versions = await versionsOf(storeId, memory.id);
    expect(versions.map((v) => [v.operation, v.content, v.redactedAt !== null])).toEqual([
      ["modified", "safe", false],
      ["modified", null, true],
      ["modified", null, true],
      ["created", "safe", false],
    ]);
  });

  it("edit and approve writes the reviewer's text and settles it; a moved head refuses it", async () => {
    const storeId = await newStore(t.db);
    const memory = await agentWrites(storeId, "/e.md", "draft");
    const outcome = await editAndApprove(t.db, { storeId, memoryId: memory.id, seenHeadVersionId: memory.memoryVersionId, content: "fixed", actor: REVIEWER });
    expect(outcome.decision).toMatchObject({ action: "edited", toVersionId: memory.memoryVersionId });
    expect(await getMemory(t.db.sql, storeId, memory.id)).toMatchObject({ content: "fixed", memoryVersionId: outcome.decision.resultVersionId });
    expect(await item(memory.id)).toBeNull();

    await updateMemory(t.db, { storeId, memoryId: memory.id, content: "agent 1", actor: API_ACTOR });
    const seen = (await item(memory.id))!.headVersionId;
    await updateMemory(t.db, { storeId, memoryId: memory.id, content: "agent 2", actor: API_ACTOR });
    await expect(editAndApprove(t.db, { storeId, memoryId: memory.id, seenHeadVersionId: seen, content: "mine", actor: REVIEWER })).rejects.toMatchObject({
      code: "conflict",
    });
    expect(await getMemory(t.db.sql, storeId, memory.id)).toMatchObject({ content: "agent 2" });
  });

  it("under 'everyone', a reviewer's edit-and-approve is settled, not queued again", async () => {
    const storeId = await newStore(t.db);
    await setReviewPolicy(t.db, storeId, "everyone");
    const memory = await agentWrites(storeId, "/e.md", "draft");
    await editAndApprove(t.db, { storeId, memoryId: memory.id, seenHeadVersionId: memory.memoryVersionId, content: "fixed", actor: REVIEWER });
    expect(await item(memory.id)).toBeNull();
  });
});

describe("the inbox, bulk actions, history marks and retention", () => {
  it("lists newest first with filters and pages; counts per store", async () => {
    const a = await newStore(t.db);
    const b = await newStore(t.db);
    const m1 = await agentWrites(a, "/scratch/1.md", "1");
    const m2 = await agentWrites(a, "/scratch/2.md", "2");
    const m3 = await agentWrites(a, "/keep/3.md", "3");
    const m4 = await createMemory(t.db, { storeId: b, path: "/s.md", content: "4", actor: SESSION });
    const scope = { scope: { workspaceId: DEFAULT_WORKSPACE_ID, storeIds: [a, b] } };
    const first = await listReviews(t.db, { ...scope, limit: 3 });
    expect(first.items.map((i) => i.memoryId)).toEqual([m4.id, m3.id, m2.id]);
    expect(first.items[0]!.storeName).toMatch(/domain store/);
    const second = await listReviews(t.db, { ...scope, limit: 3, after: first.next! });
    expect(second.items.map((i) => i.memoryId)).toEqual([m1.id]);
    expect(second.next).toBeNull();
    expect((await listReviews(t.db, { ...scope, pathPrefix: "/scratch/", limit: 10 })).items.map((i) => i.memoryId)).toEqual([m2.id, m1.id]);
    expect((await listReviews(t.db, { ...scope, actorId: "sess_agent", limit: 10 })).items.map((i) => i.memoryId)).toEqual([m4.id]);
    expect((await listReviews(t.db, { scope: { workspaceId: DEFAULT_WORKSPACE_ID, storeIds: [b] }, limit: 10 })).items.map((i) => i.memoryId)).toEqual([m4.id]);
    expect(await countReviews(t.db, scope)).toEqual({ total: 4, stores: { [a]: 3, [b]: 1 } });
    await expect(listReviews(t.db, { ...scope, change: "exploded", limit: 10 })).rejects.toThrow(/change: must be one of/);
  });

  it("bulk approve by filter: a preview, then exactly what it saw, with a report", async () => {
    const storeId = await newStore(t.db);
    const scratch = await Promise.all([1, 2, 3].map((n) => agentWrites(storeId, `/scratch/${n}.md`, `${n}`)));
    const other = await agentWrites(storeId, "/notes/n.md", "n");
    const filter = { scope: { workspaceId: DEFAULT_WORKSPACE_ID, storeIds: [storeId] }, pathPrefix: "/scratch/" };
    const preview = await previewBulk(t.db, { filter });
    expect(preview).toHaveLength(3);
    // An agent writes after the preview: that change is not approved blindly.
    await updateMemory(t.db, { storeId, memoryId: scratch[0]!.id, content: "later", actor: API_ACTOR });
    // A reviewer settles another one first.
    await approveReview(t.db, { storeId, memoryId: scratch[1]!.id, seenHeadVersionId: scratch[1]!.memoryVersionId, actor: REVIEWER });

    const report = await runBulk(t.db, {
      action: "approve",
      items: preview,
      actor: REVIEWER,
      filter: { scope: { workspaceId: DEFAULT_WORKSPACE_ID, storeIds: [storeId] } },
    });
    expect(report).toMatchObject({ requested: 3, applied: 2 });
    expect(report.conflicts).toEqual([{ memoryId: scratch[1]!.id, message: expect.stringMatching(/awaits review any more/) }]);
    expect(await item(scratch[0]!.id)).toMatchObject({ versionCount: 1 });
    expect(await item(scratch[2]!.id)).toBeNull();
    expect(await item(other.id)).not.toBeNull();
    const logged = await listDecisions(t.db, { scope: { workspaceId: DEFAULT_WORKSPACE_ID }, batchId: report.batchId, limit: 10 });
    expect(logged.items.map((d) => d.memoryId).sort()).toEqual([scratch[0]!.id, scratch[2]!.id].sort());
  });

  it("a reviewer's reason is kept with each decision: approve, revert, edit and a bulk batch; blank is none", async () => {
    const storeId = await newStore(t.db);
    const [a, b, c, d, e] = await Promise.all(["a", "b", "c", "d", "e"].map((n) => agentWrites(storeId, `/why/${n}.md`, n)));
    const seen = (m: typeof a) => ({ storeId, memoryId: m!.id, seenHeadVersionId: m!.memoryVersionId, actor: REVIEWER });
    await approveReview(t.db, { ...seen(a), reason: "  checked with Ana  " });
    await revertReview(t.db, { ...seen(b), reason: "wrong customer" });
    await editAndApprove(t.db, { ...seen(c), content: "c, fixed", reason: "typo" });
    await approveReview(t.db, { ...seen(d), reason: "   " });
    const report = await runBulk(t.db, {
      action: "revert",
      items: [{ memoryId: e!.id, headVersionId: e!.memoryVersionId }],
      actor: REVIEWER,
      filter: { scope: { workspaceId: DEFAULT_WORKSPACE_ID, storeIds: [storeId] } },
      reason: "agent looped",
    });
    const reasonOf = async (memoryId: string) =>
      (await listDecisions(t.db, { scope: { workspaceId: DEFAULT_WORKSPACE_ID }, memoryId, limit: 1 })).items[0]?.reason;
    expect(await reasonOf(a!.id)).toBe("checked with Ana");
    expect(await reasonOf(b!.id)).toBe("wrong customer");
    expect(await reasonOf(c!.id)).toBe("typo");
    expect(await reasonOf(d!.id)).toBeNull();
    expect(
      (await listDecisions(t.db, { scope: { workspaceId: DEFAULT_WORKSPACE_ID }, batchId: report.batchId, limit: 10 })).items.map((x) => x.reason),
    ).toEqual(["agent looped"]);
  });

  it("a bulk action never reaches stores outside the caller's", async () => {
    const mine = await newStore(t.db);
    const theirs = await newStore(t.db);
    const outside = await agentWrites(theirs, "/x.md", "x");
    const report = await runBulk(t.db, {
      action: "revert",
      items: [{ memoryId: outside.id, headVersionId: outside.memoryVersionId }],
      actor: REVIEWER,
      filter: { scope: { workspaceId: DEFAULT_WORKSPACE_ID, storeIds: [mine] } },
    });
    expect(report).toMatchObject({ applied: 0, conflicts: [{ memoryId: outside.id }] });
    expect(await getMemory(t.db.sql, theirs, outside.id)).toMatchObject({ content: "x" });
  });

  it("marks versions awaiting, approved and reverted", async () => {
    const storeId = await newStore(t.db);
    const memory = await createMemory(t.db, { storeId, path: "/m.md", content: "0", actor: REVIEWER });
    const v1 = await updateMemory(t.db, { storeId, memoryId: memory.id, content: "1", actor: API_ACTOR });
    await approveReview(t.db, { storeId, memoryId: memory.id, seenHeadVersionId: v1.memoryVersionId, actor: REVIEWER });
    const v2 = await updateMemory(t.db, { storeId, memoryId: memory.id, content: "2", actor: API_ACTOR });
    const marksBefore = await reviewMarks(t.db, storeId, [memory.memoryVersionId, v1.memoryVersionId, v2.memoryVersionId], DEFAULT_WORKSPACE_ID);
    expect(marksBefore.get(memory.memoryVersionId)).toBeUndefined();
    expect(marksBefore.get(v1.memoryVersionId)).toMatchObject({ state: "approved", reviewer: REVIEWER });
    expect(marksBefore.get(v2.memoryVersionId)).toMatchObject({ state: "awaiting" });
    await revertReview(t.db, { storeId, memoryId: memory.id, seenHeadVersionId: v2.memoryVersionId, actor: REVIEWER });
    expect((await reviewMarks(t.db, storeId, [v2.memoryVersionId], DEFAULT_WORKSPACE_ID)).get(v2.memoryVersionId)).toMatchObject({ state: "reverted" });
  });

  it("retention keeps every version an open review compares", async () => {
    const storeId = await newStore(t.db);
    const memory = await createMemory(t.db, { storeId, path: "/r.md", content: "settled", actor: REVIEWER });
    await updateMemory(t.db, { storeId, memoryId: memory.id, content: "agent 1", actor: API_ACTOR });
    await updateMemory(t.db, { storeId, memoryId: memory.id, content: "agent 2", actor: API_ACTOR });
    const later = new Date(Date.now() + 365 * 86_400_000);
    await pruneVersions(t.db, { retentionDays: 1, now: later });
    expect((await versionsOf(storeId, memory.id)).map((v) => v.content)).toEqual(["agent 2", "agent 1", "settled"]);
    const head = (await item(memory.id))!.headVersionId;
    await approveReview(t.db, { storeId, memoryId: memory.id, seenHeadVersionId: head, actor: REVIEWER });
    await pruneVersions(t.db, { retentionDays: 1, now: later });
    expect((await versionsOf(storeId, memory.id)).map((v) => v.content)).toEqual(["agent 2"]);
  });

  it("deleting a store deletes its review state", async () => {
    const storeId = await newStore(t.db);
    const memory = await agentWrites(storeId, "/d.md", "d");
    await approveReview(t.db, { storeId, memoryId: memory.id, seenHeadVersionId: memory.memoryVersionId, actor: REVIEWER });
    const other = await agentWrites(storeId, "/e.md", "e");
    await deleteStore(t.db, storeId);
    expect(await item(other.id)).toBeNull();
    expect((await listDecisions(t.db, { scope: { workspaceId: DEFAULT_WORKSPACE_ID }, storeId, limit: 10 })).items).toEqual([]);
  });
});
