import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { syncOnce } from "../../lib/mirror/sync-pass.ts";
import type { TestServer } from "../helpers/server.ts";
import { STATE_FILE, mirrorOf, readTree, remoteMemory, remoteTree, seed, tempDir, useMirrorServer, writeLocal } from "./helpers.ts";

/**
 * The mirror never writes, reads or deletes outside its folder, whatever the store holds and
 * whatever links lie in the folder: what is in the way is reported and left alone, on both sides.
 */
let server: TestServer;
useMirrorServer((started) => (server = started));

const newStore = async () => (await server.client.beta.memoryStores.create({ name: "hostile" })).id;
const NOTHING = { pulled: 0, pushed: 0, conflicts: 0, deferred: 0 };

describe("mirror: links and hostile names", () => {
  it("does not write a store's memory through a linked folder that points outside", async () => {
    const storeId = await newStore();
    await seed(server, storeId, { "/notes/a.md": "from the store", "/ok.md": "ok" });
    const outside = tempDir("outside");
    const dir = tempDir("linked-folder");
    symlinkSync(outside, join(dir, "notes"));
    const { ctx, lines } = await mirrorOf(server, storeId, dir);

    await syncOnce(ctx);
    expect(readdirSync(outside)).toEqual([]);
    expect(readFileSync(join(dir, "ok.md"), "utf8")).toBe("ok");
    expect(lines).toContain("left alone: /notes/a.md (/notes is a symbolic link; the mirror does not follow links)");
    expect(await syncOnce(ctx)).toEqual(NOTHING);
    expect(lines.filter((line) => line.startsWith("left alone: /notes/a.md"))).toHaveLength(1);
    expect(await remoteTree(server, storeId)).toEqual({ "/notes/a.md": "from the store", "/ok.md": "ok" });
  });

  it("does not take a synced folder replaced by a link for a deletion, nor push what the link points at", async () => {
    const storeId = await newStore();
    await seed(server, storeId, { "/notes/a.md": "from the store" });
    const dir = tempDir("folder-becomes-link");
    const { ctx, lines } = await mirrorOf(server, storeId, dir);
    await syncOnce(ctx);

    const outside = tempDir("outside");
    writeFileSync(join(outside, "a.md"), "outside, not a memory");
    writeFileSync(join(outside, "secret.md"), "outside, not a memory either");
    rmSync(join(dir, "notes"), { recursive: true });
    symlinkSync(outside, join(dir, "notes"));
    const memory = (await remoteMemory(server, storeId, "/notes/a.md"))!;
    await server.client.beta.memoryStores.memories.update(memory.id, { memory_store_id: storeId, content: "edited in the store" });

    expect(await syncOnce(ctx)).toEqual(NOTHING);
    expect(await remoteTree(server, storeId)).toEqual({ "/notes/a.md": "edited in the store" });
    expect(readFileSync(join(outside, "a.md"), "utf8")).toBe("outside, not a memory");
    expect(readdirSync(outside).sort()).toEqual(["a.md", "secret.md"]);
    expect(lines.some((line) => line.startsWith("left alone: /notes/a.md (/notes is a symbolic link"))).toBe(true);
  });

  it("neither pushes a linked file nor deletes or overwrites the memory a link replaced", async () => {
    const storeId = await newStore();
    await seed(server, storeId, { "/a.md": "v1" });
    const dir = tempDir("linked-file");
    const { ctx, lines } = await mirrorOf(server, storeId, dir);
    await syncOnce(ctx);

    const outside = tempDir("outside");
    const secret = join(outside, "passwd");
    writeFileSync(secret, "root:x:0:0:root:/root:/bin/bash\n");
    rmSync(join(dir, "a.md"));
    symlinkSync(secret, join(dir, "a.md"));
    symlinkSync(secret, join(dir, "leak.md"));
    expect(await syncOnce(ctx)).toEqual(NOTHING);
    expect(await remoteTree(server, storeId)).toEqual({ "/a.md": "v1" });

    const memory = (await remoteMemory(server, storeId, "/a.md"))!;
    await server.client.beta.memoryStores.memories.update(memory.id, { memory_store_id: storeId, content: "v2 from the store" });
    expect(await syncOnce(ctx)).toEqual(NOTHING);
    expect(readFileSync(secret, "utf8")).toBe("root:x:0:0:root:/root:/bin/bash\n");
    expect(lstatSync(join(dir, "a.md")).isSymbolicLink()).toBe(true);
    expect(await remoteTree(server, storeId)).toEqual({ "/a.md": "v2 from the store" });
    expect(lines).toContain("left alone: /leak.md (is a symbolic link; the mirror does not follow links)");
    expect(lines).toContain("left alone: /a.md (is a symbolic link; the mirror does not follow links)");
  });

  it("never lets a store memory take the name of the mirror's state file, in any case", async () => {
    const storeId = await newStore();
    const forged = JSON.stringify({ version: 1, storeId: "memstore_forged", base: {}, hashes: {} });
    await seed(server, storeId, {
      "/.memory-mirror.json": forged,
      "/.Memory-Mirror.JSON": forged,
      "/sub/.memory-mirror.json": forged,
      "/x.md": "x",
    });
    const dir = tempDir("state-name");
    const { ctx, lines } = await mirrorOf(server, storeId, dir);
    await syncOnce(ctx);

    expect(readTree(dir)).toEqual({ "/x.md": "x" });
    expect(readdirSync(dir).sort()).toEqual([STATE_FILE, "x.md"]);
    expect(JSON.parse(readFileSync(join(dir, STATE_FILE), "utf8")).storeId).toBe(storeId);
    for (const path of ["/.memory-mirror.json", "/.Memory-Mirror.JSON", "/sub/.memory-mirror.json"]) {
      expect(lines).toContain(`left alone: ${path} in the store (a name the mirror keeps for itself)`);
    }
    // The folder still opens as this store's mirror, and the store still holds what it held.
    await syncOnce((await mirrorOf(server, storeId, dir)).ctx);
    expect(Object.keys(await remoteTree(server, storeId)).sort()).toEqual([
      "/.Memory-Mirror.JSON",
      "/.memory-mirror.json",
      "/sub/.memory-mirror.json",
      "/x.md",
    ]);
  });

  it("reports and skips memory names too long for a local file, creating nothing for them", async () => {
    const storeId = await newStore();
    const longFolder = `/ok/${"n".repeat(300)}/x.md`;
    const longName = `/${"é".repeat(150)}.md`; // 150 characters, 303 bytes
    await seed(server, storeId, { [longFolder]: "deep", [longName]: "wide", "/fine.md": "fine" });
    const dir = tempDir("long");
    const { ctx, lines } = await mirrorOf(server, storeId, dir);

    expect(await syncOnce(ctx)).toEqual({ ...NOTHING, pulled: 1 });
    expect(readTree(dir)).toEqual({ "/fine.md": "fine" });
    expect(existsSync(join(dir, "ok"))).toBe(false);
    const reason = "cannot be a local file: a segment is longer than 255 bytes, the most a local file name can hold";
    expect(lines).toContain(`left alone: ${longFolder} in the store (${reason})`);
    expect(lines).toContain(`left alone: ${longName} in the store (${reason})`);
    expect(await syncOnce(ctx)).toEqual(NOTHING);
    expect(lines.filter((line) => line.startsWith("left alone:"))).toHaveLength(2);
  });

  it("maps backslashes as the ordinary characters they are on POSIX, both ways", async () => {
    const storeId = await newStore();
    await seed(server, storeId, { "/from\\store.md": "s", "/..\\..\\etc.md": "not a way out" });
    const dir = tempDir("backslash");
    const { ctx } = await mirrorOf(server, storeId, dir);
    await syncOnce(ctx);
    expect(readdirSync(dir).sort()).toEqual(["..\\..\\etc.md", STATE_FILE, "from\\store.md"]);

    writeLocal(dir, "/local\\made.md", "l");
    expect(await syncOnce(ctx)).toMatchObject({ pushed: 1 });
    expect(await remoteTree(server, storeId)).toEqual({ "/from\\store.md": "s", "/..\\..\\etc.md": "not a way out", "/local\\made.md": "l" });
  });

  it("does not follow a linked state file", async () => {
    const storeId = await newStore();
    const outside = tempDir("outside");
    const target = join(outside, "precious.json");
    writeFileSync(target, JSON.stringify({ version: 1, storeId, base: {}, hashes: {} }));
    const dir = tempDir("linked-state");
    mkdirSync(dir, { recursive: true });
    symlinkSync(target, join(dir, STATE_FILE));
    await expect(mirrorOf(server, storeId, dir)).rejects.toThrow(`/${STATE_FILE} is a symbolic link`);
    expect(JSON.parse(readFileSync(target, "utf8")).storeId).toBe(storeId);
  });
});
