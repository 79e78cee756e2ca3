import type { ReactNode } from "react";

export type CountsProps = { counts: readonly { label: string; value: ReactNode }[]; label?: string; testId?: string };

/** A few numbers with their labels, side by side (a dry run's or a report's counts); null shows as a dash. */
export function Counts({ counts, label, testId }: CountsProps) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4" data-testid={testId}>
      {counts.map((count) => (
        <div key={count.label} className="rounded-md bg-slate-50 px-3 py-2">
          <dt className="text-xs text-slate-500">{count.label}</dt>
          <dd className="text-lg font-semibold text-slate-900">{count.value ?? "—"}</dd>
        </div>
      ))}
    </dl>
  );
}
