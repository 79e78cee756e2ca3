import { beforeAll, describe, expect, it } from "vitest";
import { byteLength, expectApiError, expectEnvelope, newStore, sha256 } from "../helpers/api.ts";
import type { TestServer } from "../helpers/server.ts";
import { sharedServer } from "../helpers/shared-server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await sharedServer();
});

const memories = () => server.client.beta.memoryStores.memories;
const versionsOf = async (storeId: string, memoryId: string) =>
  (await server.client.beta.memoryStores.memoryVersions.list(storeId, { memory_id: memoryId, limit: 100 })).data;

describe("POST /v1/memory_stores/{store}/memories", () => {
  it("creates a memory with the wire fields of the SDK type", async () => {
    const store = await newStore(server);
    const memory = await memories().create(store.id, { path: "/projects/foo/notes.md", content: "hello" });
    expect(memory).toMatchObject({
      type: "memory",
      memory_store_id: store.id,
      path: "/projects/foo/notes.md",
      content: null,
      content_sha256: sha256("hello"),
      content_size_bytes: 5,
    });
    expect(memory.id).toMatch(/^mem_/);
    expect(memory.memory_version_id).toMatch(/^memver_/);
    expect(memory.updated_at).toBe(memory.created_at);
  });

  it('creates an empty memory from content ""', async () => {
    const store = await newStore(server);
    const memory = await memories().create(store.id, { path: "/empty", content: "" });
    expect(memory.content_size_bytes).toBe(0);
    expect(memory.content_sha256).toBe(sha256(""));
  });

  it("answers 404 not_found_error for an unknown store", async () => {
    await expectApiError(memories().create("memstore_01AAAAAAAAAAAAAAAAAAAAAAAA", { path: "/a", content: "" }), 404, "not_found_error");
  });

  it("requires path and content", async () => {
    const store = await newStore(server);
    for (const body of [{ content: "x" }, { path: "/x" }]) {
      const res = await server.fetch(`/v1/memory_stores/${store.id}/memories`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      await expectEnvelope(res, 400, "invalid_request_error");
    }
  });
});

describe("memory path rules (create and rename)", () => {
  const seg = (n: number) => "/" + Array.from({ length: n }, (_, i) => `s${i}`).join("/");

  it.each([
    ["without a leading slash", "notes.md"],
    ["the root itself", "/"],
    ["an empty segment", "/a//b"],
    ["a trailing slash", "/a/"],
    ["a '.' segment", "/a/./b"],
    ["a '..' segment", "/a/../b"],
    ["only '..'", "/.."],
    ["21 segments", seg(21)],
    ["a control character (U+0001)", "/a\u0001b"],
    ["a newline", "/a\nb"],
    ["DEL (U+007F)", "/a\u007fb"],
    ["a C1 control (U+0085)", "/a\u0085b"],
    ["a zero-width space (U+200B, Cf)", "/a\u200bb"],
    ["a byte-order mark (U+FEFF, Cf)", "/\ufeffa"],
    ["a right-to-left override (U+202E, Cf)", "/a\u202eb"],
    ["a soft hyphen (U+00AD, Cf)", "/a\u00adb"],
    ["the line separator U+2028", "/a\u2028b"],
    ["the paragraph separator U+2029", "/a\u2029b"],
    ["NFD text (e + combining acute)", "/cafe\u0301.md"],
    ["an unpaired surrogate", "/a\ud800b"],
  ])("refuses a path with %s", async (_, path) => {
    const store = await newStore(server);
    await expectApiError(memories().create(store.id, { path, content: "x" }), 400, "invalid_request_error");
    const ok = await memories().create(store.id, { path: "/ok.md", content: "x" });
    await expectApiError(memories().update(ok.id, { memory_store_id: store.id, path }), 400, "invalid_request_error");
    expect((await memories().list(store.id)).data.map((m) => m.path)).toEqual(["/ok.md"]);
  });

  it.each([
    ["20 segments", seg(20)],
    ["NFC text", "/caf\u00e9.md"],
    ["dots that are not '.' or '..'", "/.hidden/...md/..."],
    ["spaces and punctuation", "/a b/(c)[d]{e}#f%g?h&i=j+k,l;m@n"],
    ["emoji and CJK", "/😀/漢字.md"],
    ["a backslash", "/a\\b"],
  ])("accepts a path with %s", async (_, path) => {
    const store = await newStore(server);
    const memory = await memories().create(store.id, { path, content: "x" });
    expect(memory.path).toBe(path);
    expect((await memories().retrieve(memory.id, { memory_store_id: store.id })).path).toBe(path);
  });

  it("counts the 1,024-byte limit in UTF-8 bytes", async () => {
    const store = await newStore(server);
    const exact = "/" + "é".repeat(511) + "a"; // 1 + 1,022 + 1 bytes, 513 characters
    expect(byteLength(exact)).toBe(1024);
    expect((await memories().create(store.id, { path: exact, content: "" })).path).toBe(exact);
    const over = "/" + "€".repeat(341) + "ab"; // 1 + 1,023 + 2 bytes, 344 characters
    expect(byteLength(over)).toBe(1026);
    const justOver = "/" + "é".repeat(511) + "bc";
    expect(byteLength(justOver)).toBe(1025);
    await expectApiError(memories().create(store.id, { path: justOver, content: "" }), 400, "invalid_request_error");
    await expectApiError(memories().create(store.id, { path: over, content: "" }), 400, "invalid_request_error");
  });

  it("is case-sensitive: /A.md and /a.md are two memories", async () => {
    const store = await newStore(server);
    const upper = await memories().create(store.id, { path: "/A.md", content: "upper" });
    const lower = await memories().create(store.id, { path: "/a.md", content: "lower" });
    expect(upper.id).not.toBe(lower.id);
    expect((await memories().retrieve(upper.id, { memory_store_id: store.id })).content).toBe("upper");
    expect((await memories().retrieve(lower.id, { memory_store_id: store.id })).content).toBe("lower");
    const folder = await memories().create(store.id, { path: "/Notes/x", content: "" });
    const other = await memories().create(store.id, { path: "/notes", content: "" });
    expect(folder.id).not.toBe(other.id);
  });
});

describe("path overlap (create and rename)", () => {
  async function conflict(promise: Promise<unknown>, path: string, memoryId: string) {
    const error = await expectApiError(promise, 409, "memory_path_conflict_error");
    expect(error).toMatchObject({ conflicting_path: path, conflicting_memory_id: memoryId });
    expect(typeof error.message).toBe("string");
  }

  it("refuses the same path, naming the memory that holds it", async () => {
    const store = await newStore(server);
    const existing = await memories().create(store.id, { path: "/notes/todo.md", content: "a" });
    await conflict(memories().create(store.id, { path: "/notes/todo.md", content: "b" }), "/notes/todo.md", existing.id);
    expect((await memories().retrieve(existing.id, { memory_store_id: store.id })).content).toBe("a");
  });

  it("refuses a path below an existing memory (the memory is an ancestor)", async () => {
    const store = await newStore(server);
    const notes = await memories().create(store.id, { path: "/notes", content: "" });
    await conflict(memories().create(store.id, { path: "/notes/todo.md", content: "" }), "/notes", notes.id);
    await conflict(memories().create(store.id, { path: "/notes/a/b/c.md", content: "" }), "/notes", notes.id);
  });

  it("refuses a path above an existing memory (the memory is a descendant)", async () => {
    const store = await newStore(server);
    const todo = await memories().create(store.id, { path: "/notes/deep/todo.md", content: "" });
    await conflict(memories().create(store.id, { path: "/notes", content: "" }), "/notes/deep/todo.md", todo.id);
    await conflict(memories().create(store.id, { path: "/notes/deep", content: "" }), "/notes/deep/todo.md", todo.id);
  });

  it("writes nothing when refused", async () => {
    const store = await newStore(server);
    await memories().create(store.id, { path: "/notes/todo.md", content: "" });
    await expectApiError(memories().create(store.id, { path: "/notes", content: "" }), 409, "memory_path_conflict_error");
    expect((await memories().list(store.id)).data.map((m) => m.path)).toEqual(["/notes/todo.md"]);
    expect((await server.client.beta.memoryStores.memoryVersions.list(store.id)).data).toHaveLength(1);
  });

  it("matches whole segments only: /notes-archive, /notes.md and /note do not overlap /notes/x", async () => {
    const store = await newStore(server);
    await memories().create(store.id, { path: "/notes/x", content: "" });
    for (const path of ["/notes-archive/x", "/notes.md", "/note", "/notes0", "/notesx/x", "/no", "/notes x"]) {
      expect((await memories().create(store.id, { path, content: "" })).path).toBe(path);
    }
    // And the other way round: /notes/x fits next to these.
    const other = await newStore(server);
    for (const path of ["/notes-archive/x", "/notes.md", "/note", "/notes0"]) await memories().create(other.id, { path, content: "" });
    expect((await memories().create(other.id, { path: "/notes/x", content: "" })).path).toBe("/notes/x");
  });

  it("allows a path again once the memory holding it is deleted", async () => {
    const store = await newStore(server);
    const first = await memories().create(store.id, { path: "/notes", content: "" });
    await memories().delete(first.id, { memory_store_id: store.id });
    expect((await memories().create(store.id, { path: "/notes/todo.md", content: "" })).path).toBe("/notes/todo.md");
  });

  it("refuses a rename onto another memory's path or into an overlap, and keeps the memory", async () => {
    const store = await newStore(server);
    const todo = await memories().create(store.id, { path: "/notes/todo.md", content: "" });
    const other = await memories().create(store.id, { path: "/other.md", content: "other" });
    const rename = (path: string) => memories().update(other.id, { memory_store_id: store.id, path });
    await conflict(rename("/notes/todo.md"), "/notes/todo.md", todo.id);
    await conflict(rename("/notes"), "/notes/todo.md", todo.id);
    await conflict(rename("/notes/todo.md/inner"), "/notes/todo.md", todo.id);
    const after = await memories().retrieve(other.id, { memory_store_id: store.id });
    expect(after).toMatchObject({ path: "/other.md", content: "other", memory_version_id: other.memory_version_id });
    expect(await versionsOf(store.id, other.id)).toHaveLength(1);
  });

  it("allows a rename onto the memory's own path or into its own former folder", async () => {
    const store = await newStore(server);
    const memory = await memories().create(store.id, { path: "/a/b", content: "x" });
    const same = await memories().update(memory.id, { memory_store_id: store.id, path: "/a/b" });
    expect(same.memory_version_id).toBe(memory.memory_version_id);
    // /a is an ancestor of /a/b, but /a/b is this very memory: no overlap with another memory.
    const up = await memories().update(memory.id, { memory_store_id: store.id, path: "/a" });
    expect(up.path).toBe("/a");
    const down = await memories().update(memory.id, { memory_store_id: store.id, path: "/a/b/c" });
    expect(down.path).toBe("/a/b/c");
  });
});

describe("memory content", () => {
  it("accepts exactly 102,400 UTF-8 bytes of multi-byte text and refuses one byte more", async () => {
    const store = await newStore(server);
    const exact = "€".repeat(34_133) + "a"; // 102,399 + 1 bytes, 34,134 characters
    expect(byteLength(exact)).toBe(102_400);
    const memory = await memories().create(store.id, { path: "/big.md", content: exact });
    expect(memory.content_size_bytes).toBe(102_400);
    expect(memory.content_sha256).toBe(sha256(exact));
    expect((await memories().retrieve(memory.id, { memory_store_id: store.id })).content).toBe(exact);

    const over = exact + "a";
    await expectApiError(memories().create(store.id, { path: "/too-big.md", content: over }), 400, "invalid_request_error");
    await expectApiError(memories().update(memory.id, { memory_store_id: store.id, content: over }), 400, "invalid_request_error");
    const stillThere = await memories().retrieve(memory.id, { memory_store_id: store.id });
    expect(stillThere.content_sha256).toBe(sha256(exact));
    expect((await memories().list(store.id)).data.map((m) => m.path)).toEqual(["/big.md"]);
  });

  it("hashes the UTF-8 bytes as sent, with no normalisation (NFD content keeps its own hash)", async () => {
    const store = await newStore(server);
    const nfd = "cafe\u0301 — naïve";
    const nfc = nfd.normalize("NFC");
    expect(nfc).not.toBe(nfd);
    const a = await memories().create(store.id, { path: "/nfd.md", content: nfd });
    const b = await memories().create(store.id, { path: "/nfc.md", content: nfc });
    expect(a.content_sha256).toBe(sha256(nfd));
    expect(b.content_sha256).toBe(sha256(nfc));
    expect(a.content_sha256).not.toBe(b.content_sha256);
    expect(a.content_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await memories().retrieve(a.id, { memory_store_id: store.id })).content).toBe(nfd);
  });

  it("keeps content byte for byte (line endings, tabs, trailing whitespace, emoji)", async () => {
    const store = await newStore(server);
    const content = "line1\r\nline2\n\ttabbed  \n\n😀 \u200b end\n";
    const memory = await memories().create(store.id, { path: "/exact.md", content });
    const read = await memories().retrieve(memory.id, { memory_store_id: store.id });
    expect(read.content).toBe(content);
    expect(read.content_sha256).toBe(sha256(content));
  });

  it("counts content_size_bytes in UTF-8 bytes, not characters", async () => {
    const store = await newStore(server);
    const cases = { "/ascii": "abc", "/two": "é", "/three": "€", "/four": "😀", "/mixed": "aé€😀" };
    for (const [path, content] of Object.entries(cases)) {
      const memory = await memories().create(store.id, { path, content });
      expect(memory.content_size_bytes).toBe(byteLength(content));
    }
    const ascii = (await memories().list(store.id)).data.find((m) => m.path === "/ascii") as { id: string };
    const updated = await memories().update(ascii.id, { memory_store_id: store.id, content: "😀😀" });
    expect(updated.content_size_bytes).toBe(8);
  });

  it("refuses NUL, which PostgreSQL text cannot hold, on both engines alike", async () => {
    const store = await newStore(server);
    await expectApiError(memories().create(store.id, { path: "/nul", content: "a\u0000b" }), 400, "invalid_request_error");
  });
});

