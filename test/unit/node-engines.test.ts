import { readFileSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

// Issue 42, item 8: the README's Node.js line is true. The minimum it states is the one
// package.json's engines and CONTRIBUTING state, and no package the lockfile installs declares
// an engines.node range that leaves it out (npm ci would print EBADENGINE, and the package may
// use what that Node.js lacks: @secretlint 13 needs Node 22, this project runs on 20).
const ROOT = join(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(join(ROOT, file), "utf8");

/** "Node.js 20.19+" in a document → "20.19.0". */
function statedMinimum(file: string): string {
  const found = [...read(file).matchAll(/Node\.js (\d+\.\d+(?:\.\d+)?)\+/g)].map((m) => semver.coerce(m[1])!.version);
  expect(found.length, `${file} states a Node.js minimum as "Node.js X.Y+"`).toBeGreaterThan(0);
  expect(new Set(found).size, `${file} states one Node.js minimum`).toBe(1);
  return found[0]!;
}

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
}

describe("the Node.js minimum", () => {
  const minimum = statedMinimum("README.md");
  const pkg = JSON.parse(read("package.json")) as { engines: { node: string } };
  const lock = JSON.parse(read("package-lock.json")) as { packages: Record<string, LockEntry> };

  it("is the same in README, CONTRIBUTING, package.json and the lockfile's root", () => {
    expect(statedMinimum("CONTRIBUTING.md")).toBe(minimum);
    expect(pkg.engines.node).toBe(`>=${minimum.replace(/\.0$/, "")}`);
    expect(semver.minVersion(pkg.engines.node)?.version).toBe(minimum);
    expect((lock.packages[""]!.engines as { node?: string }).node).toBe(pkg.engines.node);
  });

  it("is allowed by every package the lockfile installs", () => {
    const refusing = Object.entries(lock.packages)
      .filter(([path]) => path !== "")
      .flatMap(([path, entry]) => {
        // Very old packages wrote engines as an array of strings: none in the tree says node there.
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range !== undefined && !semver.satisfies(minimum, range)
          ? [`${path.replace(/^.*node_modules\//, "")}@${entry.version} needs node ${range}`]
          : [];
      });
    expect(refusing).toEqual([]);
  });

  it("is checked for real: a range that leaves it out is caught", () => {
    expect(semver.satisfies(minimum, ">=22.0.0")).toBe(false);
    expect(semver.satisfies(minimum, "^20.19.0 || >=22.12.0")).toBe(true);
  });
});
