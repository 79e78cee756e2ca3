import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { needsRehash, scryptCost } from "../../lib/auth/passwords.ts";
import { CONFIG_VARIABLES, parseConfig } from "../../lib/config.ts";

// Issue 9: every environment variable is read, validated and documented in lib/config.ts, and
// README's configuration table says exactly what that schema holds.
const ROOT = join(import.meta.dirname, "../..");

/**
 * Set by Next.js itself, not by whoever runs the server; each stays where the framework wants it.
 */
const FRAMEWORK_READS: Record<string, string[]> = {
  "instrumentation.ts": ["NEXT_RUNTIME"],
  "next.config.mjs": ["NODE_ENV"],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|mjs|js)$/.test(e.name))
    .map((e) => relative(ROOT, join(e.parentPath, e.name)))
    .filter((file) => !file.startsWith("lib/db/generated/")); // Prisma's generated client, doc comments only
}

/**
 * Every read of the environment in a source text: the variable read, or `*` for the whole
 * environment (`process.env` passed on, `process["env"]`, `const { env } = process`, `env`
 * imported from node:process).
 */
function envReadsIn(source: string): string[] {
  const named = [...source.matchAll(/process\s*\.\s*env(?:\s*\.\s*([A-Za-z_][A-Za-z0-9_]*)|\s*\[\s*["'`]([^"'`]+)["'`]\s*\])?/g)].map(
    (m) => m[1] ?? m[2] ?? "*",
  );
  const other = [
    ...source.matchAll(/process\s*\[\s*["'`]env["'`]\s*\]/g),
    ...source.matchAll(/\{[^}]*\benv\b[^}]*\}\s*=\s*(?:globalThis\s*\.\s*)?process\b/g),
    ...source.matchAll(/import\s*\{[^}]*\benv\b[^}]*\}\s*from\s*["'](?:node:)?process["']/g),
  ].map(() => "*");
  return [...named, ...other];
}
const envReads = (file: string) => envReadsIn(readFileSync(join(ROOT, file), "utf8"));

/** Source files at the top of the repository, but for the tools' own config files (Playwright, Vitest, ESLint…). */
function rootFiles(): string[] {
  return readdirSync(ROOT, { withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|mjs|js)$/.test(e.name) && !e.name.endsWith(".d.ts"))
    .map((e) => e.name)
    .filter((name) => name === "next.config.mjs" || !/\.config\.(ts|mjs|js)$/.test(name));
}

function readmeVariables(): string[] {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const section = readme.split(/^## Configuration\s*$/m)[1]?.split(/^## /m)[0] ?? "";
  return section
    .split("\n")
    .filter((line) => line.startsWith("| `"))
    .flatMap((line) => [...line.split("|")[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!));
}

describe("configuration in one place", () => {
  it("the matcher finds every way of reading the environment", () => {
    expect(envReadsIn("const url = process.env.DATABASE_URL;")).toEqual(["DATABASE_URL"]);
    expect(envReadsIn('process.env["MEMORY_CONSOLE_API_KEY"] ?? x')).toEqual(["MEMORY_CONSOLE_API_KEY"]);
    expect(envReadsIn("spawn(cmd, { env: process.env })")).toEqual(["*"]);
    expect(envReadsIn("process . env\n  .PORT")).toEqual(["PORT"]);
    expect(envReadsIn('const v = process["env"].SECRET;')).toEqual(["*"]);
    expect(envReadsIn("const { env } = process;")).toEqual(["*"]);
    expect(envReadsIn("const { argv, env: e } = process;")).toEqual(["*"]);
    expect(envReadsIn('import { env } from "node:process";')).toEqual(["*"]);
    expect(envReadsIn("const environment = config(); process.exit(1); const { envelope } = body;")).toEqual([]);
  });

  it("no server source reads process.env outside lib/config.ts", () => {
    expect(rootFiles()).toEqual(expect.arrayContaining(["proxy.ts", "instrumentation.ts", "next.config.mjs"]));
    const files = [...sourceFiles("lib"), ...sourceFiles("app"), ...sourceFiles("components"), ...sourceFiles("types"), ...rootFiles()];
    const offenders = files
      .filter((file) => file !== "lib/config.ts")
      .flatMap((file) =>
        envReads(file)
          .filter((name) => !FRAMEWORK_READS[file]?.includes(name))
          .map((name) => `${file} reads process.env.${name}`),
      );
    expect(offenders).toEqual([]);
  });

  it("scripts take the server's settings from lib/config.ts, not from process.env", () => {
    const offenders = sourceFiles("scripts").flatMap((file) =>
      envReads(file)
        .filter((name) => (CONFIG_VARIABLES as readonly string[]).includes(name))
        .map((name) => `${file} reads process.env.${name}`),
    );
    expect(offenders).toEqual([]);
  });

  it("README's configuration table lists exactly the variables of lib/config.ts", () => {
    expect([...readmeVariables()].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });
});

describe("validation", () => {
  const KEY = "k".repeat(16);

  it("a fresh clone needs nothing configured", () => {
    const config = parseConfig({});
    expect(config.database.engine).toBe("sqlite");
    expect(config.VERSION_RETENTION_DAYS).toBe(30);
    expect(config.MEMORY_CONSOLE_API_KEY).toBeUndefined();
  });

  it("refuses a bootstrap key under 16 characters, without echoing it", () => {
    expect(parseConfig({ MEMORY_CONSOLE_API_KEY: KEY }).MEMORY_CONSOLE_API_KEY).toBe(KEY);
    const short = "short-secret-15";
    expect(() => parseConfig({ MEMORY_CONSOLE_API_KEY: short })).toThrow(/MEMORY_CONSOLE_API_KEY must be at least 16 characters/);
    expect(() => parseConfig({ MEMORY_CONSOLE_API_KEY: short })).not.toThrow(new RegExp(short));
  });

  it("refuses a NEXTAUTH_URL that is not an http(s) URL", () => {
    expect(parseConfig({ NEXTAUTH_URL: "https://console.example.com" }).NEXTAUTH_URL).toBe("https://console.example.com");
    expect(() => parseConfig({ NEXTAUTH_URL: "console.example.com" })).toThrow(/NEXTAUTH_URL must be an http/);
    expect(() => parseConfig({ NEXTAUTH_URL: "ftp://console.example.com" })).toThrow(/NEXTAUTH_URL must be an http/);
  });

  it("wants the first admin's email and password together", () => {
    expect(() => parseConfig({ MEMORY_CONSOLE_ADMIN_EMAIL: "a@b.c" })).toThrow(/together/);
    expect(() => parseConfig({ MEMORY_CONSOLE_ADMIN_PASSWORD: "correct horse battery" })).toThrow(/together/);
    expect(parseConfig({ MEMORY_CONSOLE_ADMIN_EMAIL: "a@b.c", MEMORY_CONSOLE_ADMIN_PASSWORD: "pw" }).MEMORY_CONSOLE_ADMIN_EMAIL).toBe("a@b.c");
  });

  it("hashes passwords at scrypt N = 2^17 unless told otherwise, and never below 2^14", () => {
    expect(parseConfig({}).PASSWORD_HASH_COST).toBe(17);
    expect(parseConfig({ PASSWORD_HASH_COST: "14" }).PASSWORD_HASH_COST).toBe(14);
    for (const weak of ["13", "0", "-1", "14.5", "abc"]) expect(() => parseConfig({ PASSWORD_HASH_COST: weak }), weak).toThrow(/PASSWORD_HASH_COST/);
    expect(() => parseConfig({ PASSWORD_HASH_COST: "21" })).toThrow(/PASSWORD_HASH_COST must be at most 20/);
  });

  it("an unconfigured process hashes new passwords at scrypt N = 2^17, r = 8, p = 1, and upgrades cheaper hashes", () => {
    expect(process.env.PASSWORD_HASH_COST).toBeUndefined();
    expect(scryptCost()).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    const stored = (n: number) => `scrypt$${n}$8$1$c2FsdHNhbHRzYWx0c2FsdA==$aGFzaA==`;
    expect(needsRehash(stored(2 ** 16))).toBe(true);
    expect(needsRehash(stored(2 ** 17))).toBe(false);
  });

  it("refuses a TRUSTED_PROXIES entry that is no address", () => {
    expect(() => parseConfig({ TRUSTED_PROXIES: "10.0.0.0/8, proxy.local" })).toThrow(/proxy\.local/);
  });
});
