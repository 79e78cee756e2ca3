import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// Issue 9, read at the level of the source text:
// - one write path: every table is written with hand-written SQL on `db.sqlTransaction`
//   (lib/db/sql.ts); no code outside lib/db opens a Prisma interactive transaction or writes
//   through Prisma's model API (tests and scripts included);
// - a rule declared once: the version operations and the roles are listed only in their module
//   (the environment is read only in lib/config.ts: test/unit/config.test.ts checks that).
// Every matcher is first run on samples that break the rule, so a matcher that never matches
// cannot pass for a clean codebase.
const ROOT = join(import.meta.dirname, "../..");
const SELF = relative(ROOT, import.meta.filename);

function sourceFiles(...dirs: string[]): string[] {
  return dirs.flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.(ts|tsx|mjs|js)$/.test(e.name))
      .map((e) => relative(ROOT, join(e.parentPath, e.name))),
  );
}

/** `file:line: text` for every match of `pattern` (global; it may span lines) in the files. */
function offenders(files: string[], pattern: RegExp): string[] {
  return files.flatMap((file) => {
    const source = readFileSync(join(ROOT, file), "utf8");
    return [...source.matchAll(pattern)].map((m) => {
      const line = source.slice(0, m.index).split("\n").length;
      return `${file}:${line}: ${m[0].replace(/\s+/g, " ")}`;
    });
  });
}

const matches = (pattern: RegExp, sample: string) => [...sample.matchAll(pattern)].length > 0;

// ---- one write path -------------------------------------------------------------------------

