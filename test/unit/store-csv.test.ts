import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MemoryError } from "../../lib/memory/errors.ts";
import { checkRows } from "../../lib/memory/store-batches/check-rows.ts";
import { readStoreCsv } from "../../lib/memory/store-batches/read-store-csv.ts";

/**
 * A store batch's CSV (issue 43) is read by bounded code that no input can crash: whatever the
 * bytes, reading and checking them either gives rows or refuses with one invalid_request, and a
 * row's problems are named by columns of the header (docs/design.md, "Trust").
 */
const cell = fc.oneof(
  fc.constantFrom("", '"', '""', ",", "\n", "\r\n", "=1+1", "+x", "-", "@a", "\t", "\uFF1D", "__proto__", "x".repeat(600), "\u0000", "é"),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: "binary", maxLength: 6 }),
);
const quoted = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const header = fc.uniqueArray(fc.constantFrom("name", "description", "metadata.user_id", "metadata.team", "metadata.__proto__", "metadata.", "other"), {
  minLength: 1,
  maxLength: 5,
});
const file = fc
  .tuple(header, fc.array(fc.array(cell, { minLength: 0, maxLength: 6 }), { maxLength: 12 }), fc.boolean(), fc.nat(40))
  .map(([columns, rows, quote, cut]) => {
    const text = [columns.join(","), ...rows.map((r) => r.map((c) => (quote ? quoted(c) : c)).join(","))].join("\n");
    // Sometimes truncated anywhere, as an interrupted upload is.
    return cut > 30 ? text.slice(0, Math.floor((text.length * cut) / 41)) : text;
  });

async function readAndCheck(bytes: Uint8Array, uniqueBy: string | null) {
  try {
    const { columns, records } = await readStoreCsv(bytes);
    const rows = await checkRows(columns, records, uniqueBy);
    const named = new Set(["name", "description", "metadata", ...columns.map((c) => (c.field === "metadata" ? `metadata.${c.key}` : c.field))]);
    for (const row of rows) for (const problem of row.problems) expect(named.has(problem.column) || problem.column === `metadata.${uniqueBy}`).toBe(true);
  } catch (error) {
    expect(error).toBeInstanceOf(MemoryError);
    expect((error as MemoryError).code).toBe("invalid_request");
  }
}

describe("store batch CSV", () => {
  it("any CSV-shaped text is read into rows or refused with one invalid_request", async () => {
    await fc.assert(
      fc.asyncProperty(file, fc.constantFrom(null, "user_id"), async (text, uniqueBy) => readAndCheck(new TextEncoder().encode(text), uniqueBy)),
      { numRuns: 300 },
    );
  });

  it("any bytes at all are read or refused the same way", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 200 }), async (bytes) => readAndCheck(bytes, null)),
      { numRuns: 300 },
    );
  });
});
