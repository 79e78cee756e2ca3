import { describe, expect, it } from "vitest";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { dryRunPolicy } from "../../lib/memory/policies/dry-run-policy.ts";
import { findUnreadMemories, sweepAllStaleMemories, sweepUnreadMemories } from "../../lib/memory/policies/stale-memories.ts";
import { setStorePolicy } from "../../lib/memory/policies/policy-settings.ts";
import { flushReads, readOf, recordReads } from "../../lib/memory/reads/read-buffer.ts";
import { listVersions } from "../../lib/memory/versions/list-versions.ts";
import { listUnreadMemories } from "../../lib/memory/reads/unread-memories.ts";
import { lockStore } from "../../lib/memory/stores/lock-store.ts";
import { API_ACTOR, ENGINE, newStore, useFreshDatabase } from "./database.ts";

/**
 * Expiry by last read (issue 45): a memory no agent has read for longer than its
 * `unread_after_days` rule gets a stale review item, "unread for N days", or with
 * `unread_action: "delete"` a deletion written as a version by the write policy. A recent agent
 * read, a path no rule covers and a protected path keep a memory; a person's read does not.
 */
const t = useFreshDatabase();
const DAY = 86_400_000;
const ADMIN = { type: "user_actor" as const, user_id: "user_admin" };

async function seed(policy: Record<string, unknown>) {
  const storeId = await newStore(t.db);
  const read = await createMemory(t.db, { storeId, path: "/notes/read.md", content: "read lately", actor: API_ACTOR });
  const unread = await createMemory(t.db, { storeId, path: "/notes/unread.md", content: "nobody reads this", actor: API_ACTOR });
  const byPerson = await createMemory(t.db, { storeId, path: "/notes/person.md", content: "only a person looked", actor: API_ACTOR });
  const elsewhere = await createMemory(t.db, { storeId, path: "/other/free.md", content: "no rule here", actor: API_ACTOR });
  const now = new Date(Date.now() + 60 * DAY);
  recordReads(t.db, { type: "api_key", id: "apikey_agent", sessionId: "sess_a", channel: "memory_tool" }, [readOf(read)], new Date(Date.now() + 45 * DAY));
  recordReads(t.db, { type: "user", id: "user_reviewer", sessionId: null, channel: "console" }, [readOf(byPerson)], new Date(Date.now() + 50 * DAY));
  await flushReads(t.db);
  await setStorePolicy(t.db, storeId, policy, ADMIN);
  // The memories were written by an agent key and await review: settle them, as a reviewer would have.
  await t.db.sqlTransaction((tx) => tx.$executeRaw`DELETE FROM review_items WHERE store_id = ${storeId}`);
  return { storeId, read, unread, byPerson, elsewhere, now };
}

const itemsOf = (storeId: string) =>
  t.db.sql.$queryRaw<{ memory_id: string; change: string; stale_reason: string | null }[]>`
    SELECT memory_id, change, stale_reason FROM review_items WHERE store_id = ${storeId} AND change = 'stale'`;

