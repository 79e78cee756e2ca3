import { join } from "node:path";
import { ESLint, type Linter } from "eslint";
import { describe, expect, it } from "vitest";

// docs/design.md "Layers" is enforced by eslint.config.mjs (`npm run lint`). These deliberately bad
// files, linted in memory at paths inside each layer, prove the rules still catch every spelling
// of a forbidden import: package, `@/` alias, relative path, with and without the `.ts` extension.
const ROOT = join(import.meta.dirname, "../..");
const LAYER_RULES = ["no-restricted-imports", "@typescript-eslint/no-restricted-imports", "import-x/no-restricted-paths"];

async function layerViolations(filePath: string, imports: string[]): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const source = imports.map((spec, i) => `import * as m${i} from "${spec}";\nexport { m${i} };\n`).join("");
  const [result] = await eslint.lintText(source, { filePath: join(ROOT, filePath) });
  const messages: Linter.LintMessage[] = result!.messages;
  const fatal = messages.filter((m) => m.fatal);
  expect(fatal).toEqual([]);
  // Each import takes two lines: the line of a message tells which import it is about.
  return messages.filter((m) => LAYER_RULES.includes(m.ruleId ?? "")).map((m) => imports[(m.line - 1) / 2]!);
}

describe("layers (eslint.config.mjs)", () => {
  it("lib/memory imports no framework, HTTP, UI or app code", async () => {
    const forbidden = [
      "next",
      "next/server",
      "react",
      "react-dom/client",
      "next-auth",
      "next-auth/jwt",
      "@/app/layout.tsx",
      "@/components/ui/button.tsx",
      "@/components/ui/button",
      "@/lib/http/errors.ts",
      "@/lib/queries/api-client.ts",
      "../../http/errors.ts",
      "../../queries/api-client",
      "../../../app/layout.tsx",
      "../../../components/ui/button.tsx",
      "@modelcontextprotocol/sdk",
      "@modelcontextprotocol/sdk/server/mcp.js",
      "@/lib/mcp/context.ts",
      "../../mcp/tool-results",
    ];
    const allowed = ["../db.ts", "@/lib/memory/paths.ts", "../../config.ts", "node:crypto", "zod"];
    expect(await layerViolations("lib/memory/stores/layer-fixture.ts", [...forbidden, ...allowed])).toEqual(forbidden);
  });

  it("lib/memory imports neither Prisma nor a driver nor lib/db: only the schema's row types", async () => {
    const forbidden = [
      "@prisma/client",
      "@prisma/client/runtime/client",
      "@prisma/adapter-pg",
      "better-sqlite3",
      "pg",
      "../../db/generated/sqlite/client.ts",
      "@/lib/db/generated/postgres/client.ts",
      "../../db/client.ts",
      "@/lib/db/sql.ts",
      "../../db/dialects/sqlite.ts",
    ];
    const allowed = ["../db.ts", "../sql.ts", "sql-template-tag", "../../db/generated/sqlite/models.ts"];
    expect(await layerViolations("lib/memory/stores/layer-fixture.ts", [...forbidden, ...allowed])).toEqual(forbidden);
  });

  it("lib/memory never asks which engine it runs on", async () => {
    const eslint = new ESLint({ cwd: ROOT });
    const source = "export const a = (db: { engine: string }) => db.engine === 'postgres';\nexport const b = (db: { dialect: unknown }) => db.dialect;\n";
    const [inDomain] = await eslint.lintText(source, { filePath: join(ROOT, "lib/memory/stores/layer-fixture.ts") });
    expect(inDomain!.messages.filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.line)).toEqual([1]);
    const [inDb] = await eslint.lintText(source, { filePath: join(ROOT, "lib/db/layer-fixture.ts") });
    expect(inDb!.messages.filter((m) => m.ruleId === "no-restricted-syntax")).toEqual([]);
  });

  it("lib/mcp imports no framework, UI or app code", async () => {
    const forbidden = ["next/server", "react", "next-auth", "@/app/layout.tsx", "../../components/ui/button.tsx", "@/lib/queries/api-client.ts"];
    const allowed = ["@modelcontextprotocol/sdk/server/mcp.js", "@/lib/memory/memory-tool/run-memory-tool.ts", "../http/errors.ts", "zod"];
    expect(await layerViolations("lib/mcp/layer-fixture.ts", [...forbidden, ...allowed])).toEqual(forbidden);
  });

  it("pages, route handlers and components never import a Prisma client", async () => {
    const forbidden = [
      "@prisma/client",
      "@prisma/adapter-pg",
      "@/lib/db/client.ts",
      "@/lib/db/client",
      "@/lib/db/generated/sqlite/client.ts",
      "../../lib/db/generated/postgres/client.ts",
      "../../lib/db/client.ts",
    ];
    const allowed = ["@/lib/db/instance.ts", "@/lib/memory/stores/get-store.ts", "next/server"];
    expect(await layerViolations("app/v1/layer-fixture.ts", [...forbidden, ...allowed])).toEqual(forbidden);
    expect(await layerViolations("components/ui/layer-fixture.tsx", ["@prisma/client", "../../lib/db/client.ts", "@/components/ui/button.tsx"])).toEqual([
      "@prisma/client",
      "../../lib/db/client.ts",
    ]);
  });

  it("the typed client loads only the operations' routes at run time, anything else by type", async () => {
    const forbidden = [
      "@/lib/http/operations.ts",
      "../http/operations.ts",
      "@/lib/http/wire-schemas.ts",
      "@/lib/db/instance.ts",
      "../db/instance.ts",
      "@/lib/memory/limits.ts",
      "../memory/errors",
      "@/lib/queries/review-types.ts",
      "zod",
      "@anthropic-ai/sdk",
      "@anthropic-ai/sdk/resources/beta/memory-stores",
    ];
    const allowed = [
      "@/lib/http/operation-routes.ts",
      "../http/operation-routes.ts",
      "../http/operation-routes",
      "./request.ts",
      "@/lib/api-client/request.ts",
    ];
    expect(await layerViolations("lib/api-client/layer-fixture.ts", [...forbidden, ...allowed])).toEqual(forbidden);
    const eslint = new ESLint({ cwd: ROOT });
    const types = forbidden.map((spec, i) => `import type * as t${i} from "${spec}";\nexport type { t${i} };\n`).join("");
    const [result] = await eslint.lintText(types, { filePath: join(ROOT, "lib/api-client/layer-fixture.ts") });
    expect(result!.messages.filter((m) => LAYER_RULES.includes(m.ruleId ?? "") || m.fatal)).toEqual([]);
  });

  it("pages, layouts and components never open the database", async () => {
    const forbidden = ["@/lib/db/instance.ts", "@/lib/db/instance", "../../../lib/db/instance.ts", "@/lib/db/sql.ts"];
    const allowed = ["@/lib/auth/first-run.ts", "@/lib/queries/page-queries.ts", "next/navigation"];
    expect(await layerViolations("app/(console)/layer-fixture/page.tsx", [...forbidden, ...allowed])).toEqual(forbidden);
    expect(await layerViolations("app/(console)/layout.tsx", ["@/lib/db/instance.ts", "@/lib/auth/first-run.ts"])).toEqual(["@/lib/db/instance.ts"]);
    expect(await layerViolations("components/ui/layer-fixture.tsx", ["../../lib/db/instance.ts", "@/components/ui/button.tsx"])).toEqual([
      "../../lib/db/instance.ts",
    ]);
    // Route handlers are the API: they open it (through apiRoute or, for /api/setup, themselves).
    expect(await layerViolations("app/api/layer-fixture/route.ts", ["@/lib/db/instance.ts"])).toEqual([]);
  });
});
