import { beforeAll, describe, expect, it } from "vitest";
import { byteOrder, collect, expectApiError, expectEnvelope, inParallel, newStore, sha256, type MemoryListItem } from "../helpers/api.ts";
import type { TestServer } from "../helpers/server.ts";
import { sharedServer } from "../helpers/shared-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await sharedServer();
});

const memories = () => server.client.beta.memoryStores.memories;
type ListParams = NonNullable<Parameters<ReturnType<typeof memories>["list"]>[1]>;

async function storeWith(paths: string[]) {
  const store = await newStore(server);
  // Created in a shuffled order so that insertion order cannot pass for path order.
  const shuffled = [...paths].sort(() => Math.random() - 0.5);
  await inParallel(shuffled.length, 4, (i) => memories().create(store.id, { path: shuffled[i]!, content: `content of ${shuffled[i]}` }));
  return store;
}

/** Labels for comparing listings: memories by path, prefixes by path with a marker. */
const label = (item: MemoryListItem) => (item.type === "memory_prefix" ? `prefix:${item.path}` : item.path);

/** Walks every page by hand, checking each page's size, and returns the labels in order. */
async function walk(storeId: string, params: ListParams) {
  const labels: string[] = [];
  let page = await memories().list(storeId, params);
  for (;;) {
    expect(page.data.length).toBeLessThanOrEqual(params.limit ?? 20);
    labels.push(...page.data.map(label));
    if (!page.next_page) return labels;
    expect(page.data.length).toBe(params.limit ?? 20);
    page = await memories().list(storeId, { ...params, page: page.next_page });
  }
}

const TREE = [
  "/notes/todo.md",
  "/notes/ideas/a.md",
  "/notes/ideas/b.md",
  "/notes/ideas/deep/c.md",
  "/notes-archive/old.md",
  "/notes.md",
  "/readme.md",
  "/projects/foo/notes.md",
  "/projects/foo/src/x.md",
  "/projects/bar.md",
  "/z",
];