describe("GET /v1/memory_stores/{store}/memories/{memory}", () => {
  it("answers 404 for an unknown memory, or a memory of another store", async () => {
    const store = await newStore(server);
    const other = await newStore(server);
    const memory = await memories().create(store.id, { path: "/a", content: "" });
    await expectApiError(memories().retrieve("mem_01AAAAAAAAAAAAAAAAAAAAAAAA", { memory_store_id: store.id }), 404, "not_found_error");
    await expectApiError(memories().retrieve(memory.id, { memory_store_id: other.id }), 404, "not_found_error");
  });
});

describe("POST /v1/memory_stores/{store}/memories/{memory}", () => {
  it("changes content, keeping id and path", async () => {
    const store = await newStore(server);
    const memory = await memories().create(store.id, { path: "/a.md", content: "one" });
    const updated = await memories().update(memory.id, { memory_store_id: store.id, content: "two" });
    expect(updated).toMatchObject({ id: memory.id, path: "/a.md", content_sha256: sha256("two"), content_size_bytes: 3 });
    expect(updated.memory_version_id).not.toBe(memory.memory_version_id);
    expect(updated.created_at).toBe(memory.created_at);
  });

  it('sets empty content with content "" (only null or omitted keeps it)', async () => {
    const store = await newStore(server);
    const memory = await memories().create(store.id, { path: "/a.md", content: "one" });
    const kept = await memories().update(memory.id, { memory_store_id: store.id, content: null, path: "/b.md" });
    expect(kept.content_sha256).toBe(sha256("one"));
    const emptied = await memories().update(memory.id, { memory_store_id: store.id, content: "" });
    expect(emptied).toMatchObject({ content_sha256: sha256(""), content_size_bytes: 0 });
  });

  it("renames, keeping id and content", async () => {
    const store = await newStore(server);
    const memory = await memories().create(store.id, { path: "/a.md", content: "one" });
    const renamed = await memories().update(memory.id, { memory_store_id: store.id, path: "/b/c.md" });
    expect(renamed).toMatchObject({ id: memory.id, path: "/b/c.md", content_sha256: sha256("one") });
    expect((await memories().list(store.id)).data.map((m) => m.path)).toEqual(["/b/c.md"]);
  });

  it("answers 404 for an unknown memory", async () => {
    const store = await newStore(server);
    await expectApiError(memories().update("mem_01AAAAAAAAAAAAAAAAAAAAAAAA", { memory_store_id: store.id, content: "x" }), 404, "not_found_error");
  });
});

