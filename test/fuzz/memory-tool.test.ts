// Fuzz: POST /v1/memory_stores/{store}/memory_tool – hostile paths, random fields, random bodies.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { edgeNumber, junkValue } from "./arb-json.ts";
import { isHostileToolPath, toolPath, validMemoryPath } from "./arb-paths.ts";
import { queryString } from "./arb-query.ts";
import { checkProperty, timeoutFor } from "./fuzz-run.ts";
import { expectInvariants, fuzzStore, probe, useFuzzServer, type FuzzServer } from "./fuzz-server.ts";

const ctx = useFuzzServer();
const FILE = import.meta.filename;

/**
 * Memories at the literal paths a lenient reading of a hostile path would reach, so a path that
 * slipped through would change the fingerprint.
 */
const SEED = {
  "/x": "seed x",
  "/a/b": "seed a/b",
  "/etc/passwd": "seed passwd",
  "/%2e%2e/x": "seed encoded",
  "/%2E%2e/x": "seed encoded mixed",
  "/..%2fx": "seed",
  "/a\\b": "seed backslash",
  "/notes/todo.md": "line one\nline two\n",
};

const text = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom("seed", "line one", "\n", "", "\u0000", "\ud800"));
const lineNumber = fc.oneof(fc.integer({ min: -3, max: 5 }), edgeNumber);

/** Well-formed commands: every field of the right JSON type, the path (or paths) from `path`. */
function command(path: fc.Arbitrary<string>, other: fc.Arbitrary<string>) {
  return fc.oneof(
    fc.record(
      { command: fc.constant("view"), path, view_range: fc.option(fc.array(lineNumber, { maxLength: 3 }), { nil: undefined }) },
      { requiredKeys: ["command", "path"] },
    ),
    fc.record({ command: fc.constant("create"), path, file_text: text }),
    fc.record({ command: fc.constant("str_replace"), path, old_str: text, new_str: text }),
    fc.record({ command: fc.constant("insert"), path, insert_line: lineNumber, insert_text: text }),
    fc.record({ command: fc.constant("delete"), path }),
    fc.record({ command: fc.constant("rename"), old_path: path, new_path: other }),
    fc.record({ command: fc.constant("rename"), old_path: other, new_path: path }),
  );
}

const existing = fc.constantFrom(...Object.keys(SEED).map((p) => "/memories" + p), "/memories/fresh/new.md");

async function callTool(ctx: FuzzServer, storeId: string, body: string, query = "") {
  return probe(ctx, { method: "POST", path: `/v1/memory_stores/${storeId}/memory_tool${query}`, body });
}

function expectToolResult(status: number, body: Record<string, unknown>, exchange: string) {
  expect(status, exchange).toBe(200);
  expect(body.type, exchange).toBe("memory_tool_result");
  expect(typeof body.content, exchange).toBe("string");
  expect(typeof body.is_error, exchange).toBe("boolean");
}