describe("GET /v1/memory_stores/{store}/memories", () => {
  it("lists every memory of the store in byte order of paths (depth 0 is the default)", async () => {
    const store = await storeWith(TREE);
    const page = await memories().list(store.id);
    expect(page.data.map(label)).toEqual([...TREE].sort(byteOrder));
    expect(page.data.every((m) => m.type === "memory")).toBe(true);
    expect(page.next_page).toBeNull();
    const explicit = await memories().list(store.id, { depth: 0, path_prefix: "/" });
    expect(explicit.data.map(label)).toEqual([...TREE].sort(byteOrder));
  });

  it("lists a folder's whole subtree with path_prefix, matching whole segments only", async () => {
    const store = await storeWith(TREE);
    const notes = await memories().list(store.id, { path_prefix: "/notes/" });
    expect(notes.data.map(label)).toEqual(["/notes/ideas/a.md", "/notes/ideas/b.md", "/notes/ideas/deep/c.md", "/notes/todo.md"]);
    const ideas = await memories().list(store.id, { path_prefix: "/notes/ideas/" });
    expect(ideas.data.map(label)).toEqual(["/notes/ideas/a.md", "/notes/ideas/b.md", "/notes/ideas/deep/c.md"]);
    expect((await memories().list(store.id, { path_prefix: "/nothing/" })).data).toEqual([]);
    // "/notes.md" is a memory, not a folder: nothing lies below it.
    expect((await memories().list(store.id, { path_prefix: "/notes.md/" })).data).toEqual([]);
  });

  it("lists direct children with depth=1, rolling deeper memories into memory_prefix items", async () => {
    const store = await storeWith(TREE);
    const root = await memories().list(store.id, { depth: 1 });
    expect(root.data).toEqual([
      { type: "memory_prefix", path: "/notes-archive/" },
      expect.objectContaining({ type: "memory", path: "/notes.md" }),
      { type: "memory_prefix", path: "/notes/" },
      { type: "memory_prefix", path: "/projects/" },
      expect.objectContaining({ type: "memory", path: "/readme.md" }),
      expect.objectContaining({ type: "memory", path: "/z" }),
    ]);
    const notes = await memories().list(store.id, { depth: 1, path_prefix: "/notes/" });
    expect(notes.data.map(label)).toEqual(["prefix:/notes/ideas/", "/notes/todo.md"]);
    const projects = await memories().list(store.id, { depth: 1, path_prefix: "/projects/" });
    expect(projects.data.map(label)).toEqual(["/projects/bar.md", "prefix:/projects/foo/"]);
  });

  it("returns memory items at depth=1 with the same fields as at depth=0", async () => {
    const store = await storeWith(["/a.md", "/f/b.md"]);
    const [memory] = (await memories().list(store.id, { depth: 1 })).data;
    expect(memory).toMatchObject({
      type: "memory",
      path: "/a.md",
      content: null,
      content_sha256: sha256("content of /a.md"),
      content_size_bytes: "content of /a.md".length,
      memory_store_id: store.id,
    });
  });

  it("returns content on depth=1 memory items with view=full", async () => {
    const store = await storeWith(["/a.md", "/f/b.md"]);
    const page = await memories().list(store.id, { depth: 1, view: "full" });
    expect(page.data).toEqual([
      expect.objectContaining({ type: "memory", path: "/a.md", content: "content of /a.md" }),
      { type: "memory_prefix", path: "/f/" },
    ]);
  });

  it("treats path_prefix literally: no wildcards (% and _), punctuation kept", async () => {
    const store = await storeWith(["/a_b/x", "/a%b/y", "/aXb/z", "/a+b & c#?/w", "/a b/v"]);
    const under = async (path_prefix: string) => (await memories().list(store.id, { path_prefix })).data.map(label);
    expect(await under("/a_b/")).toEqual(["/a_b/x"]);
    expect(await under("/a%b/")).toEqual(["/a%b/y"]);
    expect(await under("/a+b & c#?/")).toEqual(["/a+b & c#?/w"]);
    expect(await under("/a b/")).toEqual(["/a b/v"]);
    const root = await memories().list(store.id, { depth: 1 });
    expect(root.data.map(label)).toEqual(["prefix:/a b/", "prefix:/a%b/", "prefix:/a+b & c#?/", "prefix:/aXb/", "prefix:/a_b/"]);
  });

  it("counts memory_prefix items toward the page limit", async () => {
    const store = await storeWith(["/a/1", "/b/1", "/c/1", "/d.md", "/e/1"]);
    const first = await memories().list(store.id, { depth: 1, limit: 2 });
    expect(first.data.map(label)).toEqual(["prefix:/a/", "prefix:/b/"]);
    expect(first.next_page).toEqual(expect.any(String));
    expect(await walk(store.id, { depth: 1, limit: 2 })).toEqual(["prefix:/a/", "prefix:/b/", "prefix:/c/", "/d.md", "prefix:/e/"]);
  });

  it("refuses a path_prefix that does not end (or start) with '/'", async () => {
    const store = await storeWith(TREE);
    await expectApiError(memories().list(store.id, { path_prefix: "/notes" }), 400, "invalid_request_error");
    await expectApiError(memories().list(store.id, { path_prefix: "notes/" }), 400, "invalid_request_error");
    // An empty path_prefix is the parameter left out (test/api/empty-query-values.test.ts): the whole store.
    expect((await memories().list(store.id, { path_prefix: "" })).data).toEqual((await memories().list(store.id)).data);
    await expectApiError(memories().list(store.id, { path_prefix: "/a//" }), 400, "invalid_request_error");
    await expectApiError(memories().list(store.id, { path_prefix: "/../" }), 400, "invalid_request_error");
  });

  it.each(["2", "-1", "abc", "1.0", "%20"])("refuses depth=%s with 400", async (depth) => {
    const store = await newStore(server);
    await expectEnvelope(await server.fetch(`/v1/memory_stores/${store.id}/memories?depth=${depth}`), 400, "invalid_request_error");
  });

  it("answers 404 not_found_error for an unknown store", async () => {
    await expectApiError(memories().list("memstore_01AAAAAAAAAAAAAAAAAAAAAAAA"), 404, "not_found_error");
    await expectApiError(memories().list("memstore_01AAAAAAAAAAAAAAAAAAAAAAAA", { depth: 1 }), 404, "not_found_error");
  });

  it("answers an empty store with an empty page", async () => {
    const store = await newStore(server);
    expect(await memories().list(store.id)).toMatchObject({ data: [], next_page: null });
    expect(await memories().list(store.id, { depth: 1 })).toMatchObject({ data: [], next_page: null });
  });
});