describe("unread_after_days", () => {
  it("with reads not recorded (the benchmark's READ_TRACKING=off), records none and expires nothing as unread", async () => {
    const s = await seed({ unreadAfterDays: [{ path: "/**", days: 30 }], unreadAction: "delete" });
    const untracked = { ...t.db, sql: { ...t.db.sql, readTrackingOff: true } };
    recordReads(untracked, { type: "api_key", id: "apikey_agent", sessionId: "sess_off", channel: "api" }, [readOf(s.unread)]);
    await flushReads(t.db);
    const counted = await t.db.sql.$queryRaw<{ n: number | bigint }[]>`SELECT COUNT(*) AS n FROM memory_reads WHERE session_id = 'sess_off'`;
    expect(Number(counted[0]!.n)).toBe(0);
    await sweepAllStaleMemories(untracked, s.now);
    expect((await listVersions(t.db, { storeId: s.storeId, memoryId: s.unread.id, limit: 10, withContent: false })).items).toHaveLength(1);
    await sweepAllStaleMemories(t.db, s.now); // with reads recorded, the same sweep deletes it
    expect((await listVersions(t.db, { storeId: s.storeId, memoryId: s.unread.id, limit: 10, withContent: false })).items).toHaveLength(2);
  });

  // SQLite has one writer: a sweep's transaction waits its turn there, as every write does.
  it.runIf(ENGINE === "postgres")("a sweep waits for no write to the store: it leaves it for next time", async () => {
    const s = await seed({ unreadAfterDays: [{ path: "/notes/**", days: 30 }] });
    let release!: () => void;
    let locked!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const writer = t.db.sqlTransaction(async (tx) => {
      await lockStore(tx, s.storeId);
      locked();
      await held;
    });
    await isLocked;
    expect(await sweepUnreadMemories(t.db, s.storeId, s.now)).toBe(0);
    release();
    await writer;
    expect(await sweepUnreadMemories(t.db, s.storeId, s.now)).toBe(2);
    expect((await itemsOf(s.storeId)).map((i) => i.stale_reason)).toEqual(["unread for 30 days", "unread for 30 days"]);
  });

  it("puts the memories no agent read for that long in the inbox, unread for N days", async () => {
    const s = await seed({ unreadAfterDays: [{ path: "/notes/**", days: 30 }] });
    expect((await findUnreadMemories(t.db, s.storeId, [{ path: "/notes/**", days: 30 }], s.now)).map((m) => m.path).sort()).toEqual([
      "/notes/person.md",
      "/notes/unread.md",
    ]);
    expect(await sweepUnreadMemories(t.db, s.storeId, s.now)).toBe(2);
    const items = await itemsOf(s.storeId);
    expect(items.map((i) => [i.memory_id, i.stale_reason]).sort()).toEqual(
      [
        [s.unread.id, "unread for 30 days"],
        [s.byPerson.id, "unread for 30 days"],
      ].sort(),
    );
    expect(await sweepUnreadMemories(t.db, s.storeId, s.now)).toBe(0); // already in the inbox
  });

  it("with unread_action delete, deletes them as versions written by the policy, and leaves a protected path", async () => {
    const s = await seed({ unreadAfterDays: [{ path: "/**", days: 30 }], unreadAction: "delete", protectedPaths: ["/other/**"] });
    expect(await sweepUnreadMemories(t.db, s.storeId, s.now)).toBe(2);
    const live = await t.db.sql.$queryRaw<{ path: string }[]>`SELECT path FROM memories WHERE store_id = ${s.storeId} ORDER BY path`;
    expect(live.map((m) => m.path)).toEqual(["/notes/read.md", "/other/free.md"]);
    const history = await listVersions(t.db, { storeId: s.storeId, memoryId: s.unread.id, limit: 5, withContent: false });
    expect(history.items[0]).toMatchObject({ operation: "deleted", createdByType: "service_account_actor", createdById: "write_policy" });
  });

  it("a policy dry run lists what the next sweep would delete, and deletes nothing", async () => {
    const s = await seed({});
    const run = await dryRunPolicy(t.db, s.storeId, { unreadAfterDays: [{ path: "/notes/**", days: 30 }], unreadAction: "delete" }, s.now);
    expect(run.unread.map((m) => m.path).sort()).toEqual(["/notes/person.md", "/notes/unread.md"]);
    expect(run.policy.unreadAction).toBe("delete");
    const live = await t.db.sql.$queryRaw<{ n: number | bigint }[]>`SELECT COUNT(*) AS n FROM memories WHERE store_id = ${s.storeId}`;
    expect(Number(live[0]!.n)).toBe(4);
  });

  it("refuses a rule or an action it cannot follow, changing nothing", async () => {
    const storeId = await newStore(t.db);
    await expect(setStorePolicy(t.db, storeId, { unreadAfterDays: [{ path: "notes", days: 30 }] }, ADMIN)).rejects.toThrow(/unread_after_days\[0\]\.path/);
    await expect(setStorePolicy(t.db, storeId, { unreadAfterDays: [{ path: "/**", days: 0 }] }, ADMIN)).rejects.toThrow(/unread_after_days\[0\]\.days/);
    await expect(setStorePolicy(t.db, storeId, { unreadAction: "shred" }, ADMIN)).rejects.toThrow(/unread_action/);
  });
});

describe("the store's unread memories", () => {
  it("are those no agent read for N days, by their last agent read or their creation, in path order", async () => {
    const storeId = await newStore(t.db);
    const write = (path: string) => createMemory(t.db, { storeId, path, content: path, actor: API_ACTOR });
    const [lately, never, monthAgo, personOnly] = [
      await write("/a/lately.md"),
      await write("/b/never.md"),
      await write("/c/month.md"),
      await write("/d/person.md"),
    ];
    const agent = { type: "api_key" as const, id: "apikey_agent", sessionId: null, channel: "mcp" as const };
    const at = (days: number) => new Date(Date.now() + days * DAY);
    recordReads(t.db, agent, [readOf(lately)], at(95));
    recordReads(t.db, agent, [readOf(monthAgo)], at(50));
    recordReads(t.db, { type: "user", id: "user_reviewer", sessionId: null, channel: "console" }, [readOf(personOnly)], at(99));
    await flushReads(t.db);
    const now = at(100);
    const paths = async (days: number) => (await listUnreadMemories(t.db, { storeId, days, limit: 10, now })).memories.map((m) => m.path);
    expect(await paths(30)).toEqual(["/b/never.md", "/c/month.md", "/d/person.md"]);
    expect(await paths(90)).toEqual(["/b/never.md", "/d/person.md"]);
    expect(await paths(200)).toEqual([]); // nothing is that old
    const first = await listUnreadMemories(t.db, { storeId, days: 30, limit: 2, now });
    expect(first.memories.map((m) => m.id)).toEqual([never.id, monthAgo.id]);
    expect((await listUnreadMemories(t.db, { storeId, days: 30, limit: 2, now, after: first.next! })).memories.map((m) => m.id)).toEqual([personOnly.id]);
  });
});