describe("DELETE /v1/memory_stores/{store}/memories/{memory}", () => {
  it("deletes the memory and answers with the SDK's confirmation", async () => {
    const store = await newStore(server);
    const memory = await memories().create(store.id, { path: "/a", content: "" });
    expect(await memories().delete(memory.id, { memory_store_id: store.id })).toEqual({ id: memory.id, type: "memory_deleted" });
    await expectApiError(memories().retrieve(memory.id, { memory_store_id: store.id }), 404, "not_found_error");
    await expectApiError(memories().delete(memory.id, { memory_store_id: store.id }), 404, "not_found_error");
    expect((await memories().list(store.id)).data).toEqual([]);
  });
});

describe("view (memories)", () => {
  it("create and update default to basic: content null, sha and size set; view=full returns content", async () => {
    const store = await newStore(server);
    const basic = await memories().create(store.id, { path: "/a", content: "abc" });
    expect(basic).toMatchObject({ content: null, content_sha256: sha256("abc"), content_size_bytes: 3 });
    const full = await memories().create(store.id, { path: "/b", content: "abc", view: "full" });
    expect(full.content).toBe("abc");

    const updated = await memories().update(basic.id, { memory_store_id: store.id, content: "abcd" });
    expect(updated).toMatchObject({ content: null, content_sha256: sha256("abcd"), content_size_bytes: 4 });
    const updatedFull = await memories().update(basic.id, { memory_store_id: store.id, content: "abcde", view: "full" });
    expect(updatedFull.content).toBe("abcde");
  });

  it("retrieve defaults to full; view=basic leaves content null with sha and size set", async () => {
    const store = await newStore(server);
    const memory = await memories().create(store.id, { path: "/a", content: "abc" });
    expect((await memories().retrieve(memory.id, { memory_store_id: store.id })).content).toBe("abc");
    const basic = await memories().retrieve(memory.id, { memory_store_id: store.id, view: "basic" });
    expect(basic).toMatchObject({ content: null, content_sha256: sha256("abc"), content_size_bytes: 3 });
  });

  it("refuses an unknown view", async () => {
    const store = await newStore(server);
    const memory = await memories().create(store.id, { path: "/a", content: "abc" });
    await expectEnvelope(await server.fetch(`/v1/memory_stores/${store.id}/memories/${memory.id}?view=everything`), 400, "invalid_request_error");
    await expectEnvelope(await server.fetch(`/v1/memory_stores/${store.id}/memories?view=FULL`), 400, "invalid_request_error");
  });
});

