import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_KEY, type TestServer } from "../helpers/server.ts";
import { sharedServer } from "../helpers/shared-server.ts";
import { memoryToolHandlers } from "../../lib/memory-tool-client.ts";
import { allVersions, maskDirectorySizes, newStore, referenceTool, runThroughSdk, type ToolInput } from "./helpers.ts";

/**
 * lib/memory-tool-client.ts as an agent uses it: its handlers inside `betaMemoryTool(...)`,
 * run by the SDK's tool-runner step. What the model would receive must be what the SDK's
 * BetaLocalFilesystemMemoryTool gives, errors included. (The example script does the same with
 * a real model, which needs an Anthropic key.)
 */
let server: TestServer;
beforeAll(async () => {
  server = await sharedServer();
});

const STEPS: ToolInput[] = [
  { command: "view", path: "/memories" },
  { command: "create", path: "/memories/customers/acme.md", file_text: "Acme Corp\n- prefers email\n" },
  { command: "create", path: "/memories/customers/acme.md", file_text: "again" },
  { command: "str_replace", path: "/memories/customers/acme.md", old_str: "email", new_str: "email follow-ups" },
  { command: "str_replace", path: "/memories/customers/acme.md", old_str: "phone", new_str: "x" },
  { command: "insert", path: "/memories/customers/acme.md", insert_line: 1, insert_text: "- based in Lisbon" },
  { command: "insert", path: "/memories/customers/acme.md", insert_line: 99, insert_text: "x" },
  { command: "view", path: "/memories/customers/acme.md", view_range: [2, -1] },
  { command: "rename", old_path: "/memories/customers", new_path: "/memories/clients" },
  { command: "view", path: "/memories" },
  { command: "delete", path: "/memories" },
  { command: "delete", path: "/memories/clients/acme.md" },
  { command: "view", path: "/memories/../secrets.env" },
];

describe("memoryToolHandlers + betaMemoryTool", () => {
  it("gives the model what BetaLocalFilesystemMemoryTool gives", async () => {
    const storeId = await newStore(server);
    const handlers = memoryToolHandlers({ baseURL: server.baseURL, apiKey: ADMIN_KEY, storeId });
    const reference = await referenceTool();
    try {
      for (const step of STEPS) {
        const expected = maskDirectorySizes(await reference.run(step));
        expect({ step, ...maskDirectorySizes(await runThroughSdk(handlers, step)) }).toEqual({ step, ...expected });
      }
    } finally {
      reference.dispose();
    }
  });

  it("attributes writes to sessionId", async () => {
    const storeId = await newStore(server);
    const handlers = memoryToolHandlers({ baseURL: server.baseURL, apiKey: ADMIN_KEY, storeId, sessionId: "sesn_client" });
    await runThroughSdk(handlers, { command: "create", path: "/memories/a.md", file_text: "a" });
    const [version] = await allVersions(server, storeId);
    expect(version!.created_by).toEqual({ type: "session_actor", session_id: "sesn_client" });
  });

  it("reports an HTTP failure (unknown store) as an error result", async () => {
    const handlers = memoryToolHandlers({ baseURL: server.baseURL, apiKey: ADMIN_KEY, storeId: "memstore_01MISSING000000000000000000" });
    const result = await runThroughSdk(handlers, { command: "view", path: "/memories" });
    expect(result.is_error).toBe(true);
    expect(result.content).toMatch(/^Error: 404 .*not_found_error/);
  });
});
