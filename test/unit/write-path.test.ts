import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// Issue 9: memories and versions have one write path, the hand-written statements of
// lib/memory on the driver adapter (memory-rows.ts, version-rows.ts, mutations.ts). No code
// outside lib/db reaches those tables through Prisma's model API, and no code outside lib/db
// opens a Prisma interactive transaction of its own; the version operations are listed once.
const ROOT = join(import.meta.dirname, "../..");
const SOURCES = ["lib", "app", "components", "scripts"].flatMap((dir) =>
  readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)))
    .filter((file) => !file.startsWith("lib/db/")),
);

function offenders(pattern: RegExp, except: (file: string) => boolean = () => false): string[] {
  return SOURCES.filter((file) => !except(file)).flatMap((file) =>
    readFileSync(join(ROOT, file), "utf8")
      .split("\n")
      .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
  );
}

describe("one write path", () => {
  it("no Prisma model access to memories or versions outside lib/db", () => {
    expect(offenders(/\.(memoryRecord|memoryVersion)\./)).toEqual([]);
  });

  it("no Prisma interactive transaction opened outside lib/db", () => {
    expect(offenders(/\$transaction\(/)).toEqual([]);
  });

  it("the version operations and the roles are each listed in one module", () => {
    expect(offenders(/["']created["'],\s*["']modified["'],\s*["']deleted["']/, (file) => file === "lib/memory/versions/operations.ts")).toEqual([]);
    expect(offenders(/["']admin["'],\s*["']reviewer["'],\s*["']viewer["']|admin, reviewer, viewer/, (file) => file === "lib/auth/roles.ts")).toEqual([]);
  });
});
