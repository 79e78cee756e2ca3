import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Every operator command (scripts/cli-commands.mjs) answers --help with its usage on stdout and
 * exit 0, and refuses an unknown option with one line naming it, the usage, exit 2 and no stack
 * trace (lib/cli/command-line.ts): from the TypeScript sources through scripts/cli.mjs, and from
 * a bundle built as `npm run build` builds dist/cli, run by plain node. None of it may touch the
 * database: DATABASE_URL names a file that must never appear. (On a pruned production install:
 * test/ops/production-install.test.ts.)
 */
const ROOT = resolve(import.meta.dirname, "../..");
const { COMMANDS } = (await import(pathToFileURL(join(ROOT, "scripts/cli-commands.mjs")).href)) as { COMMANDS: string[] };
const scratch = mkdtempSync(join(tmpdir(), "memc-help-"));
const neverCreated = join(scratch, "never.db");
const STACK = /ERR_PARSE_ARGS|\n\s+at /;

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  // NODE_OPTIONS dropped: a bundle must run on node alone, without a loader the test runner may have set.
  const { NODE_OPTIONS: _loader, ...env } = process.env;
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...env, DATABASE_URL: `file:${neverCreated}` }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => (stdout += d));
  child.stderr.on("data", (d: Buffer) => (stderr += d));
  return new Promise((ok) => child.once("close", (code) => ok({ code, stdout, stderr })));
}

async function expectHelp(args: string[]) {
  const help = await run(args);
  expect({ code: help.code, stderr: help.stderr }).toEqual({ code: 0, stderr: "" });
  expect(help.stdout).toMatch(/^Usage: npm run \S+/);
  expect(help.stdout).toMatch(/\nOptions:\n[\s\S]*-h, --help[\s\S]*\nExamples?:\n {2}\S/);
  return help.stdout;
}

async function expectRefusal(args: string[], culprit: string) {
  const refused = await run(args);
  expect(refused.code, refused.stderr).toBe(2);
  expect(refused.stdout).toBe("");
  const [first, blank, usage] = refused.stderr.split("\n");
  expect(first).toMatch(new RegExp(`^[\\w:-]+: .*${culprit}`));
  expect([blank, usage]).toEqual(["", expect.stringMatching(/^Usage: npm run /)]);
  expect(refused.stderr).not.toMatch(STACK);
}

afterAll(() => {
  expect(existsSync(neverCreated)).toBe(false);
  rmSync(scratch, { recursive: true, force: true });
});

describe.concurrent("the operator commands from source (scripts/cli.mjs)", () => {
  it.each(COMMANDS)("%s --help prints its usage; an unknown option is refused", async (name) => {
    await expectHelp(["scripts/cli.mjs", name, "--help"]);
    await expectRefusal(["scripts/cli.mjs", name, "--no-such-option"], "unknown option --no-such-option");
  });

  it("a value-taking option without its value, and a bad choice, are refused the same way", async () => {
    await expectRefusal(["scripts/cli.mjs", "export", "--store"], "--store needs a value");
    await expectRefusal(["scripts/cli.mjs", "export", "--store", "memstore_x", "--out", "x", "--format", "rar"], "--format must be one of");
    await expectRefusal(["scripts/cli.mjs", "mirror", "--store", "memstore_x", "--dir", scratch, "--interval", "soon"], "--interval must be a number");
  });

  it("scripts/cli.mjs lists the commands on --help (exit 0), and without a command (exit 2)", async () => {
    const help = await run(["scripts/cli.mjs", "--help"]);
    expect(help.code).toBe(0);
    for (const script of ["db:migrate", "db:compact", "prune", "export", "import", "user:create", "verify"])
      expect(help.stdout).toContain(`npm run ${script} `);
    const none = await run(["scripts/cli.mjs"]);
    expect([none.code, none.stdout, none.stderr]).toEqual([2, "", expect.stringMatching(/^No command given\.\n\nUsage: /)]);
    const unknown = await run(["scripts/cli.mjs", "nope"]);
    expect([unknown.code, unknown.stderr]).toEqual([2, expect.stringMatching(/^Unknown command "nope"\.\n/)]);
  });
});

describe("the operator commands from a built bundle (scripts/build-cli.mjs), on node alone", () => {
  let outdir: string;
  beforeAll(() => {
    // Inside the checkout, so that the bundle's packages resolve from its node_modules as dist/cli's do.
    mkdirSync(join(ROOT, "dist"), { recursive: true });
    outdir = mkdtempSync(join(ROOT, "dist", "cli-help-"));
    execFileSync(process.execPath, ["scripts/build-cli.mjs", "--outdir", outdir], { cwd: ROOT, stdio: "ignore", timeout: 120_000 });
  }, 180_000);
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it.concurrent.each(COMMANDS)("%s.mjs answers --help and -h alike, and refuses an unknown option", async (name) => {
    const bundle = join(outdir, `${name}.mjs`);
    const usage = await expectHelp([bundle, "--help"]);
    expect(await expectHelp([bundle, "-h"])).toBe(usage);
    await expectRefusal([bundle, "-z"], "unknown option -z");
  });
});
