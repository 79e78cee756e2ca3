// The operator commands' command lines (scripts/<name>.ts), each declared once: what the command
// does, its options, an example. node:util parseArgs (strict) does the parsing; this adds --help
// and -h, required options, choices and numbers, and one way to refuse a command line: a line
// naming the culprit on stderr, then the usage, exit status 2, never a stack trace.
import { parseArgs } from "node:util";
import { isList, type CommandSpec, type OptionSpec } from "./option-spec.ts";
import { usageText } from "./usage-text.ts";

type Optional<S> = S extends { required: true } | { default: string | number } ? never : undefined;
type ValueOf<S> = S extends { type: "boolean" }
  ? boolean
  : S extends { multiple: true }
    ? string[]
    : S extends { type: "number" }
      ? number | Optional<S>
      : S extends { choices: readonly (infer C)[] }
        ? C | Optional<S>
        : string | Optional<S>;
export type OptionValues<O> = { -readonly [K in keyof O]: ValueOf<O[K]> };
export interface ParsedCommandLine<O> {
  values: OptionValues<O>;
  positionals: string[];
}

/** A command line this command cannot run; its message is one line naming the option or argument. */
export class UsageError extends Error {}

export interface Command<O> {
  readonly script: string;
  /** The full help text: what it does, the options with their defaults, examples. */
  readonly usage: string;
  /** Parses `argv`: "help" for --help or -h, else the values; throws UsageError for a bad command line. Never exits. */
  parse(argv: readonly string[]): ParsedCommandLine<O> | "help";
  /** For the script's top: parses process.argv; prints the usage and exits 0 on --help; refuses a bad command line (exit 2). */
  parseOrExit(argv?: readonly string[]): ParsedCommandLine<O>;
  /** Refuses the command line for a reason found after parsing (options that exclude each other, a malformed id): exit 2. */
  refuse(message: string): never;
}

export function defineCommand<const O extends Record<string, OptionSpec>>(spec: CommandSpec<O>): Command<O> {
  if ("help" in spec.options) throw new Error(`${spec.script}: --help is every command's own; pick another option name.`);
  const usage = usageText(spec);
  const refuse = (message: string): never => {
    process.stderr.write(`${spec.script}: ${message.replace(/\s*\n\s*/g, " ")}\n\n${usage}`);
    process.exit(2);
  };
  const parse = (argv: readonly string[]) => parseCommandLine(spec, argv);
  return {
    script: spec.script,
    usage,
    parse,
    refuse,
    parseOrExit(argv = process.argv.slice(2)) {
      let parsed: ParsedCommandLine<O> | "help";
      try {
        parsed = parse(argv);
      } catch (error) {
        if (error instanceof UsageError) refuse(error.message);
        throw error;
      }
      if (parsed === "help") {
        process.stdout.write(usage);
        process.exit(0);
      }
      return parsed;
    },
  };
}

function parseCommandLine<O extends Record<string, OptionSpec>>(spec: CommandSpec<O>, argv: readonly string[]): ParsedCommandLine<O> | "help" {
  const config: Record<string, { type: "string" | "boolean"; short?: string; multiple?: boolean }> = { help: { type: "boolean", short: "h" } };
  for (const [name, option] of Object.entries(spec.options)) {
    // parseArgs refuses a `short: undefined`, so keys are set only when given.
    config[name] = { type: option.type === "boolean" ? "boolean" : "string" };
    if (option.short) config[name].short = option.short;
    if (isList(option)) config[name].multiple = true;
  }
  const { min = 0, max = 0, name: positionalName = "" } = spec.positionals ?? {};
  let parsed;
  try {
    // Positionals are counted below, so that a stray one is named exactly as given.
    parsed = parseArgs({ args: [...argv], options: config, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(parseErrorLine(error));
  }
  if (parsed.values.help) return "help";
  const values: Record<string, unknown> = {};
  for (const [name, option] of Object.entries(spec.options)) values[name] = optionValue(name, option, parsed.values[name]);
  const { positionals } = parsed;
  if (positionals.length > max) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[max])}`);
  if (positionals.length < min) throw new UsageError(`${positionalName} is missing`);
  return { values: values as OptionValues<O>, positionals };
}

function optionValue(name: string, option: OptionSpec, given: string | boolean | (string | boolean)[] | undefined): unknown {
  if (option.type === "boolean") return given ?? false;
  if (isList(option)) return given ?? [];
  const raw = given as string | undefined;
  if (raw === undefined) {
    if (option.required) throw new UsageError(`--${name} is required`);
    return option.default;
  }
  if (raw === "") throw new UsageError(`--${name} needs a value`);
  if (option.type === "string") {
    if (option.choices && !option.choices.includes(raw)) throw new UsageError(`--${name} must be one of ${option.choices.join(", ")}`);
    return raw;
  }
  const number = Number(raw);
  const { integer, min, max } = option;
  const bad = !Number.isFinite(number) || (integer && !Number.isInteger(number)) || (min !== undefined && number < min) || (max !== undefined && number > max);
  if (!bad) return number;
  const range =
    min !== undefined && max !== undefined
      ? ` from ${min} to ${max}`
      : min !== undefined
        ? ` of at least ${min}`
        : max !== undefined
          ? ` of at most ${max}`
          : "";
  throw new UsageError(`--${name} must be ${integer ? "a whole number" : "a number"}${range}`);
}

/**
 * parseArgs' own messages span lines and suggest shell quoting; ours name the option in one line.
 * Of an option only the name is repeated, never its value (a mistyped `--api-key=…` stays out of logs).
 */
function parseErrorLine(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  const quoted = /'([^']*)'/.exec(message ?? "")?.[1] ?? "";
  const name = quoted.split(/[ =]/)[0];
  if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") return `unknown option ${name}`;
  if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
    const long = quoted.split(", ").at(-1)!.split(" ")[0];
    if (/does not take an argument/.test(message!)) return `${long} takes no value`;
    if (/ambiguous/.test(message!)) return `${long} needs a value (one starting with "-" is written ${long}=-…)`;
    return `${long} needs a value`;
  }
  if (code?.startsWith("ERR_PARSE_ARGS")) return message!.split("\n")[0]!;
  throw error;
}
