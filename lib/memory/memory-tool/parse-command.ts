import { z } from "zod";
import type { MemoryToolCommand } from "./commands.ts";
import { fail } from "./tool-failure.ts";

/**
 * The `tool_use` input the model wrote, checked against the command shapes of `memory_20250818`
 * (the SDK's `BetaMemoryTool20250818*Command` types). The model made the call, so a wrong shape
 * is answered as a tool result it can read and correct, never as an HTTP error.
 */
const path = z.string();

export const MEMORY_TOOL_COMMAND_SHAPES = {
  view: z.strictObject({ command: z.literal("view"), path, view_range: z.array(z.number().int()).nullish() }),
  create: z.strictObject({ command: z.literal("create"), path, file_text: z.string() }),
  // The docs make new_str optional (old_str is then removed); the SDK type requires it.
  str_replace: z.strictObject({ command: z.literal("str_replace"), path, old_str: z.string(), new_str: z.string().nullish() }),
  insert: z.strictObject({ command: z.literal("insert"), path, insert_line: z.number().int(), insert_text: z.string() }),
  delete: z.strictObject({ command: z.literal("delete"), path }),
  rename: z.strictObject({ command: z.literal("rename"), old_path: z.string(), new_path: z.string() }),
} satisfies Record<MemoryToolCommand["command"], z.ZodType<MemoryToolCommand>>;

const SHAPES = MEMORY_TOOL_COMMAND_SHAPES;
type CommandName = keyof typeof SHAPES;
const COMMANDS = Object.keys(SHAPES) as CommandName[];
const isCommand = (name: string): name is CommandName => Object.hasOwn(SHAPES, name);

const withArticle = (word: string) => `${/^[aeiou]/.test(word) ? "an" : "a"} ${word}`;
const typeName = (value: unknown) => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value);

function describeIssue(issue: z.core.$ZodIssue, input: Record<string, unknown>): string {
  const field = issue.path.map(String).join(".");
  if (issue.code === "unrecognized_keys") return `unknown field${issue.keys.length > 1 ? "s" : ""} ${issue.keys.join(", ")}`;
  if (issue.code === "invalid_type" && issue.path.length === 1) {
    const got = input[field];
    return got === undefined ? `${field} is required (${issue.expected})` : `${field} must be ${withArticle(issue.expected)}, not ${typeName(got)}`;
  }
  return `${field || "input"}: ${issue.message}`;
}

/** The command, or a ToolFailure naming every field that is wrong. */
export function parseCommand(input: Record<string, unknown>): MemoryToolCommand {
  const name = input.command;
  if (typeof name !== "string") {
    fail(`The memory tool input needs a "command": one of ${COMMANDS.join(", ")}.`);
  }
  // The SDK's betaMemoryTool answers an unknown command with exactly this.
  if (!isCommand(name)) fail(`${name} not implemented`);
  const parsed = SHAPES[name].safeParse(input);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => describeIssue(issue, input));
  fail(`Invalid ${name} command: ${problems.join("; ")}.`);
}
