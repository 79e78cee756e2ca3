import { describe, expect, it } from "vitest";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { updateMemory } from "../../lib/memory/memories/update-memory.ts";
import { createStore } from "../../lib/memory/stores/create-store.ts";
import { API_ACTOR } from "../domain/database.ts";
import { useCommandDatabase } from "../helpers/command-database.ts";

/** `npm run verify` (scripts/verify.ts) on a database of TEST_ENGINE: a line per store, exit 1 when one is broken. */
const t = useCommandDatabase("verify");
const verify = (...args: string[]) => t.run("verify", ...args);

describe("npm run verify", () => {
  it("exits 0 while every chain verifies and 1, naming the version, once a row is edited", { timeout: 120_000 }, async () => {
    const good = await createStore(t.db, { name: "good" });
    const bad = await createStore(t.db, { name: "bad" });
    for (const store of [good, bad]) {
      const m = await createMemory(t.db, { storeId: store.id, path: "/x.md", content: "one", actor: API_ACTOR });
      await updateMemory(t.db, { storeId: store.id, memoryId: m.id, content: "two", actor: API_ACTOR });
    }
    const ok = verify();
    expect([ok.status, ok.stdout], ok.stderr).toEqual([0, expect.stringContaining("all 2 stores verified")]);
    expect(ok.stdout).toContain(`verified ${good.id}`);

    const [first] = await t.db.sql.$queryRaw<{ id: string }[]>`SELECT id FROM memory_versions WHERE store_id = ${bad.id} ORDER BY chain_seq LIMIT 1`;
    await t.db.sqlTransaction((tx) => tx.$executeRaw`UPDATE memory_versions SET path = '/y.md' WHERE id = ${first!.id}`);
    const no = verify();
    expect(no.status, no.stderr).toBe(1);
    expect(no.stdout).toContain(`BROKEN   ${bad.id}`);
    expect(no.stdout).toContain(first!.id);
    expect(no.stdout).toContain(`verified ${good.id}`);
  });
});
