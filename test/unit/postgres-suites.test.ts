import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The PostgreSQL pass runs the suites declared in test/postgres-suites.json, not every suite:
 * this keeps that list honest. Every file of lib/ and scripts/ that branches on the engine, and
 * every PostgreSQL dialect file (lib/db/dialects/postgres*.ts, where the domain's PostgreSQL
 * statements live), must name suites that run its PostgreSQL code, and those suites must be in
 * the pass.
 */
const ROOT = resolve(import.meta.dirname, "../..");
const declared = JSON.parse(readFileSync(join(ROOT, "test/postgres-suites.json"), "utf8")) as { suites: string[]; engineBranches: Record<string, string[]> };

/** A comparison with an engine name: `engine === "postgres"`, `db.engine !== "sqlite"`, … */
const BRANCH = /\bengine\s*[!=]==?\s*["'](?:sqlite|postgres)["']|["'](?:sqlite|postgres)["']\s*[!=]==?\s*[\w.]*engine\b/;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (name === "generated" || name === "node_modules") return [];
    if (statSync(join(ROOT, path)).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mjs)$/.test(name) && !name.endsWith(".test.ts") ? [path] : [];
  });
}

/** The PostgreSQL side of the port's dialect: the statements lib/memory asks for without branching. */
const POSTGRES_DIALECT = /^lib\/db\/dialects\/postgres[^/]*\.ts$/;

const inPass = (suite: string) => declared.suites.some((entry) => suite.startsWith(entry));

describe("the PostgreSQL pass's declared suites", () => {
  it("name every file that branches on the engine, with suites that exist and run in the pass", () => {
    const branching = [...sourceFiles("lib"), ...sourceFiles("scripts")]
      .filter((file) => POSTGRES_DIALECT.test(file) || BRANCH.test(readFileSync(join(ROOT, file), "utf8")))
      .sort();
    expect(branching.length).toBeGreaterThan(5);
    expect(branching, "files that branch on the engine, each with its suites in test/postgres-suites.json").toEqual(
      Object.keys(declared.engineBranches).sort(),
    );
    for (const [file, suites] of Object.entries(declared.engineBranches)) {
      expect(suites.length, file).toBeGreaterThan(0);
      for (const suite of suites) {
        expect(existsSync(join(ROOT, suite)), `${file}: ${suite} exists`).toBe(true);
        expect(inPass(suite), `${file}: ${suite} is in the PostgreSQL pass`).toBe(true);
      }
    }
  });

  it("list only suites that exist", () => {
    for (const entry of declared.suites) expect(existsSync(join(ROOT, entry)), relative(ROOT, join(ROOT, entry))).toBe(true);
  });
});
