import { describe, expect, it } from "vitest";
import { createStore } from "../../lib/memory/stores/create-store.ts";
import { getStore } from "../../lib/memory/stores/get-store.ts";
import { useCommandDatabase } from "../helpers/command-database.ts";

/** `npm run stores:archive` (scripts/stores-archive.ts, issue 43): a dry run unless --execute, on a database of TEST_ENGINE. */
const t = useCommandDatabase("stores-archive");
const run = (...args: string[]) => t.run("stores-archive", ...args);

describe("npm run stores:archive", () => {
  it("previews without changing anything, then archives what the filter selects with --execute", { timeout: 120_000 }, async () => {
    const trial = await createStore(t.db, { name: "trial user", metadata: { plan: "trial" } });
    const paid = await createStore(t.db, { name: "paid user", metadata: { plan: "paid" } });
    const preview = run("--metadata", "plan:trial");
    expect(preview.status, preview.stderr).toBe(0);
    expect(preview.stdout).toContain(trial.id);
    expect(preview.stdout).not.toContain(paid.id);
    expect(preview.stdout).toContain("archive 1 store");
    expect((await getStore(t.db.sql, trial.id)).archivedAt).toBeNull();

    const done = run("--metadata", "plan:trial", "--execute");
    expect(done.status, done.stderr).toBe(0);
    expect(done.stdout).toMatch(/completed: 1 archived/);
    expect((await getStore(t.db.sql, trial.id)).archivedAt).not.toBeNull();
    expect((await getStore(t.db.sql, paid.id)).archivedAt).toBeNull();
  });

  it("refuses an empty filter or a bad value with one line and exit 1 or 2, changing nothing", async () => {
    const empty = run();
    expect(empty.status).toBe(1);
    expect(empty.stderr).toMatch(/empty filter would be every store/);
    const bad = run("--idle-days", "soon");
    expect(bad.status).toBe(2);
    expect(bad.stderr.split("\n")[0]).toMatch(/--idle-days/);
  });
});
