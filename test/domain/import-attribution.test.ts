import { describe, expect, it } from "vitest";
import type { Actor } from "../../lib/memory/actor.ts";
import { HistoryRules } from "../../lib/memory/import/history-rules.ts";
import { importHistory, type HistoryVersion } from "../../lib/memory/import/import-history.ts";
import { sha256Hex } from "../../lib/memory/hashing.ts";
import { changeMemory, insertMemories, insertMemory } from "../../lib/memory/memories/mutations.ts";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { lockStore } from "../../lib/memory/stores/lock-store.ts";
import { listVersions } from "../../lib/memory/versions/list-versions.ts";
import { newStore, useFreshDatabase } from "./database.ts";

// Issue 21 in lib/memory directly: every write path checks the path and content rules; imported
// versions record who wrote them (the key behind a session included) apart from the file's claim.
const t = useFreshDatabase();

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const mark = (v: { imported: string | null }): Record<string, any> => JSON.parse(v.imported!);

const SESSION_IMPORTER: Actor = { type: "session_actor", session_id: "sess_importing", api_key_id: "apikey_behind_session" };
const at = new Date("2026-02-01T00:00:00Z");
const step = (v: Partial<HistoryVersion> & Pick<HistoryVersion, "id" | "memoryId" | "operation">): HistoryVersion => ({
  path: null,
  content: null,
  createdAt: at,
  createdBy: { type: "user_actor", user_id: "user_from_file" },
  redactedAt: null,
  redactedBy: null,
  ...v,
});

describe("the single write path", () => {
  it("refuses a path or content a create would refuse, whichever function writes", async () => {
    const storeId = await newStore(t.db);
    const actor: Actor = { type: "api_actor", api_key_id: "apikey_x" };
    const bad = [
      { path: "/../x.md", content: "x" },
      { path: "/a\u0000.md", content: "x" },
      { path: "x.md", content: "x" },
      { path: "/cafe\u0301.md", content: "x" },
      { path: "/ok.md", content: "a".repeat(102_401) },
      { path: "/ok.md", content: "nul\u0000" },
    ];
    for (const state of bad) {
      await expect(t.db.sqlTransaction(async (tx) => insertMemory(tx, storeId, state, actor))).rejects.toMatchObject({ code: "invalid_request" });
      await expect(t.db.sqlTransaction(async (tx) => insertMemories(tx, storeId, [state], actor))).rejects.toMatchObject({ code: "invalid_request" });
    }
    const memory = await createMemory(t.db, { storeId, path: "/fine.md", content: "fine", actor });
    for (const state of bad) {
      await expect(t.db.sqlTransaction(async (tx) => changeMemory(tx, memory, state, actor))).rejects.toMatchObject({ code: "invalid_request" });
    }
    const { items } = await listVersions(t.db, { storeId, withContent: false, limit: 10 });
    expect(items.map((v) => v.path)).toEqual(["/fine.md"]);
    expect((await t.db.sqlTransaction((tx) => lockStore(tx, storeId))).memoryCount).toBe(1);
  });
});

describe("imported versions record who wrote them", () => {
  const history = [
    step({ id: "v1", memoryId: "m1", operation: "created", path: "/a.md", content: "one" }),
    step({ id: "v2", memoryId: "m1", operation: "modified", path: "/a.md", content: "two", createdBy: { type: "session_actor", session_id: "sess_file" } }),
  ];
  const expected = [{ path: "/a.md", contentSha256: sha256Hex("two") }];

  it("an importer acting as a session keeps the key behind it: the key's filter finds every version it imported", async () => {
    const done = await importHistory(t.db, {
      target: { newStore: { name: "session import" } },
      versions: history,
      expected,
      actor: SESSION_IMPORTER,
      attribution: "importer",
    });
    const storeId = done.storeId!;
    const all = (await listVersions(t.db, { storeId, withContent: false, limit: 10 })).items;
    expect(all.map((v) => [v.createdByType, v.createdById, v.apiKeyId, mark(v).import_id, mark(v).claimed_created_by])).toEqual([
      ["session_actor", "sess_importing", "apikey_behind_session", done.report!.id, { type: "session_actor", session_id: "sess_file" }],
      ["session_actor", "sess_importing", "apikey_behind_session", done.report!.id, { type: "user_actor", user_id: "user_from_file" }],
    ]);
    // The key behind the importing session is recorded in its column, never shown.
    expect(mark(all[0]!).imported_by).toEqual({ type: "session_actor", session_id: "sess_importing" });
    expect((await listVersions(t.db, { storeId, apiKeyId: "apikey_behind_session", withContent: false, limit: 10 })).items).toHaveLength(2);
    expect((await listVersions(t.db, { storeId, sessionId: "sess_importing", withContent: false, limit: 10 })).items).toHaveLength(2);
    expect((await listVersions(t.db, { storeId, sessionId: "sess_file", withContent: false, limit: 10 })).items).toHaveLength(0);
    expect((await listVersions(t.db, { storeId, userId: "user_from_file", withContent: false, limit: 10 })).items).toHaveLength(0);
  });

  it("with the file's authors (an admin's import), the rows still carry the importer's key, and filters by the file's authors find none", async () => {
    const done = await importHistory(t.db, {
      target: { newStore: { name: "file authors" } },
      versions: history,
      expected,
      actor: SESSION_IMPORTER,
      attribution: "file",
    });
    const storeId = done.storeId!;
    const all = (await listVersions(t.db, { storeId, withContent: false, limit: 10 })).items;
    expect(
      all.map((v) => [v.createdByType, v.createdById, v.apiKeyId, mark(v).imported_by.session_id, mark(v).attribution, v.createdAt.toISOString()]),
    ).toEqual([
      ["session_actor", "sess_file", "apikey_behind_session", "sess_importing", "file", at.toISOString()],
      ["user_actor", "user_from_file", "apikey_behind_session", "sess_importing", "file", at.toISOString()],
    ]);
    expect((await listVersions(t.db, { storeId, sessionId: "sess_file", withContent: false, limit: 10 })).items).toHaveLength(0);
    expect((await listVersions(t.db, { storeId, userId: "user_from_file", withContent: false, limit: 10 })).items).toHaveLength(0);
    expect((await listVersions(t.db, { storeId, apiKeyId: "apikey_behind_session", withContent: false, limit: 10 })).items).toHaveLength(2);
  });
});

