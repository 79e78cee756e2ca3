import { describe, expect, it } from "vitest";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { updateMemory } from "../../lib/memory/memories/update-memory.ts";
import { executeStoreBatch, getStoreBatchItems, planStoreBatch } from "../../lib/memory/store-batches/run-store-batch.ts";
import { createStore } from "../../lib/memory/stores/create-store.ts";
import { updateStore } from "../../lib/memory/stores/update-store.ts";
import { setWorkspacePolicy } from "../../lib/memory/policies/policy-settings.ts";
import { DEFAULT_WORKSPACE_ID } from "../../lib/memory/workspace.ts";
import { API_ACTOR, ENGINE, newStore, useFreshDatabase } from "./database.ts";

/**
 * Store batches (issue 43, part 4) on lib/memory: a CSV's dry run checks every row and names
 * each bad one by column, skips values that already have a store, and the execution creates
 * the rest (from a template if given), leaving a row whose value was taken since as `late`.
 */
const t = useFreshDatabase();
const csv = (text: string) => new TextEncoder().encode(text);
const workspaceId = DEFAULT_WORKSPACE_ID;
let tag = 0;
const plan = (text: string, options: { uniqueBy?: string; templateStoreId?: string } = {}) =>
  planStoreBatch(t.db, { csv: csv(text), actor: API_ACTOR, workspaceId, ...options });

