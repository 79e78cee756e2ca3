import { z } from "zod";

/**
 * Wire shape of `POST /v1/memory_stores/{store}/memory_tool`: the body is the memory tool's
 * `tool_use` input, one shape per command (the SDK's `BetaMemoryTool20250818*Command` types).
 * A body that fits none is a malformed request (400); everything about the paths and texts
 * is the command's own business and comes back as an error result.
 */
const path = z.string();

export const memoryToolBody = z.discriminatedUnion("command", [
  z.strictObject({ command: z.literal("view"), path, view_range: z.array(z.number().int()).nullish() }),
  z.strictObject({ command: z.literal("create"), path, file_text: z.string() }),
  // The docs make new_str optional (old_str is then removed); the SDK type requires it.
  z.strictObject({ command: z.literal("str_replace"), path, old_str: z.string(), new_str: z.string().nullish() }),
  z.strictObject({ command: z.literal("insert"), path, insert_line: z.number().int(), insert_text: z.string() }),
  z.strictObject({ command: z.literal("delete"), path }),
  z.strictObject({ command: z.literal("rename"), old_path: z.string(), new_path: z.string() }),
]);

export const memoryToolQuery = z.strictObject({
  /** Writes are attributed to this agent session (`session_actor`) instead of the caller. */
  session_id: z
    .string()
    .min(1, "must not be empty")
    .max(255, "must be at most 255 characters")
    .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces")
    .optional(),
});