describe("history rules", () => {
  it("a deletion must be at the memory's path, unless a redacted version may have moved it", () => {
    const rules = new HistoryRules();
    rules.apply(step({ id: "v1", memoryId: "m", operation: "created", path: "/a.md", content: "a" }), 0);
    expect(() => rules.apply(step({ id: "v2", memoryId: "m", operation: "deleted", path: "/b.md" }), 1)).toThrow(
      /deletes memory m at \/b\.md, but it is at \/a\.md/,
    );
    rules.apply(step({ id: "v3", memoryId: "m", operation: "modified", redactedAt: at }), 2);
    expect(rules.apply(step({ id: "v4", memoryId: "m", operation: "deleted", path: "/b.md" }), 3)).toEqual({ path: "/b.md", content: "" });
  });

  it("each step passes the rules of a write: paths, content size, overlaps, the clock; the end leaves no redacted head", () => {
    const refused = (steps: HistoryVersion[], problem: RegExp) => {
      const rules = new HistoryRules();
      expect(() => {
        steps.forEach((s, i) => rules.apply(s, i));
        rules.finish();
      }).toThrow(problem);
    };
    const redacted = { redactedAt: at };
    refused([step({ id: "v1", memoryId: "m", operation: "created", path: "/../x.md", content: "", ...redacted })], /'\.\.'/);
    refused([step({ id: "v1", memoryId: "m", operation: "created", path: "/x.md", content: { bytes: 200_000 } as never })], /200000 bytes/);
    refused(
      [
        step({ id: "v1", memoryId: "a", operation: "created", path: "/o", content: "", ...redacted }),
        step({ id: "v2", memoryId: "b", operation: "created", path: "/o/p", content: "p" }),
      ],
      /Version 2 \(v2\): path conflict: \/o is a memory/,
    );
    refused(
      [step({ id: "v1", memoryId: "m", operation: "created", path: "/x.md", content: "x", createdAt: new Date(Date.now() + 10 * 60_000) })],
      /in the future/,
    );
    refused(
      [
        step({ id: "v1", memoryId: "m", operation: "created", path: "/x.md", content: "x" }),
        step({ id: "v2", memoryId: "m", operation: "modified", ...redacted }),
      ],
      /redacted version as its current one/,
    );
    // Within the clock's allowance, and a redacted creation's placeholder, are fine.
    const rules = new HistoryRules();
    const first = rules.apply(step({ id: "v1", memoryId: "m", operation: "created", ...redacted, createdAt: new Date(Date.now() + 60_000) }), 0)!;
    expect(first.path).toMatch(/^\/\.imported-redacted\/[0-9a-f]{16}$/);
    expect(rules.apply(step({ id: "v2", memoryId: "m", operation: "modified", path: "/real.md", content: "r" }), 1)).toEqual({
      path: "/real.md",
      content: "r",
    });
    rules.finish();
  });

  it("history cut short by retention is the export's to tolerate, never the import's", () => {
    const late = step({ id: "v9", memoryId: "m", operation: "modified", path: "/a.md", content: "a" });
    expect(() => new HistoryRules().apply(late, 0)).toThrow(/does not exist at that point/);
    const pruned = new HistoryRules({ prunedStarts: true });
    expect(pruned.apply(late, 0)).toEqual({ path: "/a.md", content: "a" });
    expect(pruned.apply(step({ id: "v8", memoryId: "gone", operation: "deleted", path: "/g.md" }), 1)).toBeNull();
  });
});
