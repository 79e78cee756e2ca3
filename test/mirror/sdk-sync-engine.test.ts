import Anthropic from "@anthropic-ai/sdk";
import type { BetaManagedAgentsSession } from "@anthropic-ai/sdk/resources/beta/sessions/sessions";
import { SessionMemoryStores } from "@anthropic-ai/sdk/tools/agent-toolset/node";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ADMIN_KEY, type TestServer } from "../helpers/server.ts";
import { readTree, remoteMemory, remoteTree, seed, tempDir, useMirrorServer, writeLocal } from "./helpers.ts";

/**
 * The official SDK's own sync engine, `SessionMemoryStores`, unchanged against this server:
 * download a store, push local edits (flush and the final sync), pull a remote edit, propagate
 * a local deletion with its precondition. Its syncs never throw, so every warning it logs is
 * collected and must be empty.
 */
let server: TestServer;
useMirrorServer((started) => (server = started));

describe("SessionMemoryStores (@anthropic-ai/sdk) against this server", () => {
  it("downloads a store, pushes local edits and deletions, and pulls remote edits", async () => {
    const storeId = (await server.client.beta.memoryStores.create({ name: "sdk sync" })).id;
    await seed(server, storeId, { "/a.md": "a1", "/notes/b.md": "b1", "/notes/gone.md": "to be deleted here" });

    const warnings: string[] = [];
    const record = (message: string, ...rest: unknown[]) => warnings.push(`${message} ${JSON.stringify(rest)}`);
    const client = new Anthropic({
      baseURL: server.baseURL,
      apiKey: ADMIN_KEY,
      logLevel: "warn",
      logger: { error: record, warn: record, info: () => {}, debug: () => {} },
    });
    const mount = join(tempDir("sdk"), "store"); // must not exist yet: the engine creates and owns it
    const stores = new SessionMemoryStores(client, { workdir: tempDir("sdk-work") });
    // `download` reads only the session's resources; a real worker passes the session it fetched.
    const session = { resources: [{ type: "memory_store", memory_store_id: storeId, mount_path: mount, access: "read_write" }] };
    await stores.download(session as Pick<BetaManagedAgentsSession, "resources"> as BetaManagedAgentsSession);
    expect(stores.roots).toEqual([mount]);
    expect(readTree(mount)).toMatchObject({ "/a.md": "a1", "/notes/b.md": "b1", "/notes/gone.md": "to be deleted here" });
    expect(existsSync(join(mount, ".anthropic-memory-store"))).toBe(true);

    writeFileSync(join(mount, "a.md"), "a2, edited locally");
    writeLocal(mount, "/notes/new.md", "made locally");
    await stores.flushWrites();
    expect(await remoteTree(server, storeId)).toEqual({
      "/a.md": "a2, edited locally",
      "/notes/b.md": "b1",
      "/notes/gone.md": "to be deleted here",
      "/notes/new.md": "made locally",
    });

    const b = (await remoteMemory(server, storeId, "/notes/b.md"))!;
    await server.client.beta.memoryStores.memories.update(b.id, { memory_store_id: storeId, content: "b2, edited in the store" });
    rmSync(join(mount, "notes", "gone.md"));
    writeFileSync(join(mount, "a.md"), "a3, edited locally again");
    await stores.finish(); // the last sync: both directions, deletions without the usual 30 s wait

    expect(readFileSync(join(mount, "notes", "b.md"), "utf8")).toBe("b2, edited in the store");
    expect(await remoteTree(server, storeId)).toEqual({
      "/a.md": "a3, edited locally again",
      "/notes/b.md": "b2, edited in the store",
      "/notes/new.md": "made locally",
    });
    expect(warnings).toEqual([]);

    await stores.dispose();
    expect(existsSync(mount)).toBe(false);
  });
});
