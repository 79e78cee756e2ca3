import { DEFAULT_WORKSPACE_ID } from "@/lib/memory/workspace.ts";
import { describe, expect, it } from "vitest";
import type { Actor } from "../../lib/memory/actor.ts";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { deleteMemory } from "../../lib/memory/memories/delete-memory.ts";
import { updateMemory } from "../../lib/memory/memories/update-memory.ts";
import { runMemoryTool } from "../../lib/memory/memory-tool/run-memory-tool.ts";
import { archiveStore } from "../../lib/memory/stores/archive-store.ts";
import { getMemoryAt } from "../../lib/memory/time-travel/get-memory-at.ts";
import { listMemoriesAt, type MemoryAtListItem } from "../../lib/memory/time-travel/list-memories-at.ts";
import { executeRestore, executeRevert, getRestore, getRevert, planRestore, planRevert } from "../../lib/memory/time-travel/run-put-back.ts";
import { storeChanges, type StoreChange } from "../../lib/memory/time-travel/store-changes.ts";
import { pruneVersions } from "../../lib/memory/versions/prune-versions.ts";
import { redactVersion } from "../../lib/memory/versions/redact-version.ts";
import { raw } from "../../lib/memory/db.ts";
import { restorePhrase } from "../../lib/memory/time-travel/restore-rows.ts";
import { headsAt, headsOfChangedSinceAt } from "../../lib/memory/time-travel/states-at.ts";
import { predecessorProblems, reviewHeadProblems } from "../helpers/invariants.ts";
import { API_ACTOR, ENGINE, newStore, useFreshDatabase } from "./database.ts";

/**
 * Time travel (issue 23) on lib/memory against a model: a scripted history (creates, modifies,
 * moves, a folder rename through the memory tool, deletes, re-creation at the same path, a
 * redaction, writes by several actors and sessions, then random writes) is recorded as the live
 * state after every write. "As of T" must equal the recorded state at T, at every depth and
 * prefix, page by page; a restore to T makes "now" equal "as of T" under its prefix; a revert
 * puts back exactly one session's changes and reports the memories others changed since.
 */
const t = useFreshDatabase();

const S1: Actor = { type: "session_actor", session_id: "sess_one", api_key_id: "apikey_domaintest" };
const S2: Actor = { type: "session_actor", session_id: "sess_two", api_key_id: "apikey_domaintest" };
const U1: Actor = { type: "user_actor", user_id: "user_reviewer" };
const ACTORS = [API_ACTOR, S1, S2, U1];

type Live = { id: string; path: string; content: string; sha: string; versionId: string };
type Snapshot = { end: number; next: number; actor: Actor | null; live: Map<string, Live> };

/** A seeded random generator (mulberry32), so that a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let r = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 3));

/**
 * By path: the script's random steps pick from this map in its order, so it must be the same on
 * both engines (unordered, PostgreSQL hands rows out in heap order and the script wrote another
 * history there, one where every restore had to re-create what SQLite's could modify or move).
 */
async function liveNow(storeId: string): Promise<Map<string, Live>> {
  const rows = await t.db.sql.$queryRaw<{ id: string; path: string; content: string; content_sha256: string; memory_version_id: string }[]>`
    SELECT id, path, content, content_sha256, memory_version_id FROM memories WHERE store_id = ${storeId} ORDER BY path`;
  return new Map(rows.map((r) => [r.id, { id: r.id, path: r.path, content: r.content, sha: r.content_sha256, versionId: r.memory_version_id }]));
}

async function newestVersionAt(storeId: string): Promise<number> {
  const [row] = await t.db.sql.$queryRaw<{ at: Date | string | null }[]>`SELECT max(created_at) AS at FROM memory_versions WHERE store_id = ${storeId}`;
  return row?.at ? new Date(row.at).getTime() : 0;
}

const overlaps = (a: string, b: string) => a === b || a.startsWith(b + "/") || b.startsWith(a + "/");

/**
 * Writes the history into a store and records the live state after each write: snapshot i holds
 * from `end` (its newest version's time) until just before `next` (when the next write began).
 */
