import { DEFAULT_WORKSPACE_ID } from "@/lib/memory/workspace.ts";
import Database from "better-sqlite3";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { insertMemory } from "../../lib/memory/memories/mutations.ts";
import { flushSearchIndex, searchIndexPending } from "../../lib/memory/search/flush-search-index.ts";
import { search, type SearchInput } from "../../lib/memory/search/search.ts";
import { parseSearchText, type SearchMode } from "../../lib/memory/search/search-text.ts";
import { exactMatches } from "../../lib/memory/search/text-matches.ts";
import { API_ACTOR, ENGINE, newStore, useFreshDatabase } from "./database.ts";

/**
 * Searches are bounded (issue 21): an exact text is checked against each candidate's own text,
 * not walked as a phrase through the index, so a long query over long repetitive notes is no
 * costlier than reading them; on SQLite a scan stops at its time budget with a cursor from which
 * the walk goes on, and reads the versions still pending without moving them, so a writer in
 * another connection or process never makes it fail.
 */
const t = useFreshDatabase();

const run = (text: string, mode: SearchMode, { storeIds, ...rest }: Partial<SearchInput> & { storeIds: string[] | null }) =>
  search(t.db, {
    text: parseSearchText(text, mode),
    scope: "memories",
    limit: 100,
    stores: storeIds ? { workspaceId: DEFAULT_WORKSPACE_ID, storeIds } : { workspaceId: DEFAULT_WORKSPACE_ID },
    ...rest,
  });

/** Every hit of a walk through all pages. */
async function walk(text: string, mode: SearchMode, rest: Partial<SearchInput> & { storeIds: string[] | null }) {
  const hits: string[] = [];
  let pages = 0;
  for (let from: string | undefined; ;) {
    const page = await run(text, mode, { ...rest, from });
    hits.push(...page.hits.map((h) => h.path!));
    pages++;
    if (page.next === null) return { hits, pages };
    from = page.next;
  }
}

