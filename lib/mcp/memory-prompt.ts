import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";

/**
 * The instruction the Messages API adds to the system prompt when the memory tool is present,
 * and the docs' recommended reinforcement, word for word (spec/memory-tool.es.md, "Guía de
 * prompts", where the English text is quoted). An MCP client gets no such system prompt, so
 * the server offers it as a prompt.
 */
export const MEMORY_PROTOCOL = [
  "IMPORTANT: ALWAYS VIEW YOUR MEMORY DIRECTORY BEFORE DOING ANYTHING ELSE.",
  "MEMORY PROTOCOL:",
  "1. Use the `view` command of your `memory` tool to check for earlier progress.",
  "2. ... (work on the task) ...",
  "   - As you make progress, record status / progress / thoughts etc in your memory.",
  "ASSUME INTERRUPTION: Your context window might be reset at any moment, so you risk losing any progress that is not recorded in your memory directory.",
  "",
  "Note: when editing your memory folder, always try to keep its content up-to-date, coherent and organized. You can rename or delete files that are no longer relevant. Do not create new files unless necessary.",
].join("\n");

export const topicLine = (topic: string) => `Only write down information relevant to ${topic} in your memory system.`;

/** Built once: a zod object costs more to make than the rest of the server (measured ~0.2 ms). */
const ARGS = { topic: z.string().max(200).optional().describe("Optional: only information about this topic is written to memory.") };

export function registerMemoryPrompt(server: McpServer) {
  server.registerPrompt(
    "memory_protocol",
    {
      title: "Memory protocol",
      description: "The memory tool's recommended instructions: view the memory directory first, record progress as you go, keep it organised.",
      argsSchema: ARGS,
    },
    ({ topic }) => ({
      messages: [{ role: "user", content: { type: "text", text: topic ? `${MEMORY_PROTOCOL}\n\n${topicLine(topic)}` : MEMORY_PROTOCOL } }],
    }),
  );
}