async function buildHistory(storeId: string, seed: number) {
  const snapshots: Snapshot[] = [{ end: 0, next: 0, actor: null, live: new Map() }];
  const redacted = new Set<string>();
  const step = async (actor: Actor | null, write: () => Promise<unknown>) => {
    await tick();
    snapshots[snapshots.length - 1]!.next = Date.now();
    await write();
    const end = await newestVersionAt(storeId);
    snapshots.push({ end, next: Number.MAX_SAFE_INTEGER, actor, live: await liveNow(storeId) });
    await tick();
  };
  const byPath = (path: string) => [...snapshots[snapshots.length - 1]!.live.values()].find((m) => m.path === path)!;
  const put = (actor: Actor, path: string, content: string) => step(actor, () => createMemory(t.db, { storeId, path, content, actor }));
  const edit = (actor: Actor, path: string, changes: { content?: string; path?: string }) =>
    step(actor, () => updateMemory(t.db, { storeId, memoryId: byPath(path).id, ...changes, actor }));
  const remove = (actor: Actor, path: string) => step(actor, () => deleteMemory(t.db, { storeId, memoryId: byPath(path).id, actor }));

  await put(S1, "/a/one.md", "one");
  await put(S1, "/a/two.md", "two");
  await put(S1, "/a/b/three.md", "three");
  await put(S1, "/a/b/four.md", "four");
  await put(API_ACTOR, "/notes.md", "notes");
  await edit(U1, "/a/one.md", { content: "one, edited by a reviewer" });
  await step(S2, async () => {
    const result = await runMemoryTool(t.db, {
      storeId,
      input: { command: "rename", old_path: "/memories/a/b", new_path: "/memories/c/b" },
      actor: S2,
      canWrite: true,
    });
    expect(result.isError, result.content).toBe(false);
  });
  await remove(S1, "/a/two.md");
  await put(API_ACTOR, "/a/two.md", "two, again");
  await edit(S2, "/notes.md", { content: "notes with a secret" });
  const secret = byPath("/notes.md").versionId;
  await edit(U1, "/notes.md", { content: "notes without it" });
  await step(null, async () => {
    await redactVersion(t.db, { storeId, versionId: secret, actor: U1 });
    redacted.add(secret);
  });
  await edit(S1, "/a/one.md", { path: "/a/uno.md" });
  await put(S2, "/a/b", "a file where a folder was");

  const next = random(seed);
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!;
  const names = ["/r/x.md", "/r/y.md", "/r/d/x.md", "/r/d/y.md", "/r/d", "/a/z.md", "/c/b/five.md", "/s.md"];
  for (let i = 0; i < 30; i++) {
    const actor = pick(ACTORS);
    const live = [...snapshots[snapshots.length - 1]!.live.values()];
    const free = names.filter((n) => !live.some((m) => overlaps(m.path, n)));
    const kind = live.length === 0 ? "create" : pick(["create", "create", "modify", "modify", "move", "delete"]);
    if (kind === "create" && free.length > 0) await put(actor, pick(free), `random ${i}`);
    else if (kind === "modify" || (kind === "create" && free.length === 0)) await edit(actor, pick(live).path, { content: `random ${i} by ${actor.type}` });
    else if (kind === "move" && free.length > 0) {
      const memory = pick(live);
      const to = pick(free);
      if (!overlaps(memory.path, to)) await edit(actor, memory.path, { path: to });
    } else if (kind === "delete") await remove(actor, pick(live).path);
  }
  return { snapshots, redacted };
}

/** The recorded state at a moment: the last snapshot whose writes had ended by then. */
const stateAt = (snapshots: Snapshot[], at: number) => [...snapshots].reverse().find((s) => s.end <= at)!.live;

const bytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** What the listing must be, computed from the model alone. */
function expectedListing(live: Map<string, Live>, prefix: string, depth: 0 | 1, redacted: Set<string>) {
  const under = [...live.values()].filter((m) => m.path.startsWith(prefix)).sort((a, b) => bytes(a.path, b.path));
  const out: string[] = [];
  const folders = new Set<string>();
  for (const m of under) {
    const rest = m.path.slice(prefix.length);
    if (depth === 1 && rest.includes("/")) {
      const folder = prefix + rest.slice(0, rest.indexOf("/") + 1);
      if (!folders.has(folder)) out.push(`prefix ${folder}`);
      folders.add(folder);
    } else out.push(`${m.path} ${m.id} ${m.versionId} ${redacted.has(m.versionId) ? "redacted" : m.sha}`);
  }
  return out;
}

