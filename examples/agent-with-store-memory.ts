// An agent whose memory directory lives in a Memory Console store.
//
//   ANTHROPIC_API_KEY=sk-ant-...            # a real Anthropic key: the model runs at api.anthropic.com
//   MEMORY_CONSOLE_URL=http://127.0.0.1:3000
//   MEMORY_CONSOLE_API_KEY=mcsk_...          # a Memory Console key with write access to the store
//   MEMORY_STORE_ID=memstore_...
//   npx tsx examples/agent-with-store-memory.ts "Remember that Acme Corp prefers email follow-ups."
//
// Claude calls the memory tool (view, create, str_replace, insert, delete, rename on /memories);
// the SDK's tool runner hands each call to the handlers below, which run it against the store.
// Every write becomes a version of a memory, attributed to SESSION_ID when it is set.
import Anthropic from "@anthropic-ai/sdk";
import { betaMemoryTool } from "@anthropic-ai/sdk/helpers/beta/memory";
import { memoryToolHandlers } from "../lib/memory-tool-client.ts";

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`Set ${name} (see the comment at the top of this file).`);
    process.exit(2);
  }
  return value;
}

const memory = betaMemoryTool(
  memoryToolHandlers({
    baseURL: process.env.MEMORY_CONSOLE_URL ?? "http://127.0.0.1:3000",
    apiKey: required("MEMORY_CONSOLE_API_KEY"),
    storeId: required("MEMORY_STORE_ID"),
    sessionId: process.env.SESSION_ID,
  }),
);

// The model client talks to Anthropic, never to the Memory Console: its base URL is pinned so
// that an ANTHROPIC_BASE_URL pointing at the Memory Console does not redirect it.
const anthropic = new Anthropic({ apiKey: required("ANTHROPIC_API_KEY"), baseURL: "https://api.anthropic.com" });

const finalMessage = await anthropic.beta.messages.toolRunner({
  model: process.env.MODEL ?? "claude-opus-5-5",
  max_tokens: 2048,
  messages: [{ role: "user", content: process.argv.slice(2).join(" ") || "What do you remember about our customers?" }],
  tools: [memory],
  max_iterations: 10,
});

for (const block of finalMessage.content) if (block.type === "text") console.log(block.text);
