import type { ComponentProps } from "react";

/** A native button's props, `ref` included (React 19 passes it as a prop). */
export type ButtonProps = ComponentProps<"button"> & {
  /**
   * `danger-quiet`: a destructive action on a page, a row or a toolbar (it opens a confirming
   * dialog): drawn like a secondary button, red only on hover and focus; the filled `danger` is
   * for the dialog's confirming button alone.
   */
  variant?: "primary" | "secondary" | "danger" | "danger-quiet" | "ghost";
  size?: "sm" | "md";
};

const VARIANTS = {
  primary: "bg-indigo-600 text-white hover:bg-indigo-500 focus-visible:outline-indigo-600",
  secondary: "bg-white text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50",
  danger: "bg-red-600 text-white hover:bg-red-500 focus-visible:outline-red-600",
  "danger-quiet":
    "bg-white text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-red-50 hover:text-red-700 hover:ring-red-300 focus-visible:text-red-700 focus-visible:outline-red-600",
  ghost: "text-slate-700 hover:bg-slate-100",
};

export function Button({ variant = "primary", size = "md", className = "", type = "button", ...props }: ButtonProps) {
  const sizing = size === "sm" ? "px-2.5 py-1 text-xs" : "px-3.5 py-2 text-sm";
  return (
    <button
      type={type}
      className={`inline-flex items-center justify-center gap-1.5 rounded-md font-medium shadow-sm transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-50 ${sizing} ${VARIANTS[variant]} ${className}`}
      {...props}
    />
  );
}