describe("GET /v1/memory_stores/{store}/memories: order around punctuation and non-ASCII", () => {
  // Bytes around '/' (0x2F): '-' 0x2D, '.' 0x2E, '0' 0x30. Then 'é' (C3 A9), U+FF21 (EF BC A1)
  // and an emoji (F0 9F …): UTF-16 code units would put the emoji before U+FF21, bytes do not.
  const PATHS = [
    "/a-b",
    "/a.b",
    "/a/x",
    "/a/y/z",
    "/a/é",
    "/a0",
    "/aB",
    "/ab",
    "/a~",
    "/aé",
    "/aé/x",
    "/a\uff21",
    "/a😀",
    "/a😀x/y",
    "/b",
    "/é",
    "/😀/a",
    "/😀/b/c",
  ];
  // "/aé" and "/aé/x" overlap: keep only the folder.
  const STORED = PATHS.filter((p) => p !== "/aé");

  it("lists depth=0 in UTF-8 byte order of paths", async () => {
    const store = await storeWith(STORED);
    const all = await collect(memories().list(store.id, { limit: 100 }));
    expect(all.map(label)).toEqual([...STORED].sort(byteOrder));
  });

  it("groups folders correctly at depth=1 around punctuation and non-ASCII names", async () => {
    const store = await storeWith(STORED);
    const root = await collect(memories().list(store.id, { depth: 1, limit: 100 }));
    expect(root.map(label)).toEqual([
      "/a-b",
      "/a.b",
      "prefix:/a/",
      "/a0",
      "/aB",
      "/ab",
      "/a~",
      "prefix:/aé/",
      "/a\uff21",
      "/a😀",
      "prefix:/a😀x/",
      "/b",
      "/é",
      "prefix:/😀/",
    ]);
    const a = await collect(memories().list(store.id, { depth: 1, path_prefix: "/a/" }));
    expect(a.map(label)).toEqual(["/a/x", "prefix:/a/y/", "/a/é"]);
    const emoji = await collect(memories().list(store.id, { depth: 1, path_prefix: "/😀/" }));
    expect(emoji.map(label)).toEqual(["/😀/a", "prefix:/😀/b/"]);
    const accented = await collect(memories().list(store.id, { depth: 0, path_prefix: "/aé/" }));
    expect(accented.map(label)).toEqual(["/aé/x"]);
  });

  it("pages through the same order one item at a time at both depths", async () => {
    const store = await storeWith(STORED);
    const full0 = (await memories().list(store.id, { limit: 100 })).data.map(label);
    const full1 = (await memories().list(store.id, { depth: 1, limit: 100 })).data.map(label);
    expect(await walk(store.id, { limit: 1 })).toEqual(full0);
    expect(await walk(store.id, { depth: 1, limit: 1 })).toEqual(full1);
    expect(await walk(store.id, { depth: 1, limit: 1, path_prefix: "/a/" })).toEqual(["/a/x", "prefix:/a/y/", "/a/é"]);
  });
});

