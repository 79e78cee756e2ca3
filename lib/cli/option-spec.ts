/** How a command declares its command line (lib/cli/command-line.ts reads it, lib/cli/usage-text.ts prints it). */
interface Described {
  /** One sentence or less, lowercase: "the store to export"; a default, "required" and so on are appended. */
  description: string;
  /** A one-letter alias (`-f`); `h` is --help's. */
  short?: string;
}
export interface StringOption extends Described {
  type: "string";
  /** Shown as `--store <memstore_id>`; defaults to the choices (`a|b|c`) or `value`. */
  placeholder?: string;
  default?: string;
  required?: boolean;
  choices?: readonly string[];
  multiple?: false;
}
/** A string option that may be given several times; its value is the list (empty when not given). */
export interface ListOption extends Described {
  type: "string";
  multiple: true;
  placeholder?: string;
}
/** A string on the command line, a number to the command: not a number, or out of range, is refused. */
export interface NumberOption extends Described {
  type: "number";
  /** `n` when not given. */
  placeholder?: string;
  default?: number;
  required?: boolean;
  integer?: boolean;
  /** Inclusive bounds. */
  min?: number;
  max?: number;
}
export interface BooleanOption extends Described {
  type: "boolean";
}
export type OptionSpec = StringOption | ListOption | NumberOption | BooleanOption;
export const isList = (option: OptionSpec): option is ListOption => option.type === "string" && option.multiple === true;

export interface CommandSpec<O extends Record<string, OptionSpec>> {
  /** The npm script that runs it: `npm run <script> -- …`. */
  script: string;
  /** What the command does, in sentences; blank lines separate paragraphs. */
  summary: string;
  /** Option name (without `--`) → spec; `help` is added. */
  options: O;
  /** Positional arguments; without this, none is accepted. */
  positionals?: { name: string; description: string; min: number; max: number };
  /** Written after `Usage: npm run <script> --`; generated from the options when absent. */
  synopsis?: string;
  /** Whole command lines, at least one. */
  examples: readonly string[];
}
