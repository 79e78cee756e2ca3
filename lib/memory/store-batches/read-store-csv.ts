import { isUtf8 } from "node:buffer";
import { Readable } from "node:stream";
import { CsvError, Parser } from "csv-parse";
import { invalidRequest } from "../errors.ts";
import { letOthersRun } from "../let-others-run.ts";
import { LIMITS } from "../limits.ts";
import { STORE_BATCH_LIMITS } from "./store-batch-limits.ts";

/** What a column of the file holds: the store's name, its description, or one metadata key. */
export type CsvColumn = { field: "name" } | { field: "description" } | { field: "metadata"; key: string };

export interface CsvRecord {
  /**
   * As a spreadsheet numbers it: the header is row 1, the first store row 2 (a cell holding line
   * breaks is still one row; a blank line, which a spreadsheet never writes, is not counted).
   */
  row: number;
  cells: string[];
}

/** The parser is fed this much at a time: about a millisecond of parsing between turns for other requests. */
const SLICE_BYTES = 64 * 1024;

/**
 * Reads a store batch's CSV (RFC 4180, UTF-8, an optional BOM, blank lines ignored) with
 * csv-parse, fed a slice at a time with turns for other requests between: 8 MB parsed at once
 * held the event loop about 300 ms. Stops at the first row past the row limit, so 100,000 rows
 * cost no more than 10,001. Anything that makes the file unreadable as a whole (not UTF-8, no
 * header, a header it cannot use, a quote never closed, a row with more or fewer cells than the
 * header: a truncated file) is one 400 naming the line; what is wrong within a row is left to
 * the row's own check (check-rows.ts), so that every bad row is named at once.
 */
export async function readStoreCsv(bytes: Uint8Array): Promise<{ columns: CsvColumn[]; records: CsvRecord[] }> {
  if (!isUtf8(bytes)) throw invalidRequest('The CSV is not UTF-8 text: save it as "CSV UTF-8" and send it again.');
  const parser = new Parser({ bom: true, skip_empty_lines: true, record_delimiter: ["\r\n", "\n"] });
  const source = Readable.from(slices(bytes));
  source.pipe(parser);
  let columns: CsvColumn[] | null = null;
  const records: CsvRecord[] = [];
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      if (columns === null) {
        columns = readHeader(cells);
      } else {
        records.push({ row: records.length + 2, cells });
        if (records.length > STORE_BATCH_LIMITS.rows) {
          throw invalidRequest(
            `The CSV has more than ${STORE_BATCH_LIMITS.rows.toLocaleString("en-US")} rows; one batch creates at most that many stores. Split the file.`,
          );
        }
      }
      await letOthersRun();
    }
  } catch (error) {
    throw error instanceof CsvError ? unreadable(error) : error;
  } finally {
    source.destroy();
    parser.destroy();
  }
  if (columns === null) throw invalidRequest("The CSV is empty: its first line must name the columns (name, description, metadata.<key>).");
  if (records.length === 0) throw invalidRequest("The CSV has a header and no rows: nothing to create.");
  return { columns, records };
}

function* slices(bytes: Uint8Array) {
  for (let i = 0; i < bytes.length; i += SLICE_BYTES) yield Buffer.from(bytes.buffer, bytes.byteOffset + i, Math.min(SLICE_BYTES, bytes.length - i));
}

/** The file as a whole cannot be read: one message naming the line, never a cell's text. */
function unreadable(error: CsvError) {
  const line = (error as CsvError & { lines?: number }).lines;
  const at = line ? ` (line ${line})` : "";
  switch (error.code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return invalidRequest(`The CSV ends inside a quoted cell${at}: a quote is not closed, or the file is truncated.`);
    case "CSV_RECORD_INCONSISTENT_FIELDS_LENGTH":
    case "CSV_RECORD_INCONSISTENT_COLUMNS":
      return invalidRequest(
        `A row of the CSV${at} has a different number of cells than the header: the file may be truncated, or a cell holds a comma without quotes.`,
      );
    default:
      return invalidRequest(`The CSV cannot be read${at}: ${error.code.toLowerCase().replace(/^csv_/, "").replace(/_/g, " ")}.`);
  }
}

/** The header: `name` (required), `description`, `metadata.<key>`; each once. */
function readHeader(cells: readonly string[]): CsvColumn[] {
  const seen = new Set<string>();
  const columns = cells.map((raw, i): CsvColumn => {
    const header = raw.trim();
    const where = `column ${i + 1} of the header`;
    let column: CsvColumn;
    if (header.toLowerCase() === "name" || header.toLowerCase() === "description") column = { field: header.toLowerCase() as "name" | "description" };
    else if (header.toLowerCase().startsWith("metadata.")) column = { field: "metadata", key: header.slice("metadata.".length) };
    else throw invalidRequest(`${where} is "${header.slice(0, 80)}": the columns are name, description and metadata.<key>.`);
    if (column.field === "metadata") {
      const chars = [...column.key].length;
      if (chars < 1 || chars > LIMITS.metadataKeyChars) {
        throw invalidRequest(`${where}: a metadata key is 1 to ${LIMITS.metadataKeyChars} characters long (got "${header.slice(0, 80)}").`);
      }
    }
    const name = columnName(column);
    if (seen.has(name)) throw invalidRequest(`${where}: ${name} is named twice.`);
    seen.add(name);
    return column;
  });
  if (!seen.has("name")) throw invalidRequest("The CSV's header has no name column: every store needs a name.");
  return columns;
}

/** A column as rows' problems and the wire name it: `name`, `description`, `metadata.<key>`. */
export const columnName = (column: CsvColumn) => (column.field === "metadata" ? `metadata.${column.key}` : column.field);
