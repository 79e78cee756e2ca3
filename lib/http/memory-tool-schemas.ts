import { z } from "zod";

/**
 * Query of `POST /v1/memory_stores/{store}/memory_tool`. The body is the model's `tool_use`
 * input, checked by the memory tool itself (lib/memory/memory-tool/parse-command.ts) so that a
 * wrong shape comes back to the model as a tool result.
 */
export const memoryToolQuery = z.strictObject({
  /** Writes are attributed to this agent session (`session_actor`) instead of the caller. */
  session_id: z
    .string()
    .min(1, "must not be empty")
    .max(255, "must be at most 255 characters")
    .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces")
    .optional(),
});
