import { DEFAULT_WORKSPACE_ID } from "@/lib/memory/workspace.ts";
import { describe, expect, it } from "vitest";
import type { Actor } from "../../lib/memory/actor.ts";
import { executeErasure } from "../../lib/memory/erase/execute-erasure.ts";
import { erasureMemories } from "../../lib/memory/erase/erasure-memories.ts";
import { confirmationPhrase } from "../../lib/memory/erase/erasure-rows.ts";
import { findMatches } from "../../lib/memory/erase/find-matches.ts";
import { MAX_REGEX_PROGRAM } from "../../lib/memory/erase/match-pattern.ts";
import { planErasure } from "../../lib/memory/erase/plan-erasure.ts";
import { createMemory } from "../../lib/memory/memories/create-memory.ts";
import { getMemory } from "../../lib/memory/memories/get-memory.ts";
import { updateMemory } from "../../lib/memory/memories/update-memory.ts";
import { search } from "../../lib/memory/search/search.ts";
import { parseSearchText } from "../../lib/memory/search/search-text.ts";
import { API_ACTOR, ENGINE, newStore, useFreshDatabase } from "./database.ts";

/**
 * Pattern erase (issue 26) on lib/memory: a dry run over a detector lists every distinct value
 * with its counts and records nothing; an erase of the values picked erases exactly those, in
 * one run bound to the picked set, with one report that says per memory what happened.
 */
const t = useFreshDatabase();
const ADMIN: Actor = { type: "user_actor", user_id: "user_admin" };
const hits = async (text: string, storeIds: string[]) =>
  (await search(t.db, { text: parseSearchText(text, "exact"), scope: "versions", stores: { workspaceId: DEFAULT_WORKSPACE_ID, storeIds }, limit: 100 })).hits
    .length;

