import { describe, expect, it } from "vitest";
import { ELEMENTS_PER_TURN, holdsLongArray, jsonInTurns, jsonStream } from "./json-in-turns.ts";

const item = (n: number) => ({ n, path: `/a/${n}.md`, at: new Date(Date.UTC(2026, 0, 1, 0, 0, n % 60)), gone: undefined, nested: { ok: n % 2 === 0 } });

async function text(parts: AsyncIterable<string>): Promise<string> {
  let out = "";
  for await (const part of parts) out += part;
  return out;
}

describe("jsonInTurns", () => {
  const long = Array.from({ length: ELEMENTS_PER_TURN * 2 + 7 }, (_, n) => item(n));
  const values = [
    { type: "restore", id: "restore_1", items: long, next: null, skipped: undefined },
    { skipped: undefined, data: long, f: () => 1 },
    { data: long.slice(0, ELEMENTS_PER_TURN) },
    { data: [], first_id: null },
    {},
    long,
    [undefined, () => 1, item(1)],
    "text",
    null,
  ];

  it("gives exactly JSON.stringify's text, for short and long answers, and as a byte stream", async () => {
    for (const value of values) {
      expect(await text(jsonInTurns(value))).toBe(JSON.stringify(value));
      expect(await new Response(jsonStream(value)).text()).toBe(JSON.stringify(value));
    }
    expect(values.map(holdsLongArray)).toEqual([true, true, false, false, false, true, false, false, false]);
  });

  it("lets other callbacks run while it serializes a long array", async () => {
    const longer = Array.from({ length: ELEMENTS_PER_TURN * 30 }, (_, n) => item(n));
    let turns = 0;
    let stop = false;
    const watch = () => {
      turns++;
      if (!stop) setImmediate(watch);
    };
    setImmediate(watch);
    await text(jsonInTurns({ items: longer }));
    stop = true;
    expect(turns).toBeGreaterThan(0);
  });
});
