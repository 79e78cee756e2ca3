import type { ReactNode } from "react";

export type AlertProps = { tone?: "error" | "info" | "success" | "warning"; title?: string; children: ReactNode };

const TONES = {
  error: "bg-red-50 text-red-800 ring-red-200",
  info: "bg-sky-50 text-sky-800 ring-sky-200",
  success: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  warning: "bg-amber-50 text-amber-900 ring-amber-200",
};

export function Alert({ tone = "error", title, children }: AlertProps) {
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-md p-3 text-sm ring-1 ring-inset ${TONES[tone]}`}>
      {title && <p className="font-medium">{title}</p>}
      <div className={title ? "mt-1" : ""}>{children}</div>
    </div>
  );
}