async function listingAt(storeId: string, at: Date, prefix: string, depth: 0 | 1, withContent = false) {
  const out: string[] = [];
  const contents: (string | null | undefined)[] = [];
  let from: string | undefined;
  do {
    const page = await listMemoriesAt(t.db, { storeId, at, prefix, depth, withContent, limit: 3, from });
    for (const item of page.items as MemoryAtListItem[]) {
      if (item.kind === "prefix") out.push(`prefix ${item.path}`);
      else {
        const m = item.memory;
        out.push(`${m.path} ${m.memoryId} ${m.versionId} ${m.redacted ? "redacted" : m.contentSha256}`);
        contents.push(m.content);
      }
    }
    from = page.nextFrom ?? undefined;
  } while (from);
  return { out, contents };
}

/** Random moments inside the snapshots' spans (the first one: before anything was written). */
function moments(snapshots: Snapshot[], count: number, seed: number): number[] {
  const next = random(seed);
  const spans = snapshots.slice(1, -1);
  return [
    snapshots[1]!.end - 1,
    ...Array.from({ length: count - 1 }, () => {
      const s = spans[Math.floor(next() * spans.length)]!;
      return s.end + Math.floor(next() * Math.max(1, s.next - s.end));
    }),
  ];
}

const pathsAndHashes = (live: Iterable<Live>, prefix: string) =>
  [...live]
    .filter((m) => m.path.startsWith(prefix))
    .map((m) => `${m.path} ${m.sha}`)
    .sort();