describe("preconditions on update (POST …/memories/{memory})", () => {
  it("applies an update whose content_sha256 precondition matches", async () => {
    const store = await newStore(server);
    const memory = await memories().create(store.id, { path: "/a", content: "one" });
    const updated = await memories().update(memory.id, {
      memory_store_id: store.id,
      content: "two",
      precondition: { type: "content_sha256", content_sha256: sha256("one") },
    });
    expect(updated.content_sha256).toBe(sha256("two"));
  });

  it("refuses a mismatching precondition with 409 memory_precondition_failed_error and writes nothing", async () => {
    const store = await newStore(server);
    const memory = await memories().create(store.id, { path: "/a", content: "one" });
    await expectApiError(
      memories().update(memory.id, {
        memory_store_id: store.id,
        content: "two",
        precondition: { type: "content_sha256", content_sha256: sha256("something else") },
      }),
      409,
      "memory_precondition_failed_error",
    );
    const read = await memories().retrieve(memory.id, { memory_store_id: store.id });
    expect(read).toMatchObject({ content: "one", memory_version_id: memory.memory_version_id, updated_at: memory.updated_at });
    expect(await versionsOf(store.id, memory.id)).toHaveLength(1);
  });

  it("checks the precondition against the current content on a rename too", async () => {
    const store = await newStore(server);
    const memory = await memories().create(store.id, { path: "/a", content: "one" });
    await expectApiError(
      memories().update(memory.id, { memory_store_id: store.id, path: "/b", precondition: { type: "content_sha256", content_sha256: sha256("x") } }),
      409,
      "memory_precondition_failed_error",
    );
    expect((await memories().retrieve(memory.id, { memory_store_id: store.id })).path).toBe("/a");
    const renamed = await memories().update(memory.id, {
      memory_store_id: store.id,
      path: "/b",
      precondition: { type: "content_sha256", content_sha256: sha256("one") },
    });
    expect(renamed.path).toBe("/b");
  });

  it("succeeds without a new version when the memory already has the requested content and path", async () => {
    const store = await newStore(server);
    const memory = await memories().create(store.id, { path: "/a", content: "done" });
    const stale = { type: "content_sha256" as const, content_sha256: sha256("what the client saw before") };
    const same = await memories().update(memory.id, { memory_store_id: store.id, content: "done", precondition: stale });
    expect(same).toMatchObject({ id: memory.id, content_sha256: sha256("done"), memory_version_id: memory.memory_version_id });
    const samePath = await memories().update(memory.id, { memory_store_id: store.id, content: "done", path: "/a", precondition: stale });
    expect(samePath.memory_version_id).toBe(memory.memory_version_id);
    expect(await versionsOf(store.id, memory.id)).toHaveLength(1);
    // Same content but another path is a change, so the stale precondition fails.
    await expectApiError(
      memories().update(memory.id, { memory_store_id: store.id, content: "done", path: "/b", precondition: stale }),
      409,
      "memory_precondition_failed_error",
    );
  });

  it.each([
    ["uppercase hex", sha256("one").toUpperCase()],
    ["too short", sha256("one").slice(0, 63)],
    ["too long", sha256("one") + "0"],
    ["not hex", "g".repeat(64)],
    ["empty", ""],
  ])("refuses a malformed content_sha256 (%s) with 400", async (_, content_sha256) => {
    const store = await newStore(server);
    const memory = await memories().create(store.id, { path: "/a", content: "one" });
    await expectApiError(
      memories().update(memory.id, { memory_store_id: store.id, content: "two", precondition: { type: "content_sha256", content_sha256 } }),
      400,
      "invalid_request_error",
    );
    expect((await memories().retrieve(memory.id, { memory_store_id: store.id })).content).toBe("one");
  });

  it("refuses an unknown precondition type with 400", async () => {
    const store = await newStore(server);
    const memory = await memories().create(store.id, { path: "/a", content: "one" });
    const res = await server.fetch(`/v1/memory_stores/${store.id}/memories/${memory.id}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ content: "two", precondition: { type: "version_id", content_sha256: sha256("one") } }),
    });
    await expectEnvelope(res, 400, "invalid_request_error");
  });
});

describe("expected_content_sha256 on DELETE /v1/memory_stores/{store}/memories/{memory}", () => {
  it("deletes when the hash matches", async () => {
    const store = await newStore(server);
    const memory = await memories().create(store.id, { path: "/a", content: "one" });
    await memories().delete(memory.id, { memory_store_id: store.id, expected_content_sha256: sha256("one") });
    await expectApiError(memories().retrieve(memory.id, { memory_store_id: store.id }), 404, "not_found_error");
  });

  it("refuses a mismatching hash with 409 and keeps the memory", async () => {
    const store = await newStore(server);
    const memory = await memories().create(store.id, { path: "/a", content: "one" });
    await expectApiError(
      memories().delete(memory.id, { memory_store_id: store.id, expected_content_sha256: sha256("two") }),
      409,
      "memory_precondition_failed_error",
    );
    expect((await memories().retrieve(memory.id, { memory_store_id: store.id })).content).toBe("one");
    expect((await versionsOf(store.id, memory.id)).map((v) => v.operation)).toEqual(["created"]);
  });

  it("refuses a malformed hash with 400 and keeps the memory", async () => {
    const store = await newStore(server);
    const memory = await memories().create(store.id, { path: "/a", content: "one" });
    for (const expected of [sha256("one").toUpperCase(), "abc", "z".repeat(64)]) {
      await expectApiError(memories().delete(memory.id, { memory_store_id: store.id, expected_content_sha256: expected }), 400, "invalid_request_error");
    }
    expect((await memories().retrieve(memory.id, { memory_store_id: store.id })).content).toBe("one");
  });
});
