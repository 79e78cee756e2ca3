import { describe, expect, it } from "vitest";
import { DEFAULT_WORKSPACE_ID } from "@/lib/memory/workspace.ts";
import type { Actor } from "../../lib/memory/actor.ts";
import { importFiles } from "../../lib/memory/import/import-files.ts";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { deleteMemory } from "../../lib/memory/memories/delete-memory.ts";
import { updateMemory } from "../../lib/memory/memories/update-memory.ts";
import { runMemoryTool } from "../../lib/memory/memory-tool/run-memory-tool.ts";
import { getStore } from "../../lib/memory/stores/get-store.ts";
import { executeRestore, planRestore } from "../../lib/memory/time-travel/run-put-back.ts";
import { API_ACTOR, newStore, useFreshDatabase } from "./database.ts";

/**
 * A store's memory_count and content_bytes are kept by the write path in each write's
 * transaction (migration 0034), never recounted: after any mix of writes through every path
 * that writes memories they must equal a recount of its live memories.
 */
const t = useFreshDatabase();
const REVIEWER: Actor = { type: "user_actor", user_id: "user_sizes" };

/** A deterministic pseudo-random sequence (mulberry32), so that a failure replays. */
function randomFrom(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s + 0x6d2b79f5) | 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) % n;
  };
}

async function recount(storeId: string) {
  const [row] = await t.db.sql.$queryRaw<{ n: number | bigint; bytes: number | bigint | null }[]>`
    SELECT count(*) AS n, sum(content_size_bytes) AS bytes FROM memories WHERE store_id = ${storeId}`;
  return { memoryCount: Number(row!.n), contentBytes: Number(row!.bytes ?? 0) };
}

async function kept(storeId: string) {
  const store = await getStore(t.db.sql, storeId);
  return { memoryCount: store.memoryCount, contentBytes: store.contentBytes };
}

const tool = (storeId: string, input: Record<string, unknown>) => runMemoryTool(t.db, { storeId, input: input as never, actor: API_ACTOR, canWrite: true });

describe("a store's sizes, kept by the write path", () => {
  it("equal a recount after random creates, edits, renames, deletions, tool writes, imports and a restore", async () => {
    const storeId = await newStore(t.db);
    const random = randomFrom(43);
    const live = new Map<string, string>();
    const text = () => "é".repeat(random(40)) + "x".repeat(random(300));
    let restoreTo: Date | null = null;
    const done = new Set<number>();
    for (let step = 0; step < 120; step++) {
      const ids = [...live.keys()];
      const pick = ids[random(Math.max(ids.length, 1))];
      const kind = random(8);
      if (kind <= 1 || !pick) {
        const memory = await createMemory(t.db, { storeId, path: `/d${random(4)}/m${step}.md`, content: text(), actor: API_ACTOR });
        live.set(memory.id, memory.path);
      } else if (kind === 2) {
        await updateMemory(t.db, { storeId, memoryId: pick, content: text(), actor: API_ACTOR });
      } else if (kind === 3) {
        const moved = await updateMemory(t.db, { storeId, memoryId: pick, path: `/moved/m${step}.md`, actor: API_ACTOR });
        live.set(pick, moved.path);
      } else if (kind === 4) {
        await deleteMemory(t.db, { storeId, memoryId: pick, actor: API_ACTOR });
        live.delete(pick);
      } else if (kind === 5) {
        const path = `/memories${live.get(pick)!}`;
        const result = await tool(storeId, { command: "insert", path, insert_line: 0, insert_text: "inserted by the tool" });
        if (result.isError) throw new Error(result.content);
      } else if (kind === 6) {
        const dir = `/d${random(4)}`;
        const input =
          random(2) === 0 ? { command: "delete", path: `/memories${dir}` } : { command: "rename", old_path: `/memories${dir}`, new_path: `/memories/r${step}` };
        const result = await tool(storeId, input);
        if (result.isError) continue; // no such folder (any more)
        await resync(storeId, live);
      } else {
        const files = [0, 1, 2].map((i) => ({ path: `/imported/s${step}-${i}.md`, data: new TextEncoder().encode(text() || "z") }));
        await importFiles(t.db, { target: { storeId }, files, onConflict: "fail", actor: API_ACTOR, source: "folder" });
        await resync(storeId, live);
      }
      done.add(kind <= 1 || !pick ? 0 : kind);
      if (step === 60) restoreTo = new Date();
      expect(await kept(storeId), `after step ${step} (kind ${kind})`).toEqual(await recount(storeId));
    }
    expect([...done].sort()).toEqual([0, 2, 3, 4, 5, 6, 7]);
    const { plan } = await planRestore(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, storeId, asOf: restoreTo!, pathPrefix: "/", actor: REVIEWER });
    const noun = plan.actionable === 1 ? "memory" : "memories";
    await executeRestore(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, id: plan.id, confirmation: `restore ${plan.actionable} ${noun}`, actor: REVIEWER });
    expect(plan.actionable).toBeGreaterThan(0);
    expect(await kept(storeId)).toEqual(await recount(storeId));
  });

  it("read zero for an empty store and count UTF-8 bytes, not characters", async () => {
    const storeId = await newStore(t.db);
    expect(await kept(storeId)).toEqual({ memoryCount: 0, contentBytes: 0 });
    await createMemory(t.db, { storeId, path: "/a.md", content: "ünïcode", actor: API_ACTOR });
    expect(await kept(storeId)).toEqual({ memoryCount: 1, contentBytes: 9 });
  });
});

/** The live memories after a write that touched many (a folder's rename or deletion, an import). */
async function resync(storeId: string, live: Map<string, string>) {
  const rows = await t.db.sql.$queryRaw<{ id: string; path: string }[]>`SELECT id, path FROM memories WHERE store_id = ${storeId}`;
  live.clear();
  for (const row of rows) live.set(row.id, row.path);
}
