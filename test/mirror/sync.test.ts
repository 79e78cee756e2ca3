import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { syncOnce } from "../../lib/mirror/sync-pass.ts";
import type { TestServer } from "../helpers/server.ts";
import { STATE_FILE, mirrorOf, readTree, remoteMemory, remoteTree, removeLocalFile, seed, tempDir, useMirrorServer, writeLocal } from "./helpers.ts";

/** The mirror's sync pass against a real server: both directions, merges, conflicts, read-only. */
let server: TestServer;
useMirrorServer((started) => (server = started));

const newStore = async () => (await server.client.beta.memoryStores.create({ name: "mirror" })).id;

const NESTED = {
  "/a.md": "top\n",
  "/empty.md": "",
  "/notes/b.md": "b",
  "/notes/deep/c.md": "c\r\nwith CRLF\r\n",
  "/notes/deep/deeper/d.md": "d".repeat(5000),
  "/.hidden/e.md": "hidden files sync too",
  "/unicode/café — 東京.md": "naïve 🎉",
};

describe("mirror sync", () => {
  it("round-trips a nested tree: store → folder → store → another folder", async () => {
    const storeId = await newStore();
    await seed(server, storeId, NESTED);
    const first = tempDir("a");
    const a = await mirrorOf(server, storeId, first);
    expect(await syncOnce(a.ctx)).toMatchObject({ pulled: Object.keys(NESTED).length, pushed: 0, conflicts: 0 });
    expect(readTree(first)).toEqual(NESTED);
    expect(existsSync(join(first, STATE_FILE))).toBe(true);

    writeLocal(first, "/local/new.md", "made here");
    writeLocal(first, "/local/nested/x/y.md", "deeper");
    expect(await syncOnce(a.ctx)).toMatchObject({ pushed: 2, pulled: 0 });
    const expected = { ...NESTED, "/local/new.md": "made here", "/local/nested/x/y.md": "deeper" };
    expect(await remoteTree(server, storeId)).toEqual(expected);

    const second = tempDir("b");
    await syncOnce((await mirrorOf(server, storeId, second)).ctx);
    expect(readTree(second)).toEqual(expected);
    expect(await syncOnce(a.ctx)).toEqual({ pulled: 0, pushed: 0, conflicts: 0, deferred: 0 });
  });

  it("merges edits made on both sides to different files", async () => {
    const storeId = await newStore();
    await seed(server, storeId, { "/r-edit.md": "r", "/r-del/only.md": "r", "/l-edit.md": "l", "/l-del.md": "l", "/same.md": "s" });
    const dir = tempDir("merge");
    const { ctx } = await mirrorOf(server, storeId, dir);
    await syncOnce(ctx);

    const memories = server.client.beta.memoryStores.memories;
    await memories.update((await remoteMemory(server, storeId, "/r-edit.md"))!.id, { memory_store_id: storeId, content: "r, edited in the store" });
    await memories.delete((await remoteMemory(server, storeId, "/r-del/only.md"))!.id, { memory_store_id: storeId });
    await seed(server, storeId, { "/r-new/x.md": "new in the store" });
    writeLocal(dir, "/l-edit.md", "l, edited here");
    removeLocalFile(dir, "/l-del.md");
    writeLocal(dir, "/l-new/y.md", "new here");

    expect(await syncOnce(ctx)).toMatchObject({ pulled: 3, pushed: 3, conflicts: 0, deferred: 0 });
    const expected = {
      "/r-edit.md": "r, edited in the store",
      "/r-new/x.md": "new in the store",
      "/l-edit.md": "l, edited here",
      "/l-new/y.md": "new here",
      "/same.md": "s",
    };
    expect(readTree(dir)).toEqual(expected);
    expect(await remoteTree(server, storeId)).toEqual(expected);
    expect(existsSync(join(dir, "r-del"))).toBe(false);
    expect(await syncOnce(ctx)).toEqual({ pulled: 0, pushed: 0, conflicts: 0, deferred: 0 });
  });

  it("keeps both sides of a simultaneous edit: the store's version in place, the local one beside it", async () => {
    const storeId = await newStore();
    await seed(server, storeId, { "/shared.md": "base\n" });
    const dir = tempDir("conflict");
    const { ctx, lines } = await mirrorOf(server, storeId, dir);
    await syncOnce(ctx);

    const memory = (await remoteMemory(server, storeId, "/shared.md"))!;
    const updated = await server.client.beta.memoryStores.memories.update(memory.id, { memory_store_id: storeId, content: "base\nremote line\n" });
    writeLocal(dir, "/shared.md", "base\nlocal line\n");

    expect(await syncOnce(ctx)).toMatchObject({ conflicts: 1, pushed: 0 });
    expect(readTree(dir)).toEqual({
      "/shared.md": "base\nremote line\n",
      [`/shared.md.conflict-${updated.memory_version_id}`]: "base\nlocal line\n",
    });
    expect(await remoteTree(server, storeId)).toEqual({ "/shared.md": "base\nremote line\n" });
    expect(lines.some((line) => line.startsWith("conflict /shared.md"))).toBe(true);
    // The conflict copy stays local; nothing more happens until someone resolves it.
    expect(await syncOnce(ctx)).toEqual({ pulled: 0, pushed: 0, conflicts: 0, deferred: 0 });
  });

  it("never lets a push overwrite a store edit made after the listing (content_sha256 precondition)", async () => {
    const storeId = await newStore();
    await seed(server, storeId, { "/race.md": "v1" });
    const dir = tempDir("race");
    const { ctx } = await mirrorOf(server, storeId, dir);
    await syncOnce(ctx);
    const id = (await remoteMemory(server, storeId, "/race.md"))!.id;

    writeLocal(dir, "/race.md", "v2 written here");
    ctx.beforePush = async () => {
      await server.client.beta.memoryStores.memories.update(id, { memory_store_id: storeId, content: "v2 written in the store" });
    };
    expect(await syncOnce(ctx)).toMatchObject({ pushed: 0, deferred: 1 });
    expect((await remoteTree(server, storeId))["/race.md"]).toBe("v2 written in the store");

    ctx.beforePush = undefined;
    expect(await syncOnce(ctx)).toMatchObject({ conflicts: 1 });
    const tree = readTree(dir);
    expect(tree["/race.md"]).toBe("v2 written in the store");
    expect(Object.entries(tree).find(([path]) => path.startsWith("/race.md.conflict-"))?.[1]).toBe("v2 written here");
  });

  it("lets an edit win over a deletion on either side", async () => {
    const storeId = await newStore();
    await seed(server, storeId, { "/deleted-in-store.md": "v1", "/deleted-here.md": "v1" });
    const dir = tempDir("edit-vs-delete");
    const { ctx } = await mirrorOf(server, storeId, dir);
    await syncOnce(ctx);

    const memories = server.client.beta.memoryStores.memories;
    await memories.delete((await remoteMemory(server, storeId, "/deleted-in-store.md"))!.id, { memory_store_id: storeId });
    writeLocal(dir, "/deleted-in-store.md", "v2 edited here");
    await memories.update((await remoteMemory(server, storeId, "/deleted-here.md"))!.id, { memory_store_id: storeId, content: "v2 edited in the store" });
    removeLocalFile(dir, "/deleted-here.md");

    await syncOnce(ctx);
    const expected = { "/deleted-in-store.md": "v2 edited here", "/deleted-here.md": "v2 edited in the store" };
    expect(readTree(dir)).toEqual(expected);
    expect(await remoteTree(server, storeId)).toEqual(expected);
  });

  it("pushes nothing in read-only mode but still pulls, keeping local edits beside on conflict", async () => {
    const storeId = await newStore();
    await seed(server, storeId, { "/a.md": "a1", "/b.md": "b1" });
    const dir = tempDir("read-only");
    const { ctx } = await mirrorOf(server, storeId, dir, { readOnly: true });
    await syncOnce(ctx);
    const versionsBefore = (await server.client.beta.memoryStores.memoryVersions.list(storeId, { limit: 100 })).data.length;

    writeLocal(dir, "/a.md", "a2 local");
    writeLocal(dir, "/local-only.md", "x");
    removeLocalFile(dir, "/b.md");
    expect(await syncOnce(ctx)).toEqual({ pulled: 0, pushed: 0, conflicts: 0, deferred: 0 });
    expect(await remoteTree(server, storeId)).toEqual({ "/a.md": "a1", "/b.md": "b1" });

    const a = (await remoteMemory(server, storeId, "/a.md"))!;
    const updated = await server.client.beta.memoryStores.memories.update(a.id, { memory_store_id: storeId, content: "a2 store" });
    await seed(server, storeId, { "/c.md": "c1" });
    expect(await syncOnce(ctx)).toMatchObject({ pulled: 1, conflicts: 1, pushed: 0 });
    expect(readTree(dir)).toEqual({
      "/a.md": "a2 store",
      [`/a.md.conflict-${updated.memory_version_id}`]: "a2 local",
      "/c.md": "c1",
      "/local-only.md": "x",
    });
    const versionsAfter = (await server.client.beta.memoryStores.memoryVersions.list(storeId, { limit: 100 })).data.length;
    expect(versionsAfter).toBe(versionsBefore + 2);
  });

  it("keeps local edits it cannot push to an archived store, and says why once", async () => {
    const storeId = await newStore();
    await seed(server, storeId, { "/a.md": "a1" });
    const dir = tempDir("archived");
    const { ctx, lines } = await mirrorOf(server, storeId, dir);
    await syncOnce(ctx);
    await server.client.beta.memoryStores.archive(storeId);

    writeLocal(dir, "/a.md", "a2 local");
    expect(await syncOnce(ctx)).toEqual({ pulled: 0, pushed: 0, conflicts: 0, deferred: 0 });
    expect(await syncOnce(ctx)).toEqual({ pulled: 0, pushed: 0, conflicts: 0, deferred: 0 });
    expect(lines.filter((line) => line.startsWith("cannot push /a.md:") && line.includes("is archived"))).toHaveLength(1);
    expect(await remoteTree(server, storeId)).toEqual({ "/a.md": "a1" });
    expect(readTree(dir)).toEqual({ "/a.md": "a2 local" });
  });

  it("reports a file that overlaps a folder of the store once, without touching either", async () => {
    const storeId = await newStore();
    await seed(server, storeId, { "/notes/x.md": "in the store" });
    const dir = tempDir("overlap");
    writeLocal(dir, "/notes", "a local file where the store has a folder");
    const { ctx, lines } = await mirrorOf(server, storeId, dir);
    expect(await syncOnce(ctx)).toMatchObject({ pushed: 0, deferred: 0 });
    expect(await syncOnce(ctx)).toMatchObject({ pushed: 0, deferred: 0 });
    expect(lines.filter((line) => line.startsWith("cannot push /notes:"))).toHaveLength(1);
    expect(await remoteTree(server, storeId)).toEqual({ "/notes/x.md": "in the store" });
    expect(readTree(dir)).toEqual({ "/notes": "a local file where the store has a folder" });
  });

  it("leaves alone what it cannot or must not sync", async () => {
    const storeId = await newStore();
    await seed(server, storeId, { "/text.md": "text", "/x.md.conflict-memver_01OLD": "someone pushed a conflict copy" });
    const dir = tempDir("skip");
    const { ctx, lines } = await mirrorOf(server, storeId, dir);
    await syncOnce(ctx);
    expect(readTree(dir)).toEqual({ "/text.md": "text" });
    expect(lines.some((line) => line.includes("/x.md.conflict-memver_01OLD"))).toBe(true);

    // Replacing a synced text file by binary bytes neither pushes them nor deletes the memory.
    writeFileSync(join(dir, "text.md"), Buffer.from([0xff, 0xfe, 0x00, 0xc3]));
    writeFileSync(join(dir, "binary.bin"), Buffer.from([0x80, 0x81]));
    await syncOnce(ctx);
    expect(await remoteTree(server, storeId)).toEqual({ "/text.md": "text", "/x.md.conflict-memver_01OLD": "someone pushed a conflict copy" });
    expect(readFileSync(join(dir, "text.md"))).toEqual(Buffer.from([0xff, 0xfe, 0x00, 0xc3]));

    const state = JSON.parse(readFileSync(join(dir, STATE_FILE), "utf8"));
    expect(state.storeId).toBe(storeId);
    await expect(mirrorOf(server, await newStore(), dir)).rejects.toThrow(`mirrors memory store ${storeId}`);
  });
});

describe("mirror and the store's write policy", () => {
  it("a local file the policy refuses is not pushed, and says why; the rest of the folder syncs", async () => {
    const storeId = await newStore();
    const set = await server.api.send("updateWritePolicy", {
      params: { store: storeId },
      body: { detectors: { secrets: "refuse" }, protected_paths: ["/locked/**"] },
    });
    expect(set.status).toBe(200);
    const dir = tempDir("policy");
    const { ctx, lines } = await mirrorOf(server, storeId, dir);
    await syncOnce(ctx);
    writeLocal(dir, "/token.md", "ghp_" + "Zq8RkT2mWv4Xy6Bn1Pc3Ld5Fg7Hj9Ks0Ma2N");
    writeLocal(dir, "/locked/rule.md", "an agent may not write here");
    writeLocal(dir, "/fine.md", "fine");
    await syncOnce(ctx).catch(() => undefined);
    await syncOnce(ctx).catch(() => undefined);
    expect(await remoteTree(server, storeId)).toEqual({ "/fine.md": "fine" });
    expect(lines.join("\n")).toMatch(/secrets\/github/);
  });
});
