import { describe, expect, expectTypeOf, it } from "vitest";
import { defineCommand, UsageError } from "./command-line.ts";

// A command with one option of each kind; the processes themselves are test/ops/command-help.test.ts's.
const command = defineCommand({
  script: "demo",
  summary: "Does a demonstration.",
  options: {
    store: { type: "string", placeholder: "memstore_id", required: true, description: "the store" },
    format: { type: "string", choices: ["jsonl", "zip"], default: "jsonl", description: "the format" },
    "idle-days": { type: "number", integer: true, min: 1, description: "days without a write" },
    percent: { type: "number", min: 0, max: 100, default: 90, description: "how full" },
    tag: { type: "string", multiple: true, description: "a tag" },
    "dry-run": { type: "boolean", short: "n", description: "only say what would happen" },
  },
  examples: ["npm run demo -- --store memstore_1"],
});
const parse = (...argv: string[]) => command.parse(argv);
const valuesOf = (...argv: string[]) => {
  const parsed = parse(...argv);
  if (parsed === "help") throw new Error("help");
  return parsed.values;
};
const refusal = (...argv: string[]) => {
  try {
    parse(...argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`accepted: ${argv.join(" ")}`);
};

describe("defineCommand", () => {
  it("gives typed values with their defaults", () => {
    expect(parse("--store", "memstore_1")).toEqual({
      values: { store: "memstore_1", format: "jsonl", "idle-days": undefined, percent: 90, tag: [], "dry-run": false },
      positionals: [],
    });
    expect(valuesOf("--store=s", "--format", "zip", "--idle-days", "180", "--percent=99.5", "--tag", "a", "--tag", "b", "-n")).toEqual({
      store: "s",
      format: "zip",
      "idle-days": 180,
      percent: 99.5,
      tag: ["a", "b"],
      "dry-run": true,
    });
  });

  it("types each value from its spec: required or defaulted ones are never undefined", () => {
    const values = valuesOf("--store", "s");
    expectTypeOf(values.store).toEqualTypeOf<string>();
    expectTypeOf(values.format).toEqualTypeOf<"jsonl" | "zip">();
    expectTypeOf(values["idle-days"]).toEqualTypeOf<number | undefined>();
    expectTypeOf(values.percent).toEqualTypeOf<number>();
    expectTypeOf(values.tag).toEqualTypeOf<string[]>();
    expectTypeOf(values["dry-run"]).toEqualTypeOf<boolean>();
  });

  it("answers --help and -h before checking what is required", () => {
    expect(parse("--help")).toBe("help");
    expect(parse("-h")).toBe("help");
  });

  it.each([
    [["--store", "s", "--bogus"], "unknown option --bogus"],
    [["--store", "s", "--api-keyy=sk-secret"], "unknown option --api-keyy"],
    [["--store", "s", "-x"], "unknown option -x"],
    [["--store"], "--store needs a value"],
    [["--store", "--dry-run"], '--store needs a value (one starting with "-" is written --store=-…)'],
    [["--store", ""], "--store needs a value"],
    [["--store", "s", "--dry-run=yes"], "--dry-run takes no value"],
    [["--store", "s", "stray"], 'unexpected argument "stray"'],
    [["--store", "s", "it's"], `unexpected argument "it's"`],
    [[], "--store is required"],
    [["--store", "s", "--format", "rar"], "--format must be one of jsonl, zip"],
    [["--store", "s", "--idle-days", "ten"], "--idle-days must be a whole number of at least 1"],
    [["--store", "s", "--idle-days", "1.5"], "--idle-days must be a whole number of at least 1"],
    [["--store", "s", "--idle-days", "0"], "--idle-days must be a whole number of at least 1"],
    [["--store", "s", "--percent", "101"], "--percent must be a number from 0 to 100"],
    [["--store", "s", "--percent", "Infinity"], "--percent must be a number from 0 to 100"],
  ])("refuses %j in one line naming it: %s", (argv, message) => {
    expect(refusal(...argv)).toBe(message);
  });

  it("never repeats an option's value in a refusal", () => {
    expect(refusal("--store", "s", "--format", "sk-secret-format")).not.toContain("sk-secret");
    expect(refusal("--store", "s", "--percent", "sk-secret")).not.toContain("sk-secret");
  });

  it("takes positionals only when declared, as many as declared", () => {
    const restore = defineCommand({
      script: "restore",
      summary: "Restores.",
      options: { force: { type: "boolean", description: "replace" } },
      positionals: { name: "FILE", description: "the backup", min: 1, max: 1 },
      examples: ["npm run restore -- a.db"],
    });
    expect(restore.parse(["a.db", "--force"])).toEqual({ values: { force: true }, positionals: ["a.db"] });
    expect(() => restore.parse([])).toThrow("FILE is missing");
    expect(() => restore.parse(["a.db", "b.db"])).toThrow('unexpected argument "b.db"');
  });

  it("prints what it does, every option with its default, and an example", () => {
    expect(command.usage).toBe(`Usage: npm run demo -- --store <memstore_id> [options]

Does a demonstration.

Options:
  --store <memstore_id>         the store (required)
  --format <jsonl|zip>          the format (default: jsonl)
  --idle-days <n>               days without a write
  --percent <n>                 how full (default: 90)
  --tag <value>                 a tag (repeatable)
  -n, --dry-run                 only say what would happen
  -h, --help                    print this help and exit

Example:
  npm run demo -- --store memstore_1
`);
  });

  it("keeps --help for itself", () => {
    expect(() => defineCommand({ script: "x", summary: "", options: { help: { type: "boolean", description: "" } }, examples: [] })).toThrow(/--help/);
  });
});
