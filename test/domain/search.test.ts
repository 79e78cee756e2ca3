import { DEFAULT_WORKSPACE_ID } from "@/lib/memory/workspace.ts";
import { describe, expect, it } from "vitest";
import type { Actor } from "../../lib/memory/actor.ts";
import { importFiles } from "../../lib/memory/import/import-files.ts";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { deleteMemory } from "../../lib/memory/memories/delete-memory.ts";
import { insertMemory } from "../../lib/memory/memories/mutations.ts";
import { updateMemory } from "../../lib/memory/memories/update-memory.ts";
import { flushSearchIndex } from "../../lib/memory/search/flush-search-index.ts";
import { search, type SearchInput } from "../../lib/memory/search/search.ts";
import type { SearchScope } from "../../lib/memory/search/search-sql.ts";
import { parseSearchText, type SearchMode } from "../../lib/memory/search/search-text.ts";
import { deleteStore } from "../../lib/memory/stores/delete-store.ts";
import { setReviewPolicy } from "../../lib/memory/review/settings.ts";
import { pruneVersions } from "../../lib/memory/versions/prune-versions.ts";
import { redactVersion } from "../../lib/memory/versions/redact-version.ts";
import { API_ACTOR, ENGINE, newStore, useFreshDatabase } from "./database.ts";

/**
 * Search (issue 11) on lib/memory directly, on the engine under test: the index follows every
 * write in its own transaction (create, update, rename, delete, redaction, retention, store
 * deletion), both modes find what they should, filters and pages hold.
 */
const t = useFreshDatabase();

type Options = Partial<Omit<SearchInput, "text">> & { mode?: SearchMode; scope?: SearchScope };

async function find(query: string, storeIds: string[] | null, options: Options = {}) {
  const { mode = "words", scope = "memories", limit = 100, ...rest } = options;
  return search(t.db, {
    text: parseSearchText(query, mode),
    scope,
    stores: storeIds ? { workspaceId: DEFAULT_WORKSPACE_ID, storeIds } : { workspaceId: DEFAULT_WORKSPACE_ID },
    limit,
    ...rest,
  });
}
const paths = async (query: string, storeIds: string[] | null, options: Options = {}) => (await find(query, storeIds, options)).hits.map((h) => h.path);
const exact = (query: string, storeIds: string[] | null, options: Options = {}) => paths(query, storeIds, { mode: "exact", ...options });
const marked = (hit: { snippet: { segments: { text: string; match: boolean }[] } }) => hit.snippet.segments.filter((s) => s.match).map((s) => s.text);

