import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// DESIGN.md "Layers": the domain core is plain TypeScript that takes the database as a
// parameter; route handlers and pages never touch Prisma directly.
const ROOT = join(import.meta.dirname, "../..");

function files(dir: string, match: RegExp): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && match.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)));
}

function imports(file: string): string[] {
  const source = readFileSync(join(ROOT, file), "utf8");
  return [...source.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1]!);
}

describe("layers", () => {
  it("lib/memory imports no framework, HTTP, UI or app code", () => {
    const offenders = files("lib/memory", /\.tsx?$/).flatMap((file) =>
      imports(file)
        .filter((spec) => /^(next|react|react-dom|next-auth)(\/|$)|^@\/(app|components|lib\/http|lib\/queries)|\.\.\/(http|queries)\//.test(spec))
        .map((spec) => `${file} → ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it("route handlers and pages never import a Prisma client", () => {
    const offenders = [...files("app", /\.tsx?$/), ...files("components", /\.tsx?$/)].flatMap((file) =>
      imports(file)
        .filter((spec) => /generated\/(sqlite|postgres)|@prisma\/|lib\/db\/client/.test(spec))
        .map((spec) => `${file} → ${spec}`),
    );
    expect(offenders).toEqual([]);
  });
});
