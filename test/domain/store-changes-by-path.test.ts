import { DEFAULT_WORKSPACE_ID } from "@/lib/memory/workspace.ts";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../lib/memory/hashing.ts";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { deleteMemory } from "../../lib/memory/memories/delete-memory.ts";
import { updateMemory } from "../../lib/memory/memories/update-memory.ts";
import { storeChanges, type StoreChange } from "../../lib/memory/time-travel/store-changes.ts";
import { restorePhrase } from "../../lib/memory/time-travel/restore-rows.ts";
import { executeRestore, planRestore } from "../../lib/memory/time-travel/run-put-back.ts";
import { API_ACTOR, ENGINE, newStore, useFreshDatabase } from "./database.ts";

/**
 * Changes compare by path as well as by memory (issue 42): over random histories full of
 * deletions, re-creations at the same path, moves and swaps, what changed between two moments is
 * empty exactly when the store's (path, content) pairs are the same at both, and otherwise lists
 * exactly the paths whose content differs, none of them both deleted and added. Restores plan by
 * path too: never a write of a path that already holds the target's content.
 */
const REVIEWER = { type: "user_actor" as const, user_id: "user_reviewer" };
const t = useFreshDatabase();
const PATHS = ["/a.md", "/b.md", "/notes/c.md", "/notes/d.md"];
const CONTENTS = ["x", "y", "z"];

type Op =
  | { kind: "put"; path: string; content: string }
  | { kind: "remove"; path: string }
  | { kind: "recreate"; path: string }
  | { kind: "move"; from: string; to: string }
  | { kind: "swap"; a: string; b: string };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("put" as const), path: fc.constantFrom(...PATHS), content: fc.constantFrom(...CONTENTS) }),
  fc.record({ kind: fc.constant("remove" as const), path: fc.constantFrom(...PATHS) }),
  fc.record({ kind: fc.constant("recreate" as const), path: fc.constantFrom(...PATHS) }),
  fc.record({ kind: fc.constant("move" as const), from: fc.constantFrom(...PATHS), to: fc.constantFrom(...PATHS) }),
  fc.record({ kind: fc.constant("swap" as const), a: fc.constantFrom(...PATHS), b: fc.constantFrom(...PATHS) }),
);

const tick = () => new Promise((resolve) => setTimeout(resolve, 3));

async function liveByPath(storeId: string) {
  const rows = await t.db.sql.$queryRaw<{ id: string; path: string; content: string }[]>`SELECT id, path, content FROM memories WHERE store_id = ${storeId}`;
  return new Map(rows.map((r) => [r.path, { id: r.id, content: r.content }]));
}

/** Carries an op out through the domain, as an agent would; an op that does not apply to the store now does nothing. */
async function apply(storeId: string, o: Op) {
  const live = await liveByPath(storeId);
  const write = { storeId, actor: API_ACTOR };
  if (o.kind === "put") {
    const there = live.get(o.path);
    if (there) await updateMemory(t.db, { ...write, memoryId: there.id, content: o.content });
    else await createMemory(t.db, { ...write, path: o.path, content: o.content });
  } else if (o.kind === "remove" && live.has(o.path)) {
    await deleteMemory(t.db, { ...write, memoryId: live.get(o.path)!.id });
  } else if (o.kind === "recreate" && live.has(o.path)) {
    await deleteMemory(t.db, { ...write, memoryId: live.get(o.path)!.id });
    await createMemory(t.db, { ...write, path: o.path, content: live.get(o.path)!.content });
  } else if (o.kind === "move" && live.has(o.from) && !live.has(o.to)) {
    await updateMemory(t.db, { ...write, memoryId: live.get(o.from)!.id, path: o.to });
  } else if (o.kind === "swap" && o.a !== o.b && live.has(o.a) && live.has(o.b)) {
    // Two memories trade contents and paths: the pairs stay the same, the memories do not.
    const a = live.get(o.a)!;
    const b = live.get(o.b)!;
    await updateMemory(t.db, { ...write, memoryId: a.id, path: "/swap.tmp" });
    await updateMemory(t.db, { ...write, memoryId: b.id, path: o.a, content: a.content });
    await updateMemory(t.db, { ...write, memoryId: a.id, path: o.b, content: b.content });
  }
}