describe(`search on ${ENGINE}`, () => {
  it("words: finds content and path words, case-insensitive, every word required", async () => {
    const storeId = await newStore(t.db);
    await createMemory(t.db, { storeId, path: "/customers/acme.md", content: "Acme prefers EMAIL.\nOld pricing: 40 EUR.", actor: API_ACTOR });
    await createMemory(t.db, { storeId, path: "/notes/todo.md", content: "Call Zürich about the pricing.", actor: API_ACTOR });
    expect(await paths("email", [storeId])).toEqual(["/customers/acme.md"]);
    expect((await paths("PRICING", [storeId])).sort()).toEqual(["/customers/acme.md", "/notes/todo.md"]);
    expect(await paths("pricing zürich", [storeId])).toEqual(["/notes/todo.md"]);
    expect(await paths("todo", [storeId])).toEqual(["/notes/todo.md"]);
    expect(await paths("acme customers", [storeId])).toEqual(["/customers/acme.md"]);
    expect(await paths("pricing nowhere", [storeId])).toEqual([]);
    // Words are whole words: no prefix matching.
    expect(await paths("pric", [storeId])).toEqual([]);
  });

  it("words: a query of any text is words, never index syntax", async () => {
    const storeId = await newStore(t.db);
    await createMemory(t.db, { storeId, path: "/syntax.md", content: "alpha and NEAR beta OR gamma", actor: API_ACTOR });
    for (const query of ['"alpha', "alpha AND", "NEAR(alpha beta)", "alpha*", "^alpha", "alpha:beta", "(alpha) -beta", "alpha | !beta & gamma:*"]) {
      expect(await paths(query, [storeId]), query).toEqual(["/syntax.md"]);
    }
  });

  it("words: ranks a memory about the words above one that mentions them once", async () => {
    const storeId = await newStore(t.db);
    await createMemory(t.db, { storeId, path: "/a/mention.md", content: "Some long note about many things; invoices come up once here.", actor: API_ACTOR });
    await createMemory(t.db, { storeId, path: "/a/invoices.md", content: "Invoices: how invoices are sent, and which invoices are late.", actor: API_ACTOR });
    expect(await paths("invoices", [storeId])).toEqual(["/a/invoices.md", "/a/mention.md"]);
  });

  it("exact: any substring of 3+ characters, punctuation included, case-insensitive", async () => {
    const storeId = await newStore(t.db);
    await createMemory(t.db, { storeId, path: "/keys.md", content: "config:\n  key: sk-ant-api03-AbCdEf\n", actor: API_ACTOR });
    await createMemory(t.db, { storeId, path: "/phone.md", content: "Reach her at +1 (555) 010-9999 after 5pm.", actor: API_ACTOR });
    await createMemory(t.db, { storeId, path: "/tokyo.md", content: "東京タワーの近く. Café «Crème» — 100%_done \\ back", actor: API_ACTOR });
    expect(await exact("sk-ant-", [storeId])).toEqual(["/keys.md"]);
    expect(await exact("SK-ANT-API03-abcdef", [storeId])).toEqual(["/keys.md"]);
    expect(await exact("+1 (555)", [storeId])).toEqual(["/phone.md"]);
    expect(await exact("(555) 010", [storeId])).toEqual(["/phone.md"]);
    expect(await exact("東京タ", [storeId])).toEqual(["/tokyo.md"]);
    expect(await exact("CAFÉ «CRÈME»", [storeId])).toEqual(["/tokyo.md"]);
    // LIKE and FTS5 specials are plain text.
    expect(await exact("100%_done \\", [storeId])).toEqual(["/tokyo.md"]);
    expect(await exact("100%", [storeId])).toEqual(["/tokyo.md"]);
    expect(await exact("0%_", [storeId])).toEqual(["/tokyo.md"]);
    expect(await exact('"quoted" OR', [storeId])).toEqual([]);
    expect(await exact("_d%", [storeId])).toEqual([]);
    // Inside words, and in paths.
    expect(await exact("bCdE", [storeId])).toEqual(["/keys.md"]);
    expect(await exact("keys.m", [storeId])).toEqual(["/keys.md"]);
  });

  it("exact: fewer than 3 characters is refused", () => {
    expect(() => parseSearchText("ab", "exact")).toThrow(/at least 3 characters/);
    expect(() => parseSearchText("...", "words")).toThrow(/no words/);
  });

  it("hits carry the line, the column and a snippet with the match marked", async () => {
    const storeId = await newStore(t.db);
    const content = ["# Contacts", "", "Maria: call +1 (555) 010-9999 on weekdays.", "+1 (555) again"].join("\n");
    const memory = await createMemory(t.db, { storeId, path: "/contacts.md", content, actor: API_ACTOR });
    const [hit] = (await find("+1 (555)", [storeId], { mode: "exact" })).hits;
    expect(hit).toMatchObject({ storeId, memoryId: memory.id, versionId: memory.memoryVersionId, field: "content", current: true });
    expect(hit!.snippet.line).toBe(3);
    expect(hit!.snippet.column).toBe("Maria: call ".length + 1);
    expect(hit!.snippet.segments.map((s) => s.text).join("")).toBe("Maria: call +1 (555) 010-9999 on weekdays.");
    expect(marked(hit!)).toEqual(["+1 (555)"]);

    const [word] = (await find("weekdays maria", [storeId])).hits;
    expect(marked(word!)).toEqual(["Maria", "weekdays"]);
    expect(word!.snippet.line).toBe(3);
  });

  it("a match only in the path is a path hit", async () => {
    const storeId = await newStore(t.db);
    await createMemory(t.db, { storeId, path: "/people/jane-doe.md", content: "Likes tea.", actor: API_ACTOR });
    const [hit] = (await find("jane-doe", [storeId], { mode: "exact" })).hits;
    expect(hit).toMatchObject({ field: "path", snippet: { line: null } });
    expect(marked(hit!)).toEqual(["jane-doe"]);
  });

  it("the index follows create, update, rename and delete: current memories and history", async () => {
    const storeId = await newStore(t.db);
    const memory = await createMemory(t.db, { storeId, path: "/drafts/plan.md", content: "launch codeword bluebird", actor: API_ACTOR });
    expect(await paths("bluebird", [storeId])).toEqual(["/drafts/plan.md"]);

    const updated = await updateMemory(t.db, { storeId, memoryId: memory.id, content: "launch codeword falcon", actor: API_ACTOR });
    expect(await paths("bluebird", [storeId])).toEqual([]);
    expect(await paths("falcon", [storeId])).toEqual(["/drafts/plan.md"]);
    const history = await find("bluebird", [storeId], { scope: "versions" });
    expect(history.hits.map((h) => [h.versionId, h.current])).toEqual([[memory.memoryVersionId, false]]);

    await updateMemory(t.db, { storeId, memoryId: memory.id, path: "/final/plan.md", actor: API_ACTOR });
    expect(await exact("/final/", [storeId])).toEqual(["/final/plan.md"]);
    expect(await exact("/drafts/", [storeId])).toEqual([]);
    expect((await exact("/drafts/", [storeId], { scope: "versions" })).length).toBe(2);

    await deleteMemory(t.db, { storeId, memoryId: memory.id, actor: API_ACTOR });
    expect(await paths("falcon", [storeId])).toEqual([]);
    expect(await exact("/final/", [storeId])).toEqual([]);
    // The deleted version holds the path, not the content.
    const afterDelete = await find("/final/", [storeId], { mode: "exact", scope: "versions" });
    expect(afterDelete.hits.map((h) => [h.operation, h.field])).toEqual([
      ["deleted", "path"],
      ["modified", "path"],
    ]);
    // The content as updated, then as renamed: the deletion holds no content.
    const falcon = (await find("falcon", [storeId], { scope: "versions" })).hits;
    expect(falcon.map((h) => h.operation)).toEqual(["modified", "modified"]);
    expect(falcon.map((h) => h.versionId)).toContain(updated.memoryVersionId);
  });

  it("redaction removes a version from the index", async () => {
    const storeId = await newStore(t.db);
    const memory = await createMemory(t.db, { storeId, path: "/r.md", content: "token sk-ant-redactme", actor: API_ACTOR });
    await updateMemory(t.db, { storeId, memoryId: memory.id, content: "token removed", actor: API_ACTOR });
    expect(await exact("sk-ant-redactme", [storeId], { scope: "versions" })).toEqual(["/r.md"]);
    await redactVersion(t.db, { storeId, versionId: memory.memoryVersionId, actor: API_ACTOR });
    expect(await exact("sk-ant-redactme", [storeId], { scope: "versions" })).toEqual([]);
    expect(await paths("redactme", [storeId], { scope: "versions" })).toEqual([]);
    // Its path is gone from the index with it; the head still has the path.
    expect((await find("/r.md", [storeId], { mode: "exact", scope: "versions" })).hits).toHaveLength(1);
  });

  it("retention removes pruned versions from the index", async () => {
    const storeId = await newStore(t.db);
    // Retention alone: open reviews keep their versions (test/domain/review.test.ts).
    await setReviewPolicy(t.db, storeId, "nobody");
    const memory = await createMemory(t.db, { storeId, path: "/old.md", content: "retired quokka", actor: API_ACTOR });
    await updateMemory(t.db, { storeId, memoryId: memory.id, content: "current wombat", actor: API_ACTOR });
    expect(await paths("quokka", [storeId], { scope: "versions" })).toEqual(["/old.md"]);
    await pruneVersions(t.db, { retentionDays: 30, now: new Date(Date.now() + 31 * 86_400_000) });
    expect(await paths("quokka", [storeId], { scope: "versions" })).toEqual([]);
    expect(await paths("wombat", [storeId], { scope: "versions" })).toEqual(["/old.md"]);
  });

  it("deleting a store removes its versions from the index", async () => {
    const storeId = await newStore(t.db);
    const other = await newStore(t.db);
    for (let i = 0; i < 30; i++) await createMemory(t.db, { storeId, path: `/n/${i}.md`, content: `platypus ${i}`, actor: API_ACTOR });
    await createMemory(t.db, { storeId: other, path: "/kept.md", content: "platypus kept", actor: API_ACTOR });
    await deleteStore(t.db, storeId);
    expect(await paths("platypus", null, { scope: "versions" })).toEqual(["/kept.md"]);
    expect(await exact("platypus", null, { scope: "versions" })).toEqual(["/kept.md"]);
  });

  it.runIf(ENGINE === "sqlite")("deleted versions' index rows are queued in the write, unreachable, and purged in small steps after", async () => {
    const storeId = await newStore(t.db);
    const other = await newStore(t.db);
    await flushSearchIndex(t.db);
    // More queued rows than one chunk of the scan (500), all newer than the one that must still be found.
    await createMemory(t.db, { storeId: other, path: "/kept.md", content: "echidna kept", actor: API_ACTOR });
    await t.db.sqlTransaction(async (tx) => {
      for (let i = 0; i < 600; i++) await insertMemory(tx, storeId, { path: `/q/${i}.md`, content: `echidna ${i}` }, API_ACTOR);
    });
    expect(await flushSearchIndex(t.db)).toBe(601);
    const queued = () => t.db.sql.$queryRaw<{ n: number | bigint }[]>`SELECT count(*) AS n FROM search_purge`.then((r) => Number(r[0]!.n));
    const indexed = () =>
      t.db.sql.$queryRaw<{ n: number | bigint }[]>`SELECT count(*) AS n FROM search_exact WHERE search_exact MATCH 'echidna'`.then((r) => Number(r[0]!.n));
    // Deleting the versions (as a store deletion does) queues their index rows instead of deleting them.
    await t.db.sqlTransaction(async (tx) => {
      await tx.$executeRaw`DELETE FROM review_items WHERE store_id = ${storeId}`;
      await tx.$executeRaw`DELETE FROM memories WHERE store_id = ${storeId}`;
      await tx.$executeRaw`DELETE FROM memory_versions WHERE store_id = ${storeId}`;
    });
    expect(await queued()).toBe(600);
    expect(await indexed()).toBe(601);
    // Unreachable meanwhile, and the scan goes past a chunk of them to the match below.
    expect(await exact("echidna", null, { scope: "versions" })).toEqual(["/kept.md"]);
    expect(await paths("echidna", null, { scope: "versions" })).toEqual(["/kept.md"]);
    await deleteStore(t.db, storeId);
    expect(await queued()).toBe(0);
    expect(await indexed()).toBe(1);
  });

  it.runIf(ENGINE === "sqlite")("the pending list: a write only queues its version, a search sees it at once, the flush moves it in batches", async () => {
    const storeId = await newStore(t.db);
    await flushSearchIndex(t.db);
    const count = (sql: TemplateStringsArray) => t.db.sql.$queryRaw<{ n: number | bigint }[]>(sql).then((r) => Number(r[0]!.n));
    const pending = () => count`SELECT count(*) AS n FROM search_pending`;
    const inIndex = () => count`SELECT count(*) AS n FROM search_exact WHERE search_exact MATCH 'bandicoot'`;
    await t.db.sqlTransaction(async (tx) => {
      for (let i = 0; i < 60; i++) await insertMemory(tx, storeId, { path: `/w/${i}.md`, content: `bandicoot ${i}` }, API_ACTOR);
    });
    expect([await pending(), await inIndex()]).toEqual([60, 0]);
    // The server's background flusher moves a slice at a time.
    expect(await flushSearchIndex(t.db, { maxVersions: 25 })).toBe(25);
    expect([await pending(), await inIndex()]).toEqual([35, 25]);
    // A search reads the versions still pending itself, without moving them (it stays a read):
    // found right after their write, ranked words and exact text alike.
    expect(await paths("bandicoot", [storeId], { limit: 100 })).toHaveLength(60);
    expect(await exact("bandicoot", [storeId], { limit: 100 })).toHaveLength(60);
    expect([await pending(), await inIndex()]).toEqual([35, 25]);
    expect(await flushSearchIndex(t.db)).toBe(35);
    expect([await pending(), await inIndex()]).toEqual([0, 60]);

    // A pending version that is redacted or deleted never reaches the FTS5 tables, and leaves nothing queued.
    const m = await createMemory(t.db, { storeId, path: "/w/kept.md", content: "bandicoot early", actor: API_ACTOR });
    await updateMemory(t.db, { storeId, memoryId: m.id, content: "later text", actor: API_ACTOR });
    await redactVersion(t.db, { storeId, versionId: m.memoryVersionId, actor: API_ACTOR });
    expect(await pending()).toBe(1); // the update's version
    expect(await exact("bandicoot early", [storeId], { scope: "versions" })).toEqual([]);
    expect(await count`SELECT count(*) AS n FROM search_purge`).toBe(0);
  });

  it.runIf(ENGINE === "postgres")(
    "an import's versions skip the GIN indexes in its transaction, searches find them meanwhile, the flush indexes them",
    async () => {
      await flushSearchIndex(t.db);
      const files = Array.from({ length: 40 }, (_, i) => ({ path: `/numbat/${i}.md`, data: `the numbat ${i} digs (quoll-${i})` }));
      const { storeId } = await importFiles(t.db, {
        target: { newStore: { name: "pending import" } },
        files,
        onConflict: "fail",
        actor: API_ACTOR,
        source: "zip",
      });
      // Any other write is indexed in its own statement, as before.
      await createMemory(t.db, { storeId: storeId!, path: "/one.md", content: "a numbat written one by one", actor: API_ACTOR });
      const count = (sql: TemplateStringsArray, ...values: unknown[]) =>
        t.db.sql.$queryRaw<{ n: number | bigint }[]>(sql, ...values).then((r) => Number(r[0]!.n));
      const pending = () => count`SELECT count(*) AS n FROM memory_versions WHERE store_id = ${storeId} AND search_pending`;
      const inIndex = () => count`SELECT count(*) AS n FROM memory_versions WHERE NOT search_pending AND store_id = ${storeId} AND content ILIKE '%numbat%'`;
      expect([await pending(), await inIndex()]).toEqual([40, 1]);
      const everyWay = async () => [
        (await paths("numbat digs", [storeId!])).length,
        (await exact("numbat", [storeId!])).length,
        (await exact("quoll-7", [storeId!], { scope: "versions" })).length,
        (await paths("numbat", null, { scope: "versions" })).filter((p) => p?.startsWith("/numbat/") || p === "/one.md").length,
      ];
      expect(await everyWay()).toEqual([40, 41, 1, 41]);
      // The server's flusher works a slice at a time, then the rest.
      expect(await flushSearchIndex(t.db, { maxVersions: 15 })).toBe(15);
      expect(await pending()).toBe(25);
      expect(await everyWay()).toEqual([40, 41, 1, 41]);
      expect(await flushSearchIndex(t.db)).toBe(25);
      expect([await pending(), await inIndex()]).toEqual([0, 41]);
      expect(await everyWay()).toEqual([40, 41, 1, 41]);
    },
  );

  it.runIf(ENGINE === "sqlite")("index keys are never reused: a key awaiting its purge cannot be given to a new version", async () => {
    const storeId = await newStore(t.db);
    const m = await createMemory(t.db, { storeId, path: "/k/a.md", content: "quokka one", actor: API_ACTOR });
    await flushSearchIndex(t.db);
    // Delete the newest version's row as a store deletion does, leaving its key queued for the purge.
    await t.db.sqlTransaction(async (tx) => {
      await tx.$executeRaw`DELETE FROM memories WHERE id = ${m.id}`;
      await tx.$executeRaw`DELETE FROM memory_versions WHERE memory_id = ${m.id}`;
    });
    const next = await createMemory(t.db, { storeId, path: "/k/b.md", content: "quokka two", actor: API_ACTOR });
    await flushSearchIndex(t.db);
    const { purgeSearchIndex } = await import("../../lib/memory/search/purge-search-index.ts");
    await purgeSearchIndex(t.db);
    expect(await exact("quokka two", [storeId])).toEqual(["/k/b.md"]);
    expect(
      (
        await search(t.db, {
          text: parseSearchText("quokka", "words"),
          scope: "memories",
          stores: { workspaceId: DEFAULT_WORKSPACE_ID, storeIds: [storeId] },
          limit: 10,
        })
      ).hits.map((h) => h.memoryId),
    ).toEqual([next.id]);
  });

  it("a failed write leaves nothing in the index", async () => {
    const storeId = await newStore(t.db);
    await createMemory(t.db, { storeId, path: "/a/b.md", content: "first", actor: API_ACTOR });
    await expect(createMemory(t.db, { storeId, path: "/a", content: "ghostly narwhal", actor: API_ACTOR })).rejects.toMatchObject({
      code: "path_conflict",
    });
    expect(await paths("narwhal", [storeId], { scope: "versions" })).toEqual([]);
  });

  it("filters: stores, path prefix, actor and time", async () => {
    const [a, b] = [await newStore(t.db), await newStore(t.db)];
    const reviewer: Actor = { type: "user_actor", user_id: "user_filter" };
    await createMemory(t.db, { storeId: a, path: "/x/one.md", content: "filter marmot", actor: API_ACTOR });
    await createMemory(t.db, { storeId: a, path: "/y/two.md", content: "filter marmot", actor: reviewer });
    await new Promise((r) => setTimeout(r, 5)); // the third is written in a later millisecond
    const third = await createMemory(t.db, { storeId: b, path: "/x/three.md", content: "filter marmot", actor: API_ACTOR });
    expect((await paths("marmot", [a, b])).sort()).toEqual(["/x/one.md", "/x/three.md", "/y/two.md"]);
    expect((await paths("marmot", [a])).sort()).toEqual(["/x/one.md", "/y/two.md"]);
    expect((await paths("marmot", [a, b], { pathPrefix: "/x/" })).sort()).toEqual(["/x/one.md", "/x/three.md"]);
    expect(await paths("marmot", [a, b], { userId: "user_filter" })).toEqual(["/y/two.md"]);
    expect((await paths("marmot", [a, b], { apiKeyId: "apikey_domaintest" })).sort()).toEqual(["/x/one.md", "/x/three.md"]);
    expect(await paths("marmot", [a, b], { createdAtGte: third.createdAt })).toEqual(["/x/three.md"]);
    expect((await paths("marmot", [a, b], { createdAtLte: new Date(third.createdAt.getTime() - 1) })).sort()).toEqual(["/x/one.md", "/y/two.md"]);
    expect(await paths("marmot", [])).toEqual([]);
  });

  it("pages: exact text newest first without gaps or repeats; words by rank", async () => {
    const storeId = await newStore(t.db);
    for (let i = 0; i < 7; i++) await createMemory(t.db, { storeId, path: `/p/${i}.md`, content: `pagination-probe ${"x ".repeat(i)}`, actor: API_ACTOR });
    for (const mode of ["exact", "words"] as const) {
      const seen: string[] = [];
      let from: string | undefined;
      for (let pages = 0; pages < 10; pages++) {
        const page = await find("pagination-probe", [storeId], { mode, limit: 3, from });
        seen.push(...page.hits.map((h) => h.path!));
        if (!page.next) break;
        from = page.next;
      }
      expect(seen.length, mode).toBe(7);
      expect(new Set(seen).size, mode).toBe(7);
      if (mode === "exact") expect(seen).toEqual([6, 5, 4, 3, 2, 1, 0].map((i) => `/p/${i}.md`));
    }
    await expect(find("pagination-probe", [storeId], { mode: "exact", from: "not a key'" })).rejects.toMatchObject({ code: "invalid_request" });
  });

  it("pages over more matches than one chunk of the index, with a filter that rejects most of them", { timeout: 180_000 }, async () => {
    const [wanted, other] = [await newStore(t.db), await newStore(t.db)];
    // 1,500 matches, newest last: 1,200 in another store, interleaved with the 300 wanted ones.
    for (let from = 0; from < 1500; from += 250) {
      await t.db.sqlTransaction(
        async (tx) => {
          for (let i = from; i < from + 250; i++) {
            const storeId = i % 5 === 0 ? wanted : other;
            await insertMemory(tx, storeId, { path: `/bulk/${i}.md`, content: `bulk-chunk-probe ${i}` }, API_ACTOR);
          }
        },
        { timeoutMs: 60_000 },
      );
    }
    // In the index (ranked words while a backlog is pending are ranked among what the time budget let the scan see).
    await flushSearchIndex(t.db);
    for (const mode of ["exact", "words"] as const) {
      const seen: string[] = [];
      let from: string | undefined;
      for (let pages = 0; pages < 20; pages++) {
        const page = await find("bulk-chunk-probe", [wanted], { mode, limit: 100, from });
        seen.push(...page.hits.map((h) => h.path!));
        if (!page.next) break;
        from = page.next;
      }
      expect(seen.length, mode).toBe(300);
      expect(new Set(seen).size, mode).toBe(300);
      if (mode === "exact") expect(seen.slice(0, 2)).toEqual(["/bulk/1495.md", "/bulk/1490.md"]);
    }
  });
});