describe(`time travel on ${ENGINE}`, () => {
  it("as of 20 random moments, every depth and prefix, page by page, equals the recorded history", async () => {
    const storeId = await newStore(t.db);
    const { snapshots, redacted } = await buildHistory(storeId, 23);
    for (const at of moments(snapshots, 20, 7)) {
      const live = stateAt(snapshots, at);
      for (const prefix of ["/", "/a/", "/c/b/", "/r/", "/r/d/"]) {
        for (const depth of [0, 1] as const) {
          const { out } = await listingAt(storeId, new Date(at), prefix, depth);
          expect(out, `as of ${new Date(at).toISOString()} under ${prefix} depth ${depth}`).toEqual(expectedListing(live, prefix, depth, redacted));
        }
      }
      const { contents } = await listingAt(storeId, new Date(at), "/", 0, true);
      const expectedContents = expectedListing(live, "/", 0, redacted).map((line) => {
        const m = [...live.values()].find((x) => line.startsWith(`${x.path} ${x.id} `))!;
        return redacted.has(m.versionId) ? null : m.content;
      });
      expect(contents).toEqual(expectedContents);
      for (const m of live.values()) {
        const one = await getMemoryAt(t.db, { storeId, memoryId: m.id, at: new Date(at) });
        expect(one).toMatchObject({
          path: m.path,
          versionId: m.versionId,
          content: redacted.has(m.versionId) ? null : m.content,
          redacted: redacted.has(m.versionId),
        });
      }
    }
    // One deleted since is not found as of now, and was as of before.
    const gone = [...snapshots[2]!.live.values()].find((m) => !snapshots[snapshots.length - 1]!.live.has(m.id));
    if (gone) await expect(getMemoryAt(t.db, { storeId, memoryId: gone.id, at: new Date() })).rejects.toMatchObject({ code: "not_found" });
  });

  it("refuses the future and a moment before what retention kept, naming the earliest one it can answer", async () => {
    const storeId = await newStore(t.db);
    await expect(
      listMemoriesAt(t.db, { storeId, at: new Date(Date.now() + 60_000), prefix: "/", depth: 0, withContent: false, limit: 20 }),
    ).rejects.toMatchObject({
      code: "invalid_request",
      message: expect.stringContaining("future"),
    });
    // A console user's writes open no review (which would keep every version).
    const first = await createMemory(t.db, { storeId, path: "/kept.md", content: "v1", actor: U1 });
    await tick();
    const afterFirst = new Date();
    await tick();
    await updateMemory(t.db, { storeId, memoryId: first.id, content: "v2", actor: U1 });
    const [v2] = await t.db.sql.$queryRaw<
      { created_at: Date | string }[]
    >`SELECT created_at FROM memory_versions WHERE memory_id = ${first.id} ORDER BY id DESC LIMIT 1`;
    // Everything older than a day from now is pruned (the head is kept): v1 goes.
    await pruneVersions(t.db, { retentionDays: 1, now: new Date(Date.now() + 2 * 86_400_000) });
    const earliest = new Date(v2!.created_at).toISOString();
    await expect(listMemoriesAt(t.db, { storeId, at: afterFirst, prefix: "/", depth: 0, withContent: false, limit: 20 })).rejects.toMatchObject({
      code: "invalid_request",
      message: expect.stringContaining(`the earliest moment that can be answered exactly is ${earliest}`),
    });
    const page = await listMemoriesAt(t.db, { storeId, at: new Date(earliest), prefix: "/", depth: 0, withContent: true, limit: 20 });
    expect(page.items).toMatchObject([{ kind: "memory", memory: { path: "/kept.md", content: "v2" } }]);
  });

  it("store changes between two moments: the paths whose content differs, each once, with its actors; changed and changed back is not listed", async () => {
    const storeId = await newStore(t.db);
    const { snapshots } = await buildHistory(storeId, 5);
    for (const [i, j] of [
      [1, snapshots.length - 1],
      [3, 12],
      [8, 20],
      [0, 9],
    ] as const) {
      const from = snapshots[i]!.end;
      const to = snapshots[j]!.end;
      const byPath = (states: Map<string, { path: string; sha: string }>) => new Map([...states.values()].map((m) => [m.path, m.sha]));
      const before = byPath(stateAt(snapshots, from));
      const after = byPath(stateAt(snapshots, to));
      const differing = [...new Set([...before.keys(), ...after.keys()])].filter((p) => before.get(p) !== after.get(p)).sort();
      const items: StoreChange[] = [];
      let after_: { path: string; memoryId: string } | undefined;
      do {
        const page = await storeChanges(t.db, { storeId, from: new Date(from), to: new Date(to), prefix: "/", actor: {}, limit: 2, after: after_ });
        items.push(...page.items);
        after_ = page.next ?? undefined;
      } while (after_);
      const listed = [...new Set(items.flatMap((c) => [c.before?.path, c.after?.path].filter((p): p is string => typeof p === "string")))].sort();
      expect(listed, `changes ${i} → ${j}: the paths listed`).toEqual(differing);
      for (const c of items) {
        const kind = !c.before
          ? "added"
          : !c.after
            ? "deleted"
            : c.before.path === c.after.path
              ? "modified"
              : c.before.contentSha256 === c.after.contentSha256
                ? "moved"
                : "moved_and_modified";
        expect(c.change, `changes ${i} → ${j}: ${c.before?.path} → ${c.after?.path}`).toBe(kind);
      }
      const deleted = new Set(items.filter((c) => c.change === "deleted").map((c) => c.before!.path));
      expect(
        items.filter((c) => c.change === "added" && deleted.has(c.after!.path)),
        `changes ${i} → ${j}: a path both deleted and added`,
      ).toEqual([]);
    }
    // By one session: only the memories it wrote in between, each naming it among the actors.
    const from = new Date(snapshots[1]!.end - 1);
    const bySession = await storeChanges(t.db, { storeId, from, to: new Date(), prefix: "/", actor: { sessionId: "sess_two" }, limit: 100 });
    expect(bySession.items.length).toBeGreaterThan(0);
    for (const item of bySession.items) expect(item.actors).toContainEqual({ type: "session_actor", session_id: "sess_two" });
  });

  it("restore a folder, then the store, to a moment: now equals as of then under the prefix; history only grows", async () => {
    const storeId = await newStore(t.db);
    const { snapshots, redacted } = await buildHistory(storeId, 11);
    const actions = new Set<string>();
    for (const [index, prefix] of [
      [8, "/a/"],
      [3, "/"],
      [10, "/"],
      [14, "/"],
    ] as const) {
      const at = snapshots[index]!.end;
      const then = stateAt(snapshots, at);
      const [count] = await t.db.sql.$queryRaw<{ n: number | bigint }[]>`SELECT count(*) AS n FROM memory_versions WHERE store_id = ${storeId}`;
      const { plan, items } = await planRestore(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, storeId, asOf: new Date(at), pathPrefix: prefix, actor: U1 });
      expect(plan.status).toBe("planned");
      if (plan.actionable === 0) continue;
      for (const item of items) actions.add(item.action);
      const done = await executeRestore(t.db, {
        workspaceId: DEFAULT_WORKSPACE_ID,
        id: plan.id,
        confirmation: `restore ${plan.actionable} ${plan.actionable === 1 ? "memory" : "memories"}`,
        actor: U1,
      });
      expect(done.plan.status).toBe("completed");
      // The report it answers is the one kept (built from the chunks' results, not read back).
      expect(done.items).toEqual((await getRestore(t.db.sql, plan.id, DEFAULT_WORKSPACE_ID)).items);
      expect(done.items.filter((i) => i.outcome === "planned")).toEqual([]);
      expect(done.items.filter((i) => i.outcome === "blocked" || i.outcome === "late")).toEqual([]);
      const skipped = new Set(items.filter((i) => i.action === "skip").map((i) => i.memoryId));
      const now = await liveNow(storeId);
      const expected = [...then.values()].filter((m) => !redacted.has(m.versionId));
      const actual = [...now.values()].filter((m) => !skipped.has(m.id) || !then.has(m.id));
      expect(pathsAndHashes(actual, prefix), `restore ${prefix} to snapshot ${index}`).toEqual(
        pathsAndHashes(expected, prefix).filter((line) => !skipped.has(line)),
      );
      // Deleted ones came back under new ids, reported old → new; no version was rewritten.
      for (const item of done.items.filter((i) => i.action === "create")) expect(item.newMemoryId).toMatch(/^mem_/);
      const [after] = await t.db.sql.$queryRaw<{ n: number | bigint }[]>`SELECT count(*) AS n FROM memory_versions WHERE store_id = ${storeId}`;
      expect(Number(after!.n)).toBe(Number(count!.n) + done.items.filter((i) => i.outcome === "done").length);
      // And "as of now" says the same (derived from versions alone).
      const asOfNow = (await listingAt(storeId, new Date(), prefix, 0)).out.filter((l) => !l.endsWith("redacted"));
      expect(asOfNow.map((l) => `${l.split(" ")[0]} ${l.split(" ")[3]}`).sort()).toEqual(
        pathsAndHashes(now.values(), prefix).filter((l) => asOfNow.some((x) => x.startsWith(l.split(" ")[0] + " "))),
      );
    }
    // The script exercised every kind of step, the redacted one included, on both engines.
    expect(["skip", "create", "delete", "modify", "move", "unchanged"].filter((kind) => !actions.has(kind))).toEqual([]);
  });

  it("a write between the dry run and the execution is never overwritten: reported late", async () => {
    const storeId = await newStore(t.db);
    const a = await createMemory(t.db, { storeId, path: "/x/a.md", content: "a1", actor: API_ACTOR });
    const b = await createMemory(t.db, { storeId, path: "/x/b.md", content: "b1", actor: API_ACTOR });
    await tick();
    const at = new Date();
    await tick();
    await updateMemory(t.db, { storeId, memoryId: a.id, content: "a2", actor: S1 });
    await updateMemory(t.db, { storeId, memoryId: b.id, content: "b2", actor: S1 });
    const { plan } = await planRestore(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, storeId, asOf: at, pathPrefix: "/x/", actor: U1 });
    expect(plan).toMatchObject({ actionable: 2, counts: { modify: 2 } });
    await updateMemory(t.db, { storeId, memoryId: b.id, content: "b3, written after the dry run", actor: S2 });
    const planted = await createMemory(t.db, { storeId, path: "/x/new.md", content: "written after the dry run", actor: S2 });
    await expect(executeRestore(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, id: plan.id, confirmation: "restore 3 memories", actor: U1 })).rejects.toMatchObject(
      { code: "invalid_request" },
    );
    const done = await executeRestore(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, id: plan.id, confirmation: "restore 2 memories", actor: U1 });
    expect(Object.fromEntries(done.items.map((i) => [i.target?.path ?? i.seen?.path, `${i.action}:${i.outcome}`]))).toEqual({
      "/x/a.md": "modify:done",
      "/x/b.md": "modify:late",
      // Not seen by the dry run: reported, not deleted.
      "/x/new.md": "delete:late",
    });
    const now = await liveNow(storeId);
    expect(now.get(planted.id)?.content).toBe("written after the dry run");
    expect(now.get(a.id)?.content).toBe("a1");
    expect(now.get(b.id)?.content).toBe("b3, written after the dry run");
    await expect(executeRestore(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, id: plan.id, confirmation: "restore 2 memories", actor: U1 })).rejects.toMatchObject(
      { code: "conflict" },
    );
  });

  it("overlap rules hold at every step: a file where a folder was, and back", async () => {
    const storeId = await newStore(t.db);
    const file = await createMemory(t.db, { storeId, path: "/p/q", content: "a file", actor: API_ACTOR });
    await tick();
    const at = new Date();
    await tick();
    await deleteMemory(t.db, { storeId, memoryId: file.id, actor: S1 });
    await createMemory(t.db, { storeId, path: "/p/q/inside.md", content: "inside a folder now", actor: S1 });
    const { plan, items } = await planRestore(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, storeId, asOf: at, actor: U1 });
    expect(items.map((i) => i.action)).toEqual(["delete", "create"]);
    const done = await executeRestore(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, id: plan.id, confirmation: "restore 2 memories", actor: U1 });
    expect(done.items.map((i) => i.outcome)).toEqual(["done", "done"]);
    const now = [...(await liveNow(storeId)).values()];
    expect(now.map((m) => `${m.path}:${m.content}`)).toEqual(["/p/q:a file"]);
    expect(now[0]!.id).not.toBe(file.id);
    expect(done.items[1]).toMatchObject({ memoryId: file.id, newMemoryId: now[0]!.id });
  });

  it("two memories that swapped paths swap back: one is moved aside first, as one more version", async () => {
    const storeId = await newStore(t.db);
    const a = await createMemory(t.db, { storeId, path: "/s/a.md", content: "A", actor: U1 });
    const b = await createMemory(t.db, { storeId, path: "/s/b.md", content: "B", actor: U1 });
    await tick();
    const at = new Date();
    await tick();
    await updateMemory(t.db, { storeId, memoryId: a.id, path: "/s/tmp.md", actor: S1 });
    await updateMemory(t.db, { storeId, memoryId: b.id, path: "/s/a.md", actor: S1 });
    await updateMemory(t.db, { storeId, memoryId: a.id, path: "/s/b.md", actor: S1 });
    const { plan, items } = await planRestore(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, storeId, asOf: at, actor: U1 });
    expect(items.map((i) => i.action)).toEqual(["move", "move"]);
    const done = await executeRestore(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, id: plan.id, confirmation: "restore 2 memories", actor: U1 });
    expect(done.items.map((i) => i.outcome)).toEqual(["done", "done"]);
    const now = await liveNow(storeId);
    expect([...now.values()].map((m) => `${m.id === a.id ? "a" : "b"} ${m.path} ${m.content}`).sort()).toEqual(["a /s/a.md A", "b /s/b.md B"]);
  });

  it("a revert puts back exactly one session's changes and reports the memories others changed since", async () => {
    const storeId = await newStore(t.db);
    const { snapshots, redacted } = await buildHistory(storeId, 17);
    const session = S2;
    const isSession = (a: Actor | null) => a?.type === "session_actor" && a.session_id === "sess_two";
    // From the model: each memory the session changed, the state before its first change, and whether anyone else changed it after.
    const expected = new Map<string, { before: Live | undefined; conflict: boolean }>();
    for (let i = 1; i < snapshots.length; i++) {
      const prev = snapshots[i - 1]!.live;
      const cur = snapshots[i]!.live;
      const changed = [...new Set([...prev.keys(), ...cur.keys()])].filter((id) => prev.get(id)?.versionId !== cur.get(id)?.versionId);
      for (const id of changed) {
        if (isSession(snapshots[i]!.actor) && !expected.has(id)) expected.set(id, { before: prev.get(id), conflict: false });
        else if (!isSession(snapshots[i]!.actor) && expected.has(id)) expected.get(id)!.conflict = true;
      }
    }
    const { plan, items } = await planRevert(t.db, {
      workspaceId: DEFAULT_WORKSPACE_ID,
      storeId,
      principal: { type: "session_actor", session_id: "sess_two" },
      gte: null,
      lte: null,
      actor: U1,
    });
    expect([...expected.values()].some((e) => e.conflict) && [...expected.values()].some((e) => !e.conflict)).toBe(true);
    expect(new Set(items.map((i) => i.memoryId))).toEqual(new Set(expected.keys()));
    for (const item of items) {
      const e = expected.get(item.memoryId)!;
      if (e.conflict) expect(item.action, item.memoryId).toBe("conflict");
      else expect(item.action).not.toBe("conflict");
      if (e.conflict) expect(item.reason).toMatch(/^conflict: changed afterwards by /);
    }
    const before = await liveNow(storeId);
    if (plan.actionable > 0) {
      const done = await executeRevert(t.db, {
        workspaceId: DEFAULT_WORKSPACE_ID,
        id: plan.id,
        confirmation: `revert ${plan.actionable} ${plan.actionable === 1 ? "memory" : "memories"}`,
        actor: U1,
      });
      expect(done.items.filter((i) => i.outcome === "blocked" || i.outcome === "late" || i.outcome === "planned")).toEqual([]);
      expect(done.items).toEqual((await getRevert(t.db.sql, plan.id, DEFAULT_WORKSPACE_ID)).items);
    }
    const now = await liveNow(storeId);
    const newIds = new Map(items.filter((i) => i.action === "create").map((i) => [i.memoryId, i]));
    for (const [id, e] of expected) {
      if (e.conflict) {
        expect(now.get(id)?.versionId).toBe(before.get(id)?.versionId);
        continue;
      }
      if (e.before && redacted.has(e.before.versionId)) continue;
      if (!e.before) expect(now.has(id), id).toBe(false);
      else if (newIds.has(id)) expect([...now.values()].find((m) => m.path === e.before!.path)?.sha).toBe(e.before.sha);
      else expect(now.get(id)).toMatchObject({ path: e.before.path, sha: e.before.sha });
    }
    // Memories the session never touched are as they were.
    for (const [id, m] of before) if (!expected.has(id)) expect(now.get(id)).toEqual(m);
    void session;
  });

  it("a restore or revert run with a key lands nothing in the review inbox, and settles what the undone session left there", async () => {
    const storeId = await newStore(t.db);
    const m = await createMemory(t.db, { storeId, path: "/kept.md", content: "good", actor: U1 });
    await updateMemory(t.db, { storeId, memoryId: m.id, content: "injected", actor: S1 });
    await createMemory(t.db, { storeId, path: "/planted.md", content: "planted", actor: S1 });
    const gone = await createMemory(t.db, { storeId, path: "/gone.md", content: "wiped", actor: U1 });
    await deleteMemory(t.db, { storeId, memoryId: gone.id, actor: S1 });
    const open = () => t.db.sql.$queryRaw<{ memory_id: string }[]>`SELECT memory_id FROM review_items WHERE store_id = ${storeId}`;
    expect(await open()).toHaveLength(3);
    const { plan } = await planRevert(t.db, {
      workspaceId: DEFAULT_WORKSPACE_ID,
      storeId,
      principal: { type: "session_actor", session_id: "sess_one" },
      gte: null,
      lte: null,
      actor: API_ACTOR,
    });
    await executeRevert(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, id: plan.id, confirmation: "revert 3 memories", actor: API_ACTOR });
    expect(await open()).toEqual([]);
    const decisions = await t.db.sql.$queryRaw<
      { action: string; reviewer_id: string }[]
    >`SELECT action, reviewer_id FROM review_decisions WHERE store_id = ${storeId}`;
    expect(decisions).toEqual(Array.from({ length: 3 }, () => ({ action: "reverted", reviewer_id: "apikey_domaintest" })));
  });

  it("a revert leaves what the session wrote after the dry run, and reports it late", async () => {
    const storeId = await newStore(t.db);
    await createMemory(t.db, { storeId, path: "/one.md", content: "one", actor: S1 });
    const { plan } = await planRevert(t.db, {
      workspaceId: DEFAULT_WORKSPACE_ID,
      storeId,
      principal: { type: "session_actor", session_id: "sess_one" },
      gte: null,
      lte: null,
      actor: U1,
    });
    const later = await createMemory(t.db, { storeId, path: "/two.md", content: "two", actor: S1 });
    const done = await executeRevert(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, id: plan.id, confirmation: "revert 1 memory", actor: U1 });
    expect(done.items.map((i) => `${i.seen?.path} ${i.action}:${i.outcome}`)).toEqual(["/one.md delete:done", "/two.md delete:late"]);
    expect([...(await liveNow(storeId)).keys()]).toEqual([later.id]);
  });

  it("refuses an archived store and a restore past the memory limit up front", async () => {
    const storeId = await newStore(t.db);
    const m = await createMemory(t.db, { storeId, path: "/a.md", content: "a", actor: API_ACTOR });
    await tick();
    const at = new Date();
    await tick();
    await updateMemory(t.db, { storeId, memoryId: m.id, content: "b", actor: API_ACTOR });
    await deleteMemory(t.db, { storeId, memoryId: m.id, actor: API_ACTOR });
    // As if the store were full: re-creating the deleted memory would take it past the limit.
    await t.db.sqlTransaction((tx) => tx.$executeRaw`UPDATE memory_stores SET memory_count = 10000 WHERE id = ${storeId}`);
    await expect(planRestore(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, storeId, asOf: at, actor: U1 })).rejects.toMatchObject({
      code: "invalid_request",
      message: expect.stringContaining("at most 10,000"),
    });
    await archiveStore(t.db, storeId);
    await expect(planRestore(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, storeId, asOf: at, actor: U1 })).rejects.toMatchObject({
      code: "conflict",
      message: expect.stringContaining("archived"),
    });
  });

  it("a memory last written by an instance whose clock runs ahead: its next version is not dated before that one", async () => {
    const storeId = await newStore(t.db);
    const m = await createMemory(t.db, { storeId, path: "/ahead.md", content: "one", actor: API_ACTOR });
    const ahead = new Date(Date.now() + 60_000);
    await t.db.sqlTransaction(async (tx) => {
      await tx.$executeRaw`UPDATE memory_versions SET created_at = ${ahead} WHERE id = ${m.memoryVersionId}`;
      await tx.$executeRaw`UPDATE memories SET updated_at = ${ahead} WHERE id = ${m.id}`;
    });
    const next = await updateMemory(t.db, { storeId, memoryId: m.id, content: "two", actor: API_ACTOR });
    expect(next.updatedAt.getTime()).toBe(ahead.getTime());
    // As of now the memory was not there yet: both its versions are dated ahead.
    expect((await listingAt(storeId, new Date(), "/", 0)).out).toEqual([]);
  });

  it("the heads then of every memory changed since, read a few at a time, are headsAt's", async () => {
    const storeId = await newStore(t.db);
    const { snapshots } = await buildHistory(storeId, 29);
    // A restore writes a chunk's versions in the same millisecond: ties in the order read.
    await tick();
    const beforeRestore = Date.now();
    await tick();
    const { plan } = await planRestore(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, storeId, asOf: new Date(moments(snapshots, 1, 5)[0]!), actor: U1 });
    await executeRestore(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, id: plan.id, confirmation: restorePhrase(plan), actor: U1 });
    for (const at of [...moments(snapshots, 8, 3), beforeRestore]) {
      const when = new Date(at);
      const changed = await t.db.sql.$queryRaw<{ memory_id: string }[]>`
        SELECT DISTINCT memory_id FROM memory_versions WHERE store_id = ${storeId} AND created_at > ${when}`;
      const expected = await headsAt(t.db.sql, storeId, when, { memoryIds: changed.map((r) => r.memory_id) });
      const byId = (states: { memoryId: string }[]) => [...states].sort((a, b) => (a.memoryId < b.memoryId ? -1 : 1));
      for (const perTurn of [1, 2, 5, 1_000]) expect(byId(await headsOfChangedSinceAt(t.db.sql, storeId, when, perTurn))).toEqual(byId(expected));
    }
  });

  // The as-of list reads each changed memory's head then through these links (states-at.ts).
  it("every version the tests above wrote (creates, edits, moves, deletes, restores, reverts, prunes) names the one it followed", async () => {
    expect(await predecessorProblems((query) => t.db.sql.$queryRaw(raw(query)))).toEqual([]);
    expect(await reviewHeadProblems((query) => t.db.sql.$queryRaw(raw(query)))).toEqual([]);
  });
});
