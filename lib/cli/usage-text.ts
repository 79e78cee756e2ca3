import { isList, type CommandSpec, type OptionSpec } from "./option-spec.ts";

const WIDTH = 100;
/** Options longer than this put their description on the next line. */
const LABEL_COLUMN = 28;

/** A command's --help: the usage line, what it does, every option with its default, examples. */
export function usageText(spec: CommandSpec<Record<string, OptionSpec>>): string {
  const options = Object.entries(spec.options);
  const rows = options.map(([name, option]) => [label(name, option), describe(option)] as const);
  rows.push(["-h, --help", "print this help and exit"]);
  const positional = spec.positionals;
  const args = spec.synopsis ?? synopsis(spec);
  const lines = [
    `Usage: npm run ${spec.script}${args ? ` -- ${args}` : ""}`,
    "",
    ...spec.summary.split(/\n\s*\n/).flatMap((paragraph, i) => [...(i ? [""] : []), ...wrap(paragraph, WIDTH)]),
    "",
    ...(positional ? ["Arguments:", ...row(positional.name, positional.description), ""] : []),
    "Options:",
    ...rows.flatMap(([left, right]) => row(left, right)),
    "",
    spec.examples.length > 1 ? "Examples:" : "Example:",
    ...spec.examples.map((example) => `  ${example}`),
  ];
  return `${lines.join("\n")}\n`;
}

function synopsis(spec: CommandSpec<Record<string, OptionSpec>>): string {
  const options = Object.entries(spec.options);
  const required = options.filter(([, option]) => option.type !== "boolean" && !isList(option) && option.required);
  const parts = required.map(([name, option]) => label(name, option));
  const positional = spec.positionals;
  if (positional) parts.push(positional.min > 0 ? positional.name : `[${positional.name}]`);
  if (required.length < options.length) parts.push("[options]");
  return parts.join(" ");
}

function label(name: string, option: OptionSpec): string {
  const flag = `${option.short ? `-${option.short}, ` : ""}--${name}`;
  if (option.type === "boolean") return flag;
  const choices = option.type === "string" && !isList(option) ? option.choices?.join("|") : undefined;
  return `${flag} <${option.placeholder ?? choices ?? (option.type === "number" ? "n" : "value")}>`;
}

function describe(option: OptionSpec): string {
  if (option.type === "boolean") return option.description;
  if (isList(option)) return `${option.description} (repeatable)`;
  if (option.required) return `${option.description} (required)`;
  return option.default === undefined ? option.description : `${option.description} (default: ${option.default})`;
}

/** `  label   description`, the description wrapped in its column (below the label when that is too long). */
function row(left: string, right: string): string[] {
  const indent = " ".repeat(2 + LABEL_COLUMN + 2);
  const text = wrap(right, WIDTH - indent.length);
  const head = `  ${left}`;
  if (left.length > LABEL_COLUMN) return [head, ...text.map((line) => indent + line)];
  return text.map((line, i) => (i ? indent : head.padEnd(indent.length)) + line);
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}
