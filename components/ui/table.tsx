"use client";

import { Children, createContext, use, type HTMLAttributes, type ReactNode, type TdHTMLAttributes } from "react";

/** The cells' padding, set once by the table (`dense` for wide tables such as version lists). */
const CellPadding = createContext("px-4 py-2");
/** The columns' labels, so that a cell can name its column where the table is laid out as cards. */
const ColumnLabels = createContext<(string | undefined)[]>([]);
const CellLabel = createContext<string | undefined>(undefined);

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(" ");

/** A column's header: its text ("" for none), or a label with alignment and extra classes. */
export type TableColumn =
  | string
  /** `name`: the column's name where the label is not text (a sort button); `sorted`: its aria-sort. */
  | { label: ReactNode; name?: string; align?: "right"; className?: string; sorted?: "ascending" | "descending" | "none" };

export type TableProps = {
  /** One per column; `false` skips a column that is not shown. */
  columns: (TableColumn | false)[];
  dense?: boolean;
  /** The body's rows. */
  children: ReactNode;
};

const labelOf = (column: TableColumn | false) =>
  column === false ? undefined : typeof column === "string" ? column : typeof column.label === "string" ? column.label : column.name;

/**
 * A full-width table: a header row from `columns`, then `children` (Rows) as the body. Below the
 * `lg` breakpoint (1024 px) (globals.css, `.data-table`) each row is drawn as a card whose cells wrap and
 * are named by their column, so a narrow screen never scrolls sideways and a row's actions stay
 * in reach. Wider, it scrolls inside its own box if it must, never the page.
 */
export function Table({ columns, dense, children }: TableProps) {
  const padding = dense ? "px-3 py-2" : "px-4 py-2";
  return (
    <CellPadding value={padding}>
      <ColumnLabels value={columns.map(labelOf)}>
        <div className="overflow-x-auto">
          {/* Roles spelled out: the card layout's display:block must not drop the table's semantics. */}
          <table role="table" className="data-table w-full text-left text-sm">
            <thead role="rowgroup" className="border-b border-slate-200 text-xs uppercase text-slate-500">
              <tr role="row">
                {columns.map((column, i) => {
                  if (column === false) return null;
                  const { label, align, className, sorted } = typeof column === "string" ? { label: column, sorted: undefined } : column;
                  return (
                    <th key={i} role="columnheader" aria-sort={sorted} className={classes(padding, align === "right" && "text-right", className)}>
                      {label}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody role="rowgroup">{children}</tbody>
          </table>
        </div>
      </ColumnLabels>
    </CellPadding>
  );
}

export type RowProps = HTMLAttributes<HTMLTableRowElement>;

/** A body row, ruled off from the next. Its n-th child is the n-th column (a `false` child counts, as a `false` column does). */
export function Row({ className, children, ...props }: RowProps) {
  const labels = use(ColumnLabels);
  return (
    <tr role="row" className={classes("border-b border-slate-100 last:border-0", className)} {...props}>
      {Children.map(children, (child, i) => (child == null ? child : <CellLabel value={labels[i]}>{child}</CellLabel>))}
    </tr>
  );
}

export type CellProps = TdHTMLAttributes<HTMLTableCellElement> & { align?: "right" };

export function Cell({ align, className, ...props }: CellProps) {
  const label = use(CellLabel);
  return <td role="cell" data-label={label || undefined} className={classes(use(CellPadding), align === "right" && "text-right", className)} {...props} />;
}
