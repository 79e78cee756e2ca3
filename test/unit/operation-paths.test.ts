import { join } from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { OPERATION_ROUTES } from "../../lib/http/operation-routes.ts";

// eslint.config.mjs (tests/operation-paths): tests call this project's operations through the
// typed client, by name, never by a path string. These fixtures, linted in memory at paths inside
// test/, prove the rule flags every operation's path however it is spelled, and leaves alone what
// is no hand-built request: Anthropic's /v1/memory_stores (the official SDK's), documents that are
// no operation, test titles and keys into the OpenAPI document, and the allow-listed raw-HTTP tests.
const ROOT = join(import.meta.dirname, "../..");

async function flaggedLines(filePath: string, lines: string[]): Promise<number[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(lines.join("\n") + "\n", { filePath: join(ROOT, filePath) });
  expect(result!.messages.filter((m) => m.fatal)).toEqual([]);
  return result!.messages.filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.line);
}

const extensionPaths = Object.entries(OPERATION_ROUTES)
  .map(([name, route]) => [name, route.path.replace(/\{(\w+)\}/g, "x_$1")] as const)
  .filter(([, path]) => !path.startsWith("/v1/memory_stores"));

describe("tests/operation-paths (eslint.config.mjs)", () => {
  it("flags a hand-built path to every extension operation: string, template, with a query, after the base URL", async () => {
    expect(extensionPaths.length).toBeGreaterThan(50);
    const lines = extensionPaths.map(([name, path], i) => {
      const variants = [`"${path}"`, `\`${path}?limit=\${i}\``, `\`\${base}${path}\``, `"http://127.0.0.1:3000${path}"`];
      return `export const ${name} = (base: string, i: number) => [${variants[i % variants.length]}, base, i];`;
    });
    expect(await flaggedLines("test/api/fixture.test.ts", lines)).toEqual(lines.map((_, i) => i + 1));
  });

  it("flags the same in helpers and outside test/api", async () => {
    const lines = ['export const a = (id: string) => fetch(`/v1/reviews/${id}/approve`, { method: "POST" });', 'export const b = "/v1/me";'];
    expect(await flaggedLines("test/helpers/fixture.ts", lines)).toEqual([1, 2]);
    expect(await flaggedLines("test/mcp/fixture.test.ts", lines)).toEqual([1, 2]);
  });

  it("leaves alone what is no hand-built request to an extension operation", async () => {
    const lines = [
      'export const a = (id: string) => [`/v1/memory_stores/${id}/memories`, "/v1/memory_stores"];',
      'export const b = ["/v1/openapi.json", "/api/setup", "/v1/no/such/path", "/v1/searching"];',
      'export const c = "GET /v1/search: ranked hits";',
      'export const d = (doc: { paths: Record<string, unknown> }) => doc.paths["/v1/store_search"];',
    ];
    expect(await flaggedLines("test/api/fixture.test.ts", lines)).toEqual([]);
  });

  it("leaves the allow-listed raw-HTTP tests alone", async () => {
    const lines = ['export const a = "/v1/search?q=%ZZ";'];
    expect(await flaggedLines("test/api/fixture.test.ts", lines)).toEqual([1]);
    expect(await flaggedLines("test/fuzz/fixture.test.ts", lines)).toEqual([]);
    expect(await flaggedLines("test/api/protocol.test.ts", lines)).toEqual([]);
  });
});
