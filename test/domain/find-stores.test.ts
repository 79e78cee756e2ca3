import { describe, expect, it } from "vitest";
import { findStores, STORE_SORTS, type FindStoresInput, type StorePosition } from "../../lib/memory/stores/find-stores.ts";
import { checkNewStore, insertStore } from "../../lib/memory/stores/create-store.ts";
import type { MemoryStore } from "../../lib/memory/db.ts";
import { DEFAULT_WORKSPACE_ID } from "../../lib/memory/workspace.ts";
import { ENGINE, useFreshDatabase } from "./database.ts";

/**
 * Find stores (issues 11 and 43) over more stores than one chunk (500): each sort, both ways,
 * pages through every match without gaps or repeats, in the order a sort of all of them gives.
 */
const t = useFreshDatabase();
const DAY = 86_400_000;
const NOW = new Date();

const scopeOf = (workspaceId: string) => ({ workspaceId });

/** Walks every page of a search. */
async function walk(input: Omit<FindStoresInput, "limit" | "after">, limit: number): Promise<MemoryStore[]> {
  const seen: MemoryStore[] = [];
  let after: StorePosition | undefined;
  for (let pages = 0; pages < 500; pages++) {
    const page = await findStores(t.db, { ...input, limit, after });
    seen.push(...page.items);
    if (!page.next) return seen;
    after = page.next;
  }
  throw new Error("more than 500 pages");
}

describe(`find stores on ${ENGINE}`, () => {
  it("pages through matches spread over several chunks, newest first", { timeout: 120_000 }, async () => {
    const tag = `chunks-${Date.now()}`;
    const wanted: string[] = [];
    await t.db.sqlTransaction(
      async (tx) => {
        for (let i = 0; i < 1_300; i++) {
          const store = await insertStore(tx, checkNewStore({ name: `Store ${i}`, metadata: { tag, every: String(i % 7) } }));
          if (i % 7 === 3) wanted.push(store.id);
        }
      },
      { timeoutMs: 60_000 },
    );
    const metadata = [["tag", tag] as const, ["every", "3"] as const];
    const seen = await walk({ archived: "exclude", metadata, scope: scopeOf(DEFAULT_WORKSPACE_ID) }, 17);
    expect(seen.map((s) => s.id)).toEqual([...wanted].sort().reverse());
    const named = await findStores(t.db, { archived: "exclude", name: "STORE 1299", metadata: [["tag", tag]], limit: 5, scope: scopeOf(DEFAULT_WORKSPACE_ID) });
    expect(named.items.map((s) => s.name)).toEqual(["Store 1299"]);
  });

  it("sorts by every field both ways across chunks, stores never written below the written ones", { timeout: 120_000 }, async () => {
    const workspaceId = await newWorkspace();
    await t.db.sqlTransaction(
      async (tx) => {
        for (let i = 0; i < 1_100; i++) {
          const store = await insertStore(tx, checkNewStore({ name: `Fleet ${(i * 37) % 101} ${i}`, metadata: {}, workspaceId }));
          // Ties on purpose (the id orders them), and a third never written.
          const lastWrite = i % 3 === 0 ? null : new Date(NOW.getTime() - ((i * 13) % 400) * DAY);
          await tx.$executeRaw`UPDATE memory_stores SET memory_count = ${(i * 7) % 50}, content_bytes = ${(i * 11) % 90},
            last_memory_write_at = ${lastWrite}, created_at = ${new Date(NOW.getTime() - (i % 500) * DAY)} WHERE id = ${store.id}`;
        }
      },
      { timeoutMs: 60_000 },
    );
    const all = await walk({ archived: "exclude", scope: scopeOf(workspaceId) }, 100);
    expect(all).toHaveLength(1_100);
    for (const sort of STORE_SORTS) {
      for (const order of ["asc", "desc"] as const) {
        const got = await walk({ archived: "exclude", sort, order, scope: scopeOf(workspaceId) }, 97);
        expect(
          got.map((s) => s.id),
          `${sort} ${order}`,
        ).toEqual(sortedLikeTheIndex(all, sort, order, ENGINE).map((s) => s.id));
      }
    }
  });

  it("filters by idleness, fill, size and archived in the statement, with name and metadata", { timeout: 60_000 }, async () => {
    const workspaceId = await newWorkspace();
    const made: Record<string, string> = {};
    await t.db.sqlTransaction(async (tx) => {
      const rows: [string, number, number, number | null, boolean][] = [
        // name, memories, bytes, days since the last write (null: never), archived
        ["idle-full", 9_700, 5_000_000, 200, false],
        ["idle-small", 3, 120, 400, false],
        ["busy-full", 9_100, 900, 1, false],
        ["never", 0, 0, null, false],
        ["idle-archived", 5, 50, 300, true],
      ];
      for (const [name, count, bytes, days, archived] of rows) {
        const store = await insertStore(tx, checkNewStore({ name, metadata: { kind: name.split("-")[0]! }, workspaceId }));
        made[name] = store.id;
        await tx.$executeRaw`UPDATE memory_stores SET memory_count = ${count}, content_bytes = ${bytes},
          last_memory_write_at = ${days === null ? null : new Date(NOW.getTime() - days * DAY)},
          created_at = ${new Date(NOW.getTime() - 500 * DAY)}, archived_at = ${archived ? NOW : null} WHERE id = ${store.id}`;
      }
    });
    const names = async (input: Partial<FindStoresInput>) =>
      (await walk({ archived: "exclude", scope: scopeOf(workspaceId), sort: "name", ...input }, 10)).map((s) => s.name);
    expect(await names({ idleDays: 180 })).toEqual(["idle-full", "idle-small", "never"]);
    expect(await names({ idleDays: 180, archived: "include" })).toEqual(["idle-archived", "idle-full", "idle-small", "never"]);
    expect(await names({ archived: "only" })).toEqual(["idle-archived"]);
    expect(await names({ minFillPercent: 95 })).toEqual(["idle-full"]);
    expect(await names({ minFillPercent: 90 })).toEqual(["busy-full", "idle-full"]);
    expect(await names({ minContentBytes: 900 })).toEqual(["busy-full", "idle-full"]);
    expect(await names({ idleDays: 180, metadata: [["kind", "idle"]] })).toEqual(["idle-full", "idle-small"]);
    expect(await names({ idleDays: 180, name: "SMALL" })).toEqual(["idle-small"]);
    // Another workspace's stores never answer.
    expect(await walk({ archived: "include", scope: scopeOf(await newWorkspace()) }, 10)).toEqual([]);
  });
});