/** The Prisma model accessors (`memoryStore`, `user`, …), from the schema: a new table is covered at once. */
const MODELS = [...readFileSync(join(ROOT, "prisma/schema.prisma"), "utf8").matchAll(/^model (\w+)/gm)].map((m) => m[1]![0]!.toLowerCase() + m[1]!.slice(1));
const WRITES = ["create", "createMany", "createManyAndReturn", "update", "updateMany", "updateManyAndReturn", "upsert", "delete", "deleteMany"];
const MODEL_WRITE = new RegExp(`\\.\\s*(?:${MODELS.join("|")})\\s*\\.\\s*(?:${WRITES.join("|")})\\s*\\(`, "g");
/** Any model query at all, reads included. */
const MODEL_QUERY = new RegExp(`\\.\\s*(?:${MODELS.join("|")})\\s*\\.\\s*\\w+\\s*\\(`, "g");
/** Any Prisma transaction: the interactive one (a callback) and the batch one (a list of model queries). */
const PRISMA_TRANSACTION = /\$transaction\s*\(/g;

/** Code that ships: the app and its scripts. Tests may read rows through `db.read` and name roles and operations freely. */
const APP_SOURCES = sourceFiles("lib", "app", "components", "scripts").filter((file) => !file.startsWith("lib/db/generated/"));
/** Everything but lib/db, which owns the connections, and Prisma's generated client. */
const OUTSIDE_LIB_DB = [...sourceFiles("lib", "app", "components", "scripts", "bench", "test", "e2e"), "proxy.ts", "instrumentation.ts"].filter(
  (file) => !file.startsWith("lib/db/") && file !== SELF,
);

describe("one write path", () => {
  it("the matchers catch what they are meant to", () => {
    expect(MODELS).toEqual(expect.arrayContaining(["memoryStore", "memoryRecord", "memoryVersion", "apiKey", "user", "appSetting"]));
    for (const bad of [
      "await tx.user.create({ data })",
      "db.read.apiKey.update({ where: { id } })",
      "tx.memoryRecord.createMany({ data: rows })",
      "client.memoryStore\n      .upsert({",
      "tx.signInFailure.deleteMany()",
      "tx . appSetting . delete (",
    ]) {
      expect(matches(MODEL_WRITE, bad), bad).toBe(true);
    }
    for (const fine of ["db.read.user.findMany({})", "tx.$executeRaw`UPDATE users SET name = ${name}`", "map.delete(key)", "cache.update(x)", "users.create"]) {
      expect(matches(MODEL_WRITE, fine), fine).toBe(false);
    }
    for (const bad of [
      "client.$transaction(async (tx) => {",
      "db.read.$transaction((tx) => tx.user.count())",
      "prisma.$transaction([a, b])",
      "x.$transaction (fn)",
    ]) {
      expect(matches(PRISMA_TRANSACTION, bad), bad).toBe(true);
    }
    expect(matches(PRISMA_TRANSACTION, "db.sqlTransaction(async (tx) => {")).toBe(false);
    expect(matches(MODEL_QUERY, "db.read.memoryStore.findMany({ where })")).toBe(true);
    expect(matches(MODEL_QUERY, "await db.read.user\n  .count()")).toBe(true);
    expect(matches(MODEL_QUERY, "db.sql.$queryRaw`SELECT id FROM users`")).toBe(false);
  });

  it("no Prisma model write outside lib/db", () => {
    expect(offenders(OUTSIDE_LIB_DB, MODEL_WRITE)).toEqual([]);
  });

  it("no Prisma transaction opened outside lib/db", () => {
    expect(offenders(OUTSIDE_LIB_DB, PRISMA_TRANSACTION)).toEqual([]);
  });

  it("the app reads no table through Prisma's model API either: one style per table", () => {
    expect(
      offenders(
        APP_SOURCES.filter((file) => !file.startsWith("lib/db/")),
        MODEL_QUERY,
      ),
    ).toEqual([]);
  });

  it("lib/db itself offers no Prisma interactive transaction", () => {
    expect(
      offenders(
        sourceFiles("lib/db").filter((file) => !file.startsWith("lib/db/generated/")),
        PRISMA_TRANSACTION,
      ),
    ).toEqual([]);
  });
});

// ---- declared once ------------------------------------------------------------------------

/** Two or more of `words` as adjacent string literals (a list `[…, …]`, a union `… | …`), over lines too. */
function literalList(words: readonly string[]): RegExp {
  const literal = `(["'\`])(?:${words.join("|")})\\1`;
  return new RegExp(`${literal}(?:\\s*[,|]\\s*${literal.replace("\\1", "\\2")})+`, "g");
}
const OPERATION_LIST = literalList(["created", "modified", "deleted"]);
const ROLE_LIST = literalList(["admin", "reviewer", "viewer"]);
/** The roles spelled out in prose (an error message, a help text) drift from the list just the same. */
const ROLE_PROSE = /admin, reviewer,? (?:and |or )?viewer/g;

describe("declared once", () => {
  it("the matchers catch what they are meant to", () => {
    for (const bad of [
      'const OPS = ["created", "modified", "deleted"];',
      "z.enum(['deleted', 'created'])",
      'type Op = "created" | "modified";',
      'const options = [\n  "modified",\n  "deleted",\n];',
      "[`created`, `deleted`]",
    ]) {
      expect(matches(OPERATION_LIST, bad), bad).toBe(true);
    }
    for (const fine of ['operation === "created"', 'op === "created" || op === "deleted"', '"created", "modified\'', "VERSION_OPERATIONS"]) {
      expect(matches(OPERATION_LIST, fine), fine).toBe(false);
    }
    for (const bad of ['["admin", "reviewer", "viewer"]', "'viewer' | 'admin'", '["reviewer",\n "viewer"]']) {
      expect(matches(ROLE_LIST, bad), bad).toBe(true);
    }
    expect(matches(ROLE_LIST, 'role === "admin" ? "x" : "viewer"')).toBe(false);
    expect(matches(ROLE_PROSE, "role: must be one of admin, reviewer, viewer.")).toBe(true);
    expect(matches(ROLE_PROSE, "admin, reviewer or viewer")).toBe(true);
  });

  it("the version operations are listed only in lib/memory/versions/operations.ts", () => {
    expect(
      offenders(
        APP_SOURCES.filter((file) => file !== "lib/memory/versions/operations.ts"),
        OPERATION_LIST,
      ),
    ).toEqual([]);
  });

  it("the roles are listed only in lib/auth/roles.ts", () => {
    const files = APP_SOURCES.filter((file) => file !== "lib/auth/roles.ts");
    expect([...offenders(files, ROLE_LIST), ...offenders(files, ROLE_PROSE)]).toEqual([]);
  });
});