async function allChanges(storeId: string, from: Date, to: Date): Promise<StoreChange[]> {
  const items: StoreChange[] = [];
  let after: { path: string; memoryId: string } | undefined;
  do {
    const page = await storeChanges(t.db, { storeId, from, to, prefix: "/", actor: {}, limit: 3, after });
    items.push(...page.items);
    after = page.next ?? undefined;
  } while (after);
  return items;
}

/** Carries the ops out one by one, with the store's (path, content hash) pairs after each: moment 0 is the empty store. */
async function history(storeId: string, ops: readonly Op[]) {
  const moments: { at: Date; pairs: Map<string, string> }[] = [{ at: new Date(), pairs: new Map() }];
  for (const o of ops) {
    await tick();
    await apply(storeId, o);
    await tick();
    const live = await liveByPath(storeId);
    moments.push({ at: new Date(), pairs: new Map([...live].map(([path, m]) => [path, sha256Hex(m.content)])) });
  }
  return moments;
}

describe(`store changes by path on ${ENGINE}`, () => {
  it("are empty exactly when the (path, content) pairs are the same at both moments, and name exactly the paths that differ", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const storeId = await newStore(t.db);
        const moments = await history(storeId, ops);
        // Every pair of moments of the history.
        for (let x = 0; x < moments.length; x++) {
          for (let y = x + 1; y < moments.length; y++) {
            const before = moments[x]!.pairs;
            const after = moments[y]!.pairs;
            const differing = [...new Set([...before.keys(), ...after.keys()])].filter((p) => before.get(p) !== after.get(p)).sort();
            const items = await allChanges(storeId, moments[x]!.at, moments[y]!.at);
            const listed = [...new Set(items.flatMap((c) => [c.before?.path, c.after?.path].filter((p): p is string => typeof p === "string")))].sort();
            const where = `${x} → ${y} after ${JSON.stringify(ops)}`;
            expect(items.length === 0, where).toBe(differing.length === 0);
            expect(listed, where).toEqual(differing);
            const deleted = new Set(items.filter((c) => c.change === "deleted").map((c) => c.before!.path));
            expect(
              items.filter((c) => c.change === "added" && deleted.has(c.after!.path)),
              where,
            ).toEqual([]);
          }
        }
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 25), seed: Number(process.env.FUZZ_SEED ?? 4242) },
    );
  });

  it("a restore to any moment plans no write of a path that already holds the target's content, and ends with that moment's pairs", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), fc.nat(), async (ops, pick) => {
        const storeId = await newStore(t.db);
        const moments = await history(storeId, ops);
        const then = moments[pick % moments.length]!;
        const now = moments[moments.length - 1]!.pairs;
        const { plan, items } = await planRestore(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, storeId, asOf: then.at, actor: REVIEWER });
        const where = `as of moment ${pick % moments.length} after ${JSON.stringify(ops)}`;
        const planned = items.filter((i) => i.outcome === "planned");
        for (const item of planned) {
          if (item.action === "delete") continue;
          expect(now.get(item.target!.path!) === item.target!.sha256 && item.seen?.path !== item.target!.path, where).toBe(false);
          expect(item.seen?.path === item.target!.path && item.seen?.sha256 === item.target!.sha256, where).toBe(false);
        }
        const created = new Set(planned.filter((i) => i.action === "create").map((i) => i.target!.path));
        expect(
          planned.filter((i) => i.action === "delete" && created.has(i.seen!.path)),
          where,
        ).toEqual([]);
        const same = now.size === then.pairs.size && [...now].every(([path, sha]) => then.pairs.get(path) === sha);
        if (same) expect(plan.actionable, where).toBe(0);
        if (plan.actionable > 0)
          await executeRestore(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, id: plan.id, confirmation: restorePhrase(plan), actor: REVIEWER });
        const after = new Map([...(await liveByPath(storeId))].map(([path, m]) => [path, sha256Hex(m.content)]));
        expect([...after].sort(), where).toEqual([...then.pairs].sort());
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 25), seed: Number(process.env.FUZZ_SEED ?? 4242) },
    );
  });
});