describe(`bounded search on ${ENGINE}`, () => {
  it("exact text: a version with every piece of the text but not the text itself is no hit", async () => {
    const storeId = await newStore(t.db);
    await createMemory(t.db, { storeId, path: "/apart.md", content: "abc then bcd, cde", actor: API_ACTOR });
    await createMemory(t.db, { storeId, path: "/together.md", content: "ABCDE", actor: API_ACTOR });
    await flushSearchIndex(t.db);
    expect((await run("abcde", "exact", { storeIds: [storeId] })).hits.map((h) => h.path)).toEqual(["/together.md"]);
    expect((await run("abcde", "exact", { storeIds: [storeId], scope: "versions" })).hits.map((h) => h.path)).toEqual(["/together.md"]);
  });

  it("exact text: a 1,000-character query over notes of 99,000 repeated characters finds them, in the right store only", async () => {
    const [big, other] = [await newStore(t.db), await newStore(t.db)];
    await t.db.sqlTransaction(async (tx) => {
      for (let i = 0; i < 12; i++) await insertMemory(tx, big, { path: `/a${i}.md`, content: "a".repeat(99_000) }, API_ACTOR);
    });
    await createMemory(t.db, { storeId: other, path: "/other.md", content: "b".repeat(2_000), actor: API_ACTOR });
    await flushSearchIndex(t.db);
    expect((await run("a".repeat(1000), "exact", { storeIds: [other], scope: "versions" })).hits).toEqual([]);
    const found = await run("A".repeat(1000), "exact", { storeIds: [big] });
    expect(found.hits).toHaveLength(12);
    expect(found.hits[0]!.snippet.line).toBe(1);
    expect((await run("a".repeat(999) + "b", "exact", { storeIds: [big] })).hits).toEqual([]);
  });

  it.runIf(ENGINE === "sqlite")("a scan out of time ends the page early with a cursor, and the walk still finds every match once", async () => {
    const storeId = await newStore(t.db);
    await t.db.sqlTransaction(async (tx) => {
      for (let i = 0; i < 120; i++) await insertMemory(tx, storeId, { path: `/n/${String(i).padStart(3, "0")}.md`, content: `wombat ${i}` }, API_ACTOR);
    });
    // Half indexed, half still pending: the walk crosses from the pending list into the index.
    await flushSearchIndex(t.db, { maxVersions: 60 });
    const everything = (await walk("wombat", "exact", { storeIds: [storeId] })).hits;
    expect(everything).toHaveLength(120);
    const hurried = await walk("wombat", "exact", { storeIds: [storeId], timeBudgetMs: 0 });
    expect(hurried.pages).toBeGreaterThan(2);
    expect(hurried.hits).toEqual(everything);
    expect(new Set(hurried.hits).size).toBe(120);
    // Words, ranked: pending and indexed versions alike, each once.
    // (Ranked words see what their time budget reaches while a backlog is pending: a generous one here.)
    const ranked = (await walk("wombat", "words", { storeIds: [storeId], limit: 7, timeBudgetMs: 60_000 })).hits;
    expect(new Set(ranked).size).toBe(120);
  });

  it.runIf(ENGINE === "sqlite")("a search is a read: it finds pending versions while another connection holds the write lock", async () => {
    const storeId = await newStore(t.db);
    await createMemory(t.db, { storeId, path: "/pending.md", content: "a pangolin waits for the index", actor: API_ACTOR });
    expect(await searchIndexPending(t.db)).toBe(true);
    const other = new Database(await databaseFile(), { timeout: 0 });
    try {
      other.prepare("BEGIN IMMEDIATE").run();
      expect((await run("pangolin", "words", { storeIds: [storeId] })).hits.map((h) => h.path)).toEqual(["/pending.md"]);
      expect((await run("pangolin waits", "exact", { storeIds: [storeId] })).hits.map((h) => h.path)).toEqual(["/pending.md"]);
      // A write meanwhile waits for the lock (on timers: this test's own timer still runs) and gets it once released.
      let ticks = 0;
      const timer = setInterval(() => ticks++, 5);
      const write = createMemory(t.db, { storeId, path: "/later.md", content: "written after the lock", actor: API_ACTOR });
      await new Promise((resolve) => setTimeout(resolve, 100));
      other.prepare("COMMIT").run();
      await write;
      clearInterval(timer);
      expect(ticks).toBeGreaterThan(3);
    } finally {
      other.close();
    }
    expect(await searchIndexPending(t.db)).toBe(true);
  });
});

async function databaseFile(): Promise<string> {
  const [row] = await t.db.sql.$queryRaw<{ file: string }[]>`SELECT file FROM pragma_database_list WHERE name = 'main'`;
  return row!.file;
}

/** Per code point folding, by brute force: what exactMatches must agree with. */
function reference(text: string, needle: string): [number, number][] {
  const points = [...text];
  const offsets: number[] = [];
  points.reduce((at, c) => (offsets.push(at), at + c.length), 0);
  const pattern = [...needle].map((c) => c.toLowerCase());
  const out: [number, number][] = [];
  for (let i = 0; i + pattern.length <= points.length; i++) {
    if (pattern.every((p, j) => points[i + j]!.toLowerCase() === p)) {
      out.push([offsets[i]!, offsets[i + pattern.length - 1]! + points[i + pattern.length - 1]!.length]);
    }
  }
  return out;
}

describe("exactMatches", () => {
  it("agrees with per-character folding on any text, the engine's fast search or not", () => {
    const char = fc.constantFrom("a", "A", "b", "Σ", "σ", "ς", "İ", "i", "ß", "😀", " ", "\u0307");
    const text = fc.array(char, { maxLength: 30 }).map((c) => c.join(""));
    const needle = fc.array(char, { minLength: 1, maxLength: 4 }).map((c) => c.join(""));
    fc.assert(
      fc.property(text, needle, (t, n) => {
        expect(exactMatches(t, n)).toEqual(reference(t, n));
      }),
      { numRuns: 2000 },
    );
  });
});