describe(`store batches on ${ENGINE}`, () => {
  it("names every bad row and its column in the dry run, and creates only the good ones", async () => {
    const u = `bad-${++tag}`;
    const long = "x".repeat(513);
    const seventeen = Array.from({ length: 17 }, (_, i) => `metadata.k${i}`);
    const header = ["name", "description", "metadata.user_id", ...seventeen].join(",");
    const row = (cells: string[]) => [...cells, ...seventeen.map(() => "")].slice(0, 3 + 17).join(",");
    const text = [
      header,
      row(["Good one", "fine", `${u}-1`]),
      row(["", "no name", `${u}-2`]),
      [`Too many keys`, "", `${u}-3`, ...seventeen.map((_, i) => `v${i}`)].join(","),
      row(["Long description", "y".repeat(1025), `${u}-4`]),
      row(["Dup A", "", `${u}-5`]),
      row(["Dup B", "", `${u}-5`]),
      row(['"=HYPERLINK(""http://x"")"', "", `${u}-6`]),
      row(["Formula in metadata", "", `@${u}-7`]),
      row(["No unique value", "", ""]),
      [`Long metadata`, "", `${u}-8`, long, ...seventeen.slice(1).map(() => "")].join(","),
    ].join("\n");
    const { plan: dry, items } = await plan(text, { uniqueBy: "user_id" });
    const problems = Object.fromEntries(items.map((i) => [i.row, i.problems.map((p) => p.column)]));
    expect(problems).toEqual({
      2: [],
      3: ["name"],
      4: ["metadata"],
      5: ["description"],
      6: ["metadata.user_id"],
      7: ["metadata.user_id"],
      8: ["name"],
      9: ["metadata.user_id"],
      10: ["metadata.user_id"],
      11: ["metadata.k0"],
    });
    expect(items.find((i) => i.row === 6)!.problems[0]!.message).toContain("row 7");
    expect(items.find((i) => i.row === 8)!.problems[0]!.message).toContain("formula");
    expect(items.find((i) => i.row === 4)!.problems[0]!.message).toContain("at most 16");
    expect(items.find((i) => i.row === 11)!.problems[0]!.message).toContain("512");
    expect(dry).toMatchObject({ status: "planned", counts: { rows: 10, create: 1, skip: 0, invalid: 9 } });
    const done = await executeStoreBatch(t.db, { id: dry.id, confirmation: "create 1 store", actor: API_ACTOR, workspaceId });
    expect(done.plan).toMatchObject({ status: "completed", createdCount: 1, lateCount: 0 });
    expect(done.items.filter((i) => i.outcome === "created").map((i) => i.name)).toEqual(["Good one"]);
    expect(done.items.filter((i) => i.outcome === "invalid")).toHaveLength(9);
  });

  it("refuses a file it cannot read as a whole: truncated, unterminated quote, too many rows, bad header, not UTF-8", async () => {
    const refused = async (bytes: string | Uint8Array, message: RegExp) =>
      expect(planStoreBatch(t.db, { csv: typeof bytes === "string" ? csv(bytes) : bytes, actor: API_ACTOR, workspaceId })).rejects.toMatchObject({
        code: "invalid_request",
        message: expect.stringMatching(message),
      });
    await refused("name,description\na,b\nc", /different number of cells.*truncated/);
    await refused('name,description\na,"b\nc,d\n', /quote is not closed/);
    await refused("name\n" + "store\n".repeat(100_000), /more than 10,000 rows/);
    await refused("title\na\n", /the columns are name, description and metadata/);
    await refused("description\na\n", /no name column/);
    await refused("", /empty/);
    await refused("name\n", /no rows/);
    await refused(new Uint8Array([0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xff, 0xfe, 0x0a]), /not UTF-8/);
    await expect(plan("name,metadata.team\na,b\n", { uniqueBy: "user_id" })).rejects.toMatchObject({
      message: expect.stringContaining("no metadata.user_id column"),
    });
  });

  it("unique_by: a value that already has a store is skipped; one taken between the dry run and the execution is late, not doubled", async () => {
    const u = `uniq-${++tag}`;
    const existing = await createStore(t.db, { name: "already there", metadata: { user_id: `${u}-1` } });
    const text = ["name,metadata.user_id,metadata.plan", `One,${u}-1,pro`, `Two,${u}-2,pro`, `Three,${u}-3,free`, `Four,${u}-4,free`].join("\r\n");
    const { plan: dry, items } = await plan(text, { uniqueBy: "user_id" });
    expect(items.map((i) => `${i.row}:${i.action}`)).toEqual(["2:skip", "3:create", "4:create", "5:create"]);
    expect(items[0]!.existingStoreId).toBe(existing.id);
    // After the dry run: one value gets a store by a create, another by an edit of an existing store.
    const raced = await createStore(t.db, { name: "raced", metadata: { user_id: `${u}-3` } });
    const edited = await newStore(t.db);
    await updateStore(t.db, { storeId: edited, metadata: { user_id: `${u}-4` } });
    const progress: [number, number][] = [];
    const done = await executeStoreBatch(t.db, {
      id: dry.id,
      confirmation: "create 3 stores",
      actor: API_ACTOR,
      workspaceId,
      onProgress: (n, total) => progress.push([n, total]),
    });
    expect(Object.fromEntries(done.items.map((i) => [i.row, `${i.outcome}:${i.memoryStoreId === null ? "" : "store"}`]))).toEqual({
      2: "skipped:",
      3: "created:store",
      4: "late:store",
      5: "late:store",
    });
    expect(done.items.find((i) => i.row === 4)!.memoryStoreId).toBe(raced.id);
    expect(done.items.find((i) => i.row === 5)!.memoryStoreId).toBe(edited);
    expect(done.plan).toMatchObject({ createdCount: 1, lateCount: 2 });
    expect(progress.at(-1)).toEqual([3, 3]);
    const withValue = await t.db.sql.$queryRaw<{ n: number | bigint }[]>`SELECT count(*) AS n FROM memory_stores WHERE metadata LIKE ${`%${u}-%`}`;
    expect(Number(withValue[0]!.n)).toBe(4);
    // Once only; and the items read back as returned.
    await expect(executeStoreBatch(t.db, { id: dry.id, confirmation: "create 3 stores", actor: API_ACTOR, workspaceId })).rejects.toMatchObject({
      code: "conflict",
    });
    expect((await getStoreBatchItems(t.db.sql, dry.id)).map((i) => i.outcome)).toEqual(["skipped", "created", "late", "late"]);
  });

  it("a template the workspace's write policy refuses is refused before the execution is claimed; nothing is made", async () => {
    const w = "wrkspc_01STOREBATCHPOLICY00000000";
    await t.db.sqlTransaction(
      (tx) => tx.$executeRaw`INSERT INTO workspaces (id, name, display_color, created_at) VALUES (${w}, ${"Policy"}, ${"#0ea5e9"}, ${new Date()})`,
    );
    const template = (await createStore(t.db, { name: "guarded template", workspaceId: w })).id;
    // A person may write under protected paths; an agent's key may not.
    await createMemory(t.db, { storeId: template, path: "/onboarding/rules.md", content: "rules", actor: { type: "user_actor", user_id: "user_admin" } });
    await setWorkspacePolicy(t.db, w, { protectedPaths: ["/onboarding/**"] }, null);
    const { plan: dry } = await planStoreBatch(t.db, { csv: csv("name\nAgent's store\n"), templateStoreId: template, actor: API_ACTOR, workspaceId: w });
    const attempt = { id: dry.id, confirmation: "create 1 store", actor: API_ACTOR, workspaceId: w };
    await expect(executeStoreBatch(t.db, attempt)).rejects.toMatchObject({ code: "permission" });
    const stores = await t.db.sql.$queryRaw<{ n: number | bigint }[]>`SELECT count(*) AS n FROM memory_stores WHERE workspace_id = ${w}`;
    expect(Number(stores[0]!.n)).toBe(1);
    // Still a dry run: with the policy lifted, the same plan runs.
    await setWorkspacePolicy(t.db, w, null, null);
    expect((await executeStoreBatch(t.db, attempt)).plan).toMatchObject({ status: "completed", createdCount: 1 });
  });

  it("two batches racing for one unique_by value make one store: the other's row is late", async () => {
    const u = `race-${++tag}`;
    const text = `name,metadata.user_id\nRacer,${u}-1\n`;
    const first = (await plan(text, { uniqueBy: "user_id" })).plan;
    const second = (await plan(text, { uniqueBy: "user_id" })).plan;
    const [a, b] = await Promise.all(
      [first, second].map((p) => executeStoreBatch(t.db, { id: p.id, confirmation: "create 1 store", actor: API_ACTOR, workspaceId })),
    );
    expect([a!.items[0]!.outcome, b!.items[0]!.outcome].sort()).toEqual(["created", "late"]);
    const made = await t.db.sql.$queryRaw<{ n: number | bigint }[]>`SELECT count(*) AS n FROM memory_stores WHERE metadata LIKE ${`%${u}-1%`}`;
    expect(Number(made[0]!.n)).toBe(1);
  });

  it("each store copies the template; a template changed since the dry run refuses the execution before anything is written", async () => {
    const template = await newStore(t.db);
    await createMemory(t.db, { storeId: template, path: "/welcome.md", content: "hello", actor: API_ACTOR });
    const second = await createMemory(t.db, { storeId: template, path: "/rules/a.md", content: "rule a", actor: API_ACTOR });
    const text = "name,description\nT1,first\nT2,second\n";
    const { plan: changed } = await plan(text, { templateStoreId: template });
    expect(changed.templateMemoryCount).toBe(2);
    await updateMemory(t.db, { storeId: template, memoryId: second.id, content: "rule a, edited", actor: API_ACTOR });
    await expect(executeStoreBatch(t.db, { id: changed.id, confirmation: "create 2 stores", actor: API_ACTOR, workspaceId })).rejects.toMatchObject({
      code: "conflict",
    });
    const { plan: dry } = await plan(text, { templateStoreId: template });
    const done = await executeStoreBatch(t.db, { id: dry.id, confirmation: "create 2 stores", actor: API_ACTOR, workspaceId });
    for (const item of done.items) {
      const versions = await t.db.sql.$queryRaw<{ path: string; content: string; imported: string }[]>`
        SELECT path, content, imported FROM memory_versions WHERE store_id = ${item.memoryStoreId} ORDER BY path`;
      expect(versions.map((v) => [v.path, v.content])).toEqual([
        ["/rules/a.md", "rule a, edited"],
        ["/welcome.md", "hello"],
      ]);
      expect(JSON.parse(versions[0]!.imported)).toMatchObject({ source: "store_copy", copied_from_memory_store_id: template, import_id: dry.id });
    }
    // A template of another workspace is not found.
    await expect(
      planStoreBatch(t.db, { csv: csv(text), templateStoreId: template, actor: API_ACTOR, workspaceId: "wrkspc_01NOSUCHWORKSPACE000000000" }),
    ).rejects.toMatchObject({
      code: "not_found",
    });
  });
});
