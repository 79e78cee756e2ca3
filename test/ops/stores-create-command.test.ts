import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { createStore } from "../../lib/memory/stores/create-store.ts";
import { useCommandDatabase } from "../helpers/command-database.ts";

/** `npm run stores:create` (scripts/stores-create.ts, issue 43): stores from a CSV, a dry run unless --execute, on a database of TEST_ENGINE. */
const t = useCommandDatabase("stores-create");
const run = (...args: string[]) => t.run("stores-create", ...args);
const storesWith = async (value: string) =>
  Number((await t.db.sql.$queryRaw<{ n: number | bigint }[]>`SELECT count(*) AS n FROM memory_stores WHERE metadata LIKE ${`%${value}%`}`)[0]!.n);

describe("npm run stores:create", () => {
  it("names the bad rows without creating anything, then creates the good ones from the template with --execute", { timeout: 120_000 }, async () => {
    const template = await createStore(t.db, { name: "cli template" });
    await createMemory(t.db, { storeId: template.id, path: "/welcome.md", content: "hello", actor: { type: "user_actor", user_id: "user_x" } });
    await createStore(t.db, { name: "already", metadata: { user_id: "cli-1" } });
    const file = join(t.dir, "users.csv");
    writeFileSync(file, "name,metadata.user_id\nOne,cli-1\nTwo,cli-2\n,cli-3\n");
    const preview = run("--csv", file, "--template", template.id, "--unique-by", "user_id");
    expect(preview.status, preview.stderr).toBe(0);
    expect(preview.stdout).toContain("row 4  name: is required.");
    expect(preview.stdout).toMatch(/row 2 {2}skipped: memstore_\w+ already has user_id cli-1/);
    expect(preview.stdout).toContain("create 1 store");
    expect(await storesWith("cli-2")).toBe(0);

    const done = run("--csv", file, "--template", template.id, "--unique-by", "user_id", "--execute");
    expect(done.status, done.stderr).toBe(0);
    expect(done.stdout).toMatch(/completed: 1 created, 0 late/);
    expect(await storesWith("cli-2")).toBe(1);
  });

  it("refuses a missing or unreadable file with one line and exit 2, a bad file with exit 1", async () => {
    const missing = run();
    expect(missing.status).toBe(2);
    expect(missing.stderr.split("\n")[0]).toMatch(/--csv is required/);
    const unreadable = run("--csv", join(t.dir, "nope.csv"));
    expect(unreadable.status).toBe(2);
    expect(unreadable.stderr.split("\n")[0]).toMatch(/cannot read/);
    const truncated = join(t.dir, "truncated.csv");
    writeFileSync(truncated, 'name,description\nA,"never closed\n');
    const bad = run("--csv", truncated);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/quote is not closed/);
  });
});
