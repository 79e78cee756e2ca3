import { stringify } from "csv-stringify/sync";

/** One column of a CSV report: its header and its cell for a row. */
export type CsvColumn<Row> = readonly [header: string, cell: (row: Row) => string | number | null];

/**
 * A report as CSV (RFC 4180: CRLF line ends, a field quoted when it holds a comma, a quote or a
 * line break), one line per row under a header line, for spreadsheets and auditors. Every text
 * cell is guarded against being run as a formula: one that starts with = + - @, a tab or a
 * carriage return (or their full-width forms) gets a leading apostrophe, as OWASP advises
 * (CSV injection); numbers stay numbers. Every CSV the server writes goes through here.
 */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const records = [columns.map(([header]) => header), ...rows.map((row) => columns.map(([, cell]) => cell(row)))];
  return stringify(records, { record_delimiter: "windows", escape_formulas: true });
}
