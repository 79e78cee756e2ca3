"use client";

import { createContext, use, type HTMLAttributes, type ReactNode, type TdHTMLAttributes } from "react";

/** The cells' padding, set once by the table (`dense` for wide tables such as version lists). */
const CellPadding = createContext("px-4 py-2");

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(" ");

/** A column's header: its text ("" for none), or a label with alignment and extra classes. */
export type TableColumn = string | { label: ReactNode; align?: "right"; className?: string };

export type TableProps = {
  /** One per column; `false` skips a column that is not shown. */
  columns: (TableColumn | false)[];
  dense?: boolean;
  /** The body's rows. */
  children: ReactNode;
};

/** A full-width table: a header row from `columns`, then `children` (Rows) as the body. */
export function Table({ columns, dense, children }: TableProps) {
  const padding = dense ? "px-3 py-2" : "px-4 py-2";
  return (
    <CellPadding value={padding}>
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
          <tr>
            {columns.map((column, i) => {
              if (column === false) return null;
              const { label, align, className } = typeof column === "string" ? { label: column } : column;
              return (
                <th key={i} className={classes(padding, align === "right" && "text-right", className)}>
                  {label}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </CellPadding>
  );
}

export type RowProps = HTMLAttributes<HTMLTableRowElement>;

/** A body row, ruled off from the next. */
export function Row({ className, ...props }: RowProps) {
  return <tr className={classes("border-b border-slate-100 last:border-0", className)} {...props} />;
}

export type CellProps = TdHTMLAttributes<HTMLTableCellElement> & { align?: "right" };

export function Cell({ align, className, ...props }: CellProps) {
  return <td className={classes(use(CellPadding), align === "right" && "text-right", className)} {...props} />;
}
