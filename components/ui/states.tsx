import type { ReactNode } from "react";
import { ErrorAlert } from "./error-alert.tsx";

export function Spinner({ label = "Loading…" }: { label?: string }) {
  return (
    <div role="status" className="flex items-center gap-2 p-4 text-sm text-slate-500">
      <span className="h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-600" aria-hidden />
      {label}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center">
      <p className="text-sm font-medium text-slate-800">{title}</p>
      {children && <div className="mt-2 text-sm text-slate-500">{children}</div>}
    </div>
  );
}

/** Loading, error and empty handling for one query, so pages do not repeat it. */
export function QueryState({
  isLoading,
  error,
  isEmpty,
  empty,
  children,
}: {
  isLoading: boolean;
  error: Error | null;
  isEmpty?: boolean;
  empty?: ReactNode;
  children: ReactNode;
}) {
  if (isLoading) return <Spinner />;
  if (error) return <ErrorAlert error={error} title="Could not load this" />;
  if (isEmpty) return <>{empty}</>;
  return <>{children}</>;
}