describe("GET /v1/memory_stores/{store}/memories: pagination", () => {
  const MANY = [
    ...Array.from({ length: 30 }, (_, i) => `/flat/${String(i).padStart(2, "0")}.md`),
    ...Array.from({ length: 12 }, (_, i) => `/dirs/d${String(i).padStart(2, "0")}/x.md`),
    ...Array.from({ length: 6 }, (_, i) => `/dirs/d${String(i).padStart(2, "0")}/sub/y.md`),
    ...Array.from({ length: 5 }, (_, i) => `/dirs/f${i}.md`),
    "/top.md",
  ];
  let storeId: string;
  beforeAll(async () => {
    storeId = (await storeWith(MANY)).id;
  });

  it("defaults limit to 20 and returns every memory exactly once across pages", async () => {
    const first = await memories().list(storeId);
    expect(first.data).toHaveLength(20);
    const walked = await walk(storeId, {});
    expect(walked).toEqual([...MANY].sort(byteOrder));
    expect(new Set(walked).size).toBe(MANY.length);
  });

  it.each([1, 3, 7, 100])("returns every memory exactly once with limit=%i (depth 0)", async (limit) => {
    expect(await walk(storeId, { limit })).toEqual([...MANY].sort(byteOrder));
  });

  it.each([1, 4, 13])("returns every child exactly once with limit=%i (depth 1)", async (limit) => {
    const whole = (await memories().list(storeId, { depth: 1, path_prefix: "/dirs/", limit: 100 })).data.map(label);
    expect(whole).toHaveLength(17);
    expect(await walk(storeId, { depth: 1, path_prefix: "/dirs/", limit })).toEqual(whole);
  });

  it("follows pages through the SDK's auto-pagination", async () => {
    const auto = await collect(memories().list(storeId, { limit: 6 }));
    expect(auto.map(label)).toEqual([...MANY].sort(byteOrder));
    const autoDepth1 = await collect(memories().list(storeId, { depth: 1, path_prefix: "/dirs/", limit: 5 }));
    expect(autoDepth1).toHaveLength(17);
  });

  it("accepts limit=100 and refuses limit above 100 or below 1", async () => {
    expect((await memories().list(storeId, { limit: 100 })).data).toHaveLength(MANY.length);
    await expectApiError(memories().list(storeId, { limit: 101 }), 400, "invalid_request_error");
    await expectApiError(memories().list(storeId, { limit: 0 }), 400, "invalid_request_error");
  });

  it("refuses a cursor used with another path_prefix or depth", async () => {
    const first = await memories().list(storeId, { path_prefix: "/flat/", limit: 5 });
    const cursor = first.next_page!;
    expect(cursor).toEqual(expect.any(String));
    await expectApiError(memories().list(storeId, { path_prefix: "/dirs/", limit: 5, page: cursor }), 400, "invalid_request_error");
    await expectApiError(memories().list(storeId, { limit: 5, page: cursor }), 400, "invalid_request_error");
    await expectApiError(memories().list(storeId, { path_prefix: "/flat/", depth: 1, limit: 5, page: cursor }), 400, "invalid_request_error");
    const second = await memories().list(storeId, { path_prefix: "/flat/", limit: 5, page: cursor });
    expect(second.data.map(label)[0]).toBe("/flat/05.md");
  });

  it("refuses a page value that is not a cursor", async () => {
    await expectApiError(memories().list(storeId, { page: "garbage" }), 400, "invalid_request_error");
  });

  it("view=full returns content and caps a page at 20 even with limit=100", async () => {
    const page = await memories().list(storeId, { view: "full", limit: 100 });
    expect(page.data).toHaveLength(20);
    expect(page.next_page).toEqual(expect.any(String));
    for (const item of page.data) {
      if (item.type !== "memory") throw new Error("expected memories only at depth 0");
      expect(item.content).toBe(`content of ${item.path}`);
    }
    const all = await collect(memories().list(storeId, { view: "full", limit: 100 }));
    expect(all.map(label)).toEqual([...MANY].sort(byteOrder));
    const small = await memories().list(storeId, { view: "full", limit: 5 });
    expect(small.data).toHaveLength(5);
  });

  it("view defaults to basic on list: content null, sha and size set", async () => {
    const page = await memories().list(storeId, { limit: 100 });
    expect(page.data).toHaveLength(MANY.length);
    for (const item of page.data) {
      if (item.type !== "memory") throw new Error("expected memories only at depth 0");
      expect(item.content).toBeNull();
      expect(item.content_sha256).toBe(sha256(`content of ${item.path}`));
      expect(item.content_size_bytes).toBe(`content of ${item.path}`.length);
    }
  });
});