describe("fuzz: memory tool", () => {
  it(
    "a command on a hostile path is an error result and writes nothing",
    async () => {
      const store = await fuzzStore(ctx, "fuzz tool hostile", SEED);
      const hostile = toolPath.filter(isHostileToolPath);
      await checkProperty(FILE, "memory tool hostile paths", 60, [command(hostile, existing)], async (input) => {
        const body = JSON.stringify(input);
        const { res, body: answer, changed } = await callTool(ctx, store.id, body);
        const exchange = `${body} → ${res.status} ${res.text.slice(0, 300)}`;
        expectToolResult(res.status, answer, exchange);
        expect(answer.is_error, exchange).toBe(true);
        expect(changed, `a hostile path wrote: ${exchange}`).toBe(false);
      });
      await expectInvariants(ctx);
    },
    timeoutFor(80),
  );

  it(
    "any well-formed command answers a result, and an error result writes nothing",
    async () => {
      const store = await fuzzStore(ctx, "fuzz tool commands", SEED);
      const path = fc.oneof(
        { arbitrary: toolPath, weight: 2 },
        { arbitrary: existing, weight: 2 },
        { arbitrary: validMemoryPath.map((p) => "/memories" + p), weight: 1 },
      );
      const query = queryString(["session_id"]);
      await checkProperty(FILE, "memory tool commands", 50, [command(path, path), query], async (input, q) => {
        const body = JSON.stringify(input);
        const { res, body: answer, changed } = await callTool(ctx, store.id, body, q);
        const exchange = `${q} ${body} → ${res.status} ${res.text.slice(0, 300)}`;
        // The body is the model's and always gets a result; only a bad query (ours) is a 400.
        if (res.status === 400) {
          expect(q, exchange).not.toBe("");
          return;
        }
        expectToolResult(res.status, answer, exchange);
        if (answer.is_error) expect(changed, `an error result wrote: ${exchange}`).toBe(false);
        if (input.command === "view") expect(changed, `view wrote: ${exchange}`).toBe(false);
      });
      await expectInvariants(ctx);
    },
    timeoutFor(80),
  );

  it(
    "create at a fresh valid path succeeds and stores the text",
    async () => {
      const store = await fuzzStore(ctx, "fuzz tool create");
      let n = 0;
      await checkProperty(FILE, "memory tool create valid", 30, [validMemoryPath, fc.string({ unit: "grapheme", maxLength: 200 })], async (path, fileText) => {
        const memoryPath = `/run${n++}${path}`;
        const { res, body } = await callTool(ctx, store.id, JSON.stringify({ command: "create", path: "/memories" + memoryPath, file_text: fileText }));
        const exchange = `${memoryPath} → ${res.status} ${res.text.slice(0, 300)}`;
        expectToolResult(res.status, body, exchange);
        // Content may not hold NUL (PostgreSQL text cannot); everything else is stored as sent.
        expect(body.is_error, exchange).toBe(fileText.includes("\u0000"));
        if (body.is_error) return;
        const listed = await ctx.server.client.beta.memoryStores.memories.list(store.id, { path_prefix: `/run${n - 1}/`, view: "full" });
        expect(
          listed.data.map((m) => (m.type === "memory" ? [m.path, m.content] : null)),
          exchange,
        ).toEqual([[memoryPath, fileText]]);
      });
      await expectInvariants(ctx);
    },
    timeoutFor(30, 1_500),
  );

  it(
    "any JSON object body is answered with a result, never an HTTP error",
    async () => {
      const store = await fuzzStore(ctx, "fuzz tool bodies", SEED);
      const field = fc.constantFrom(
        "command",
        "path",
        "old_path",
        "new_path",
        "file_text",
        "old_str",
        "new_str",
        "insert_line",
        "insert_text",
        "view_range",
        "extra",
        "__proto__",
      );
      const commandName = fc.oneof(fc.constantFrom("view", "create", "str_replace", "insert", "delete", "rename", "undo_edit", "VIEW", ""), junkValue);
      const body = fc.tuple(commandName, fc.array(fc.tuple(field, fc.oneof(junkValue, toolPath, existing)), { maxLength: 5 })).map(([name, pairs]) => {
        const object: Record<string, unknown> = { command: name };
        for (const [key, value] of pairs) Object.defineProperty(object, key, { value, enumerable: true, writable: true });
        return JSON.stringify(object);
      });
      await checkProperty(FILE, "memory tool bodies", 50, [body], async (text) => {
        const { res, body: answer, changed } = await callTool(ctx, store.id, text);
        const exchange = `${text} → ${res.status} ${res.text.slice(0, 300)}`;
        expectToolResult(res.status, answer, exchange);
        if (answer.is_error) expect(changed, `an error result wrote: ${exchange}`).toBe(false);
      });
      await expectInvariants(ctx);
    },
    timeoutFor(80),
  );
});
