import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import { runMemoryTool } from "../memory/memory-tool/run-memory-tool.ts";
import { MEMORY_TOOL_COMMAND_SHAPES } from "../memory/memory-tool/parse-command.ts";
import type { McpContext } from "./context.ts";
import { answered, textResult } from "./tool-results.ts";

const COMMANDS = Object.keys(MEMORY_TOOL_COMMAND_SHAPES);

/**
 * A field as the model is told it (its JSON Schema), passed on unchecked: the memory tool checks
 * its own input (parse-command.ts), so a wrong shape gets the same error text as from
 * POST /v1/memory_stores/{store}/memory_tool, never the MCP SDK's own validation message.
 */
const described = (schema: Record<string, unknown>) => z.unknown().meta(schema).optional();

/** The input fields of `memory_20250818`, one object for every command (the SDK's BetaMemoryTool20250818*Command types). */
function inputSchema(commands: string[]) {
  return z
    .looseObject({
      command: described({ type: "string", enum: commands, description: "The command to run." }),
      path: described({ type: "string", description: "A path under /memories (every command but rename), e.g. /memories/notes.md." }),
      view_range: described({
        type: "array",
        items: { type: "integer" },
        minItems: 2,
        maxItems: 2,
        description: "view of a file: [first line, last line], 1-based; -1 as the last line means to the end.",
      }),
      file_text: described({ type: "string", description: "create: the whole content of the file." }),
      old_str: described({ type: "string", description: "str_replace: text that occurs exactly once in the file." }),
      new_str: described({ type: "string", description: "str_replace: what replaces old_str (left out: old_str is removed)." }),
      insert_line: described({ type: "integer", minimum: 0, description: "insert: the line after which the text goes; 0 puts it at the top." }),
      insert_text: described({ type: "string", description: "insert: the text to insert." }),
      old_path: described({ type: "string", description: "rename: the file or directory to move." }),
      new_path: described({ type: "string", description: "rename: where it goes (must not exist yet)." }),
    })
    .meta({ required: ["command"] });
}

/** Built once: a tool list is asked for on every connection. */
const WRITABLE_INPUT = inputSchema(COMMANDS);
const READ_ONLY_INPUT = inputSchema(["view"]);

const DESCRIPTION = [
  "Your memory directory, /memories: files that persist across conversations, kept in a Memory Console store where every change is a version that people can review and undo.",
  "Commands: view (list a directory, or show a file with line numbers; view_range for part of it), create (path, file_text: a new file or a full rewrite), str_replace (path, old_str occurring exactly once, new_str), insert (path, insert_line, insert_text), delete (path: a file, or a directory with everything in it), rename (old_path, new_path).",
  "Keep the directory up to date, coherent and organised: edit and rename files rather than adding new ones, and delete what is no longer relevant. /memories itself cannot be deleted or renamed.",
].join("\n");

const READ_ONLY_NOTE = "\nThese credentials may only read this store: view works, every other command is refused and changes nothing.";

/**
 * `memory`: the memory tool's commands, answered by the same domain call as the memory-tool
 * endpoint, so the text is the same for the same input. For credentials that may only read, the
 * tool says so (annotations and the command list offer only view); a writing command is still
 * answered, with the endpoint's permission error, and changes nothing.
 */
export function registerMemoryTool(server: McpServer, ctx: McpContext) {
  server.registerTool(
    "memory",
    {
      title: "Memory directory",
      description: ctx.canWrite ? DESCRIPTION : DESCRIPTION + READ_ONLY_NOTE,
      inputSchema: ctx.canWrite ? WRITABLE_INPUT : READ_ONLY_INPUT,
      annotations: ctx.canWrite
        ? { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false }
        : { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    (args) =>
      answered("memory", async () => {
        const result = await runMemoryTool(ctx.db, {
          storeId: ctx.storeId,
          input: args,
          actor: ctx.actor,
          canWrite: ctx.canWrite,
          reader: ctx.reader,
          storeFound: true, // the MCP handler found it before this exchange began
          door: "mcp",
        });
        return textResult(result.content, result.isError);
      }),
  );
}
