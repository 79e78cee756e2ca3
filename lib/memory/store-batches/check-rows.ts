import { MemoryError } from "../errors.ts";
import { letOthersRun } from "../let-others-run.ts";
import { LIMITS } from "../limits.ts";
import { validateMetadata, validateStoreDescription, validateStoreName } from "../stores/store-rules.ts";
import { columnName, type CsvColumn, type CsvRecord } from "./read-store-csv.ts";
import type { RowProblem } from "./store-batch-rows.ts";

/** A row as the file gives it, checked by the rules of a store create, with everything wrong with it. */
export interface CheckedRow {
  row: number;
  name: string;
  description: string;
  metadata: Record<string, string>;
  uniqueValue: string | null;
  problems: RowProblem[];
}

/**
 * A cell a spreadsheet would run as a formula when the file is opened (CSV injection, OWASP):
 * one starting with = + - @, a tab or a carriage return, or their full-width forms. Such a
 * value would be stored and written back into every report and export of the stores, so the
 * row is refused, naming the cell, rather than the value changed silently.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** The rule's message when a store create would refuse the value, without the field it names (the problem's column says where). */
function refusal(field: string, check: () => unknown): string | null {
  try {
    check();
    return null;
  } catch (error) {
    if (!(error instanceof MemoryError)) throw error;
    return error.message.startsWith(`${field}: `) ? error.message.slice(field.length + 2) : error.message;
  }
}

/**
 * Every row through the rules a store create applies (name, description, each metadata value,
 * at most 16 pairs), and besides: no formula-looking cell, and with `uniqueBy`, a value in that
 * column that no other row of the file has. Each row gets every problem it has, by column,
 * so that the whole file's problems are shown at once. Empty metadata cells are no pair.
 */
export async function checkRows(columns: readonly CsvColumn[], records: readonly CsvRecord[], uniqueBy: string | null): Promise<CheckedRow[]> {
  const rows: CheckedRow[] = [];
  for (const record of records) {
    rows.push(checkRow(columns, record, uniqueBy));
    await letOthersRun();
  }
  if (uniqueBy !== null) flagDuplicates(rows, uniqueBy);
  return rows;
}

function checkRow(columns: readonly CsvColumn[], record: CsvRecord, uniqueBy: string | null): CheckedRow {
  const problems: RowProblem[] = [];
  const problem = (column: string, message: string | null) => message !== null && problems.push({ column, message });
  let name = "";
  let description = "";
  // A Map, because assigning obj["__proto__"] would set a prototype instead of a key.
  const metadata = new Map<string, string>();
  columns.forEach((column, i) => {
    const cell = record.cells[i] ?? "";
    const where = columnName(column);
    if (FORMULA_START.test(cell)) {
      problem(where, `starts with ${JSON.stringify(cell[0])}, which a spreadsheet runs as a formula; remove it or write the value another way.`);
    }
    if (column.field === "name") name = cell;
    else if (column.field === "description") description = cell;
    else if (cell !== "") {
      metadata.set(column.key, cell);
      problem(
        where,
        refusal(where, () => validateMetadata(Object.fromEntries([[column.key, cell]]))),
      );
    }
  });
  problem("name", name === "" ? "is required." : refusal("name", () => validateStoreName(name)));
  problem(
    "description",
    refusal("description", () => validateStoreDescription(description)),
  );
  if (metadata.size > LIMITS.metadataPairs) {
    problem("metadata", `has ${metadata.size} values; a store holds at most ${LIMITS.metadataPairs} key-value pairs (empty cells do not count).`);
  }
  const uniqueValue = uniqueBy === null ? null : (metadata.get(uniqueBy) ?? null);
  if (uniqueBy !== null && uniqueValue === null) problem(`metadata.${uniqueBy}`, "is required: unique_by names this column.");
  return { row: record.row, name, description, metadata: Object.fromEntries(metadata), uniqueValue, problems };
}

/** Rows sharing a unique_by value: each is refused, naming the others (which one was meant is the person's to say). */
function flagDuplicates(rows: CheckedRow[], uniqueBy: string) {
  const byValue = new Map<string, CheckedRow[]>();
  for (const row of rows) {
    if (row.uniqueValue === null) continue;
    const same = byValue.get(row.uniqueValue);
    if (same) same.push(row);
    else byValue.set(row.uniqueValue, [row]);
  }
  for (const same of byValue.values()) {
    if (same.length < 2) continue;
    for (const row of same) {
      // At most five others named: a file of one value 10,000 times stays linear.
      const others = same
        .slice(0, 6)
        .filter((r) => r !== row)
        .slice(0, 5)
        .map((r) => r.row);
      const more = same.length - 1 - others.length;
      const shown = `${others.join(", ")}${more > 0 ? ` and ${more} more` : ""}`;
      row.problems.push({
        column: `metadata.${uniqueBy}`,
        message: `is also on row${same.length === 2 ? "" : "s"} ${shown}: unique_by allows one store per value.`,
      });
    }
  }
}