describe(`pattern erase on ${ENGINE}`, () => {
  it("e-mail addresses across two stores: distinct matches with counts, a picked subset erased, the rest left, one report", async () => {
    const [a, b] = [await newStore(t.db), await newStore(t.db)];
    const crm = await createMemory(t.db, { storeId: a, path: "/crm/ana.md", content: "ana@example.com, cc Bob@Example.org", actor: API_ACTOR });
    await updateMemory(t.db, { storeId: a, memoryId: crm.id, content: "ana@example.com, cc bob@example.org; keep carol@example.net", actor: API_ACTOR });
    const other = await createMemory(t.db, { storeId: b, path: "/notes.md", content: "write to ANA@example.com", actor: API_ACTOR });
    const byPath = await createMemory(t.db, { storeId: b, path: "/people/bob@example.org/profile.md", content: "Bob", actor: API_ACTOR });

    const found = await findMatches(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, pattern: { type: "email" }, storeIds: [a, b] });
    expect(found).toMatchObject({ patternType: "email", complete: true, truncated: false, scannedVersions: 4 });
    const byValue = Object.fromEntries(found.matches.map((m) => [m.value.toLowerCase(), m]));
    expect(Object.keys(byValue).sort()).toEqual(["ana@example.com", "bob@example.org", "carol@example.net"]);
    expect(byValue["ana@example.com"]).toMatchObject({ count: 3, versions: 3, memories: 2, currentMemories: 2 });
    expect(byValue["ana@example.com"]!.storeIds.sort()).toEqual([a, b].sort());
    expect(byValue["bob@example.org"]).toMatchObject({ count: 3, versions: 3, memories: 2, currentMemories: 2 });
    expect(byValue["carol@example.net"]).toMatchObject({ count: 1, memories: 1 });
    const [recorded] = await t.db.sql.$queryRaw<{ n: number | bigint }[]>`SELECT COUNT(*) AS n FROM erasures`;
    expect(Number(recorded!.n)).toBe(0);

    // Pick two of the three; carol stays.
    const values = ["ana@example.com", "bob@example.org"];
    const { erasure, items } = await planErasure(t.db, {
      workspaceId: DEFAULT_WORKSPACE_ID,
      values,
      patternType: "email",
      storeIds: [a, b],
      action: "replace",
      actor: ADMIN,
    });
    expect(erasure).toMatchObject({ valueSha256s: expect.any(Array), patternType: "email", memoriesBefore: 3, versionsBefore: 4 });
    expect(confirmationPhrase(erasure)).toBe("erase 4 versions of 2 values");
    const [row] = await t.db.sql.$queryRaw<Record<string, unknown>[]>`SELECT * FROM erasures WHERE id = ${erasure.id}`;
    expect(JSON.stringify(row).toLowerCase()).not.toMatch(/ana@|bob@/);
    const planned = erasureMemories(erasure, items);
    expect(planned.map((m) => [m.path, m.action, m.olderVersions]).sort()).toEqual([
      ["/crm/ana.md", "rewrite", 1],
      ["/notes.md", "rewrite", 0],
      ["/people/bob@example.org/profile.md", "delete", 0], // its path holds a value: deleted, not rewritten
    ]);

    // The execution is bound to the picked set: another set, a subset or the one-text form is refused.
    const run = (v: unknown, text?: unknown) =>
      executeErasure(t.db, {
        workspaceId: DEFAULT_WORKSPACE_ID,
        erasureId: erasure.id,
        values: v,
        text,
        confirmation: confirmationPhrase(erasure),
        actor: ADMIN,
      });
    await expect(run(["ana@example.com"])).rejects.toMatchObject({ code: "invalid_request" });
    await expect(run([...values, "carol@example.net"])).rejects.toMatchObject({ code: "invalid_request" });
    await expect(run(undefined, "ana@example.com")).rejects.toMatchObject({ code: "invalid_request" });
    await expect(
      executeErasure(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, erasureId: erasure.id, values, confirmation: "erase 4 versions", actor: ADMIN }),
    ).rejects.toMatchObject({
      code: "invalid_request",
    });

    const done = await run([...values].reverse()); // order does not matter
    expect(done.erasure).toMatchObject({ status: "completed", memoriesAfter: 0, versionsAfter: 0 });
    const report = erasureMemories(done.erasure, done.items);
    expect(report.map((m) => [m.path, m.outcome, m.redactedVersions]).sort()).toEqual([
      [null, "deleted", 1], // deleted, and its deletion redacted: no path is left to show
      ["/crm/ana.md", "rewritten", 2],
      ["/notes.md", "rewritten", 1],
    ]);
    expect((await getMemory(t.db.sql, a, crm.id)).content).toBe("[erased], cc [erased]; keep carol@example.net");
    expect((await getMemory(t.db.sql, b, other.id)).content).toBe("write to [erased]");
    await expect(getMemory(t.db.sql, b, byPath.id)).rejects.toMatchObject({ code: "not_found" });
    for (const value of values) expect(await hits(value, [a, b])).toBe(0);
    expect(await hits("carol@example.net", [a, b])).toBe(1);
    const again = await findMatches(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, pattern: { type: "email" }, storeIds: [a, b] });
    expect(again.matches.map((m) => m.value)).toEqual(["carol@example.net"]);
  });

  it("phone numbers, literals and regexes; values are grouped ignoring case, and unerasable ones skipped", async () => {
    const storeId = await newStore(t.db);
    await createMemory(t.db, { storeId, path: "/p.md", content: "call +44 20 7946 0958 or (415) 555-2671; not 123-456", actor: API_ACTOR });
    await createMemory(t.db, { storeId, path: "/q.md", content: "Project ZEPHYR and project zephyr; ticket ab-1 ab-22 ab-333", actor: API_ACTOR });
    const phones = await findMatches(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, pattern: { type: "phone" }, storeIds: [storeId] });
    expect(phones.matches.map((m) => m.value).sort()).toEqual(["(415) 555-2671", "+44 20 7946 0958"]);
    const literal = await findMatches(t.db, {
      workspaceId: DEFAULT_WORKSPACE_ID,
      pattern: { type: "literal", values: ["zephyr", "absent-xyz"] },
      storeIds: [storeId],
    });
    expect(literal.matches).toMatchObject([{ value: "ZEPHYR", count: 2, memories: 1 }]);
    const regex = await findMatches(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, pattern: { type: "regex", regex: "ab-\\d+" }, storeIds: [storeId] });
    expect(regex.matches.map((m) => m.value).sort()).toEqual(["ab-1", "ab-22", "ab-333"]);
    const short = await findMatches(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, pattern: { type: "regex", regex: "\\d" }, storeIds: [storeId] });
    expect(short.matches).toEqual([]); // one digit cannot be erased as exact text (3 characters at least)
    expect(short.skipped).toBeGreaterThan(10);
    const capped = await findMatches(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, pattern: { type: "regex", regex: "ab-\\d+" }, storeIds: [storeId], limit: 2 });
    expect(capped).toMatchObject({ truncated: true });
    expect(capped.matches).toHaveLength(2);
  });

  it("refuses an invalid regex, one too costly to run, and JavaScript-only syntax, before reading anything", async () => {
    const storeId = await newStore(t.db);
    for (const regex of ["(unclosed", "a{2,1}", "(?=lookahead)x", "\\1", "[a-z]{0,1001}"]) {
      await expect(findMatches(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, pattern: { type: "regex", regex }, storeIds: [storeId] })).rejects.toMatchObject({
        code: "invalid_request",
      });
    }
    await expect(
      findMatches(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, pattern: { type: "regex", regex: `[a-j]{0,${MAX_REGEX_PROGRAM}}x` }, storeIds: [storeId] }),
    ).rejects.toThrow(/too costly/);
    await expect(findMatches(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, pattern: { type: "guess" }, storeIds: [storeId] })).rejects.toMatchObject({
      code: "invalid_request",
    });
    await expect(
      findMatches(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, pattern: { type: "literal", values: ["ab"] }, storeIds: [storeId] }),
    ).rejects.toMatchObject({ code: "invalid_request" });
  });

  it("a pathological regex on large memories stays linear and lets other work run meanwhile", async () => {
    const storeId = await newStore(t.db);
    const big = "a".repeat(100_000);
    // Six, so that even on a quiet machine the scan spans many of its slices (a scan shorter than one
    // slice need not yield, and then the read would rightly wait for it).
    for (let i = 0; i < 6; i++) await createMemory(t.db, { storeId, path: `/big-${i}.md`, content: big, actor: API_ACTOR });
    const small = await createMemory(t.db, { storeId, path: "/small.md", content: "aaaa", actor: API_ACTOR });
    // Catastrophic for a backtracking engine; RE2 is linear. The costly NFA shape is the other half: windows bound each step.
    for (const regex of ["(a+)+$", "(?:a?){40}a{40}[bc]", "[a-j]{0,100}[a-j]{0,100}[QZ]"]) {
      const order: string[] = [];
      const scan = findMatches(t.db, { workspaceId: DEFAULT_WORKSPACE_ID, pattern: { type: "regex", regex }, storeIds: [storeId] }).then((r) => {
        order.push("scan");
        return r;
      });
      // Another request arriving meanwhile is answered before the scan ends.
      await new Promise((resolve) => setImmediate(resolve));
      const read = getMemory(t.db.sql, storeId, small.id).then(() => order.push("read"));
      const [result] = await Promise.all([scan, read]);
      expect(order, regex).toEqual(["read", "scan"]);
      // Done, or stopped at the deadline and saying so: never stuck.
      expect(result.complete || result.scannedVersions < 7).toBe(true);
    }
  });
});