/** What the indexes order: the value, then the id, the same way; a store never written below every written one. */
function sortedLikeTheIndex(stores: MemoryStore[], sort: (typeof STORE_SORTS)[number], order: "asc" | "desc", engine: string) {
  const key = (s: MemoryStore): string | number | null =>
    sort === "name"
      ? s.name
      : sort === "created_at"
        ? s.createdAt.getTime()
        : sort === "last_memory_write_at"
          ? (s.lastMemoryWriteAt?.getTime() ?? null)
          : sort === "memory_count"
            ? s.memoryCount
            : s.contentBytes;
  // Names here are ASCII letters, digits and spaces, which both engines' collations order alike only byte-wise; compare as the engine does.
  const collate = engine === "postgres" ? (a: string, b: string) => a.localeCompare(b, "en") : (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const compare = (a: MemoryStore, b: MemoryStore) => {
    const ka = key(a);
    const kb = key(b);
    if (ka === null || kb === null) {
      if (ka !== kb) return ka === null ? -1 : 1;
    } else if (ka !== kb) {
      return typeof ka === "string" ? collate(ka, kb as string) : (ka as number) - (kb as number);
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
  const ascending = [...stores].sort(compare);
  return order === "asc" ? ascending : ascending.reverse();
}

async function newWorkspace(): Promise<string> {
  const id = `wrkspc_${Math.random().toString(36).slice(2).padEnd(26, "0").slice(0, 26)}`;
  await t.db.sqlTransaction((tx) => tx.$executeRaw`INSERT INTO workspaces (id, name, created_at) VALUES (${id}, ${id}, ${new Date()})`);
  return id;
}
