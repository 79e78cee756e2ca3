import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

const CONTROL =
  "block w-full rounded-md border-0 px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:ring-indigo-600 disabled:bg-slate-50 aria-[invalid=true]:ring-red-400";

export function Input({ className = "", ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return <input className={`${CONTROL} ${className}`} {...props} />;
}

export function Select({ className = "", ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={`${CONTROL} ${className}`} {...props} />;
}

export function Textarea({ className = "", ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={`${CONTROL} ${className}`} {...props} />;
}

export type FieldProps = { label: string; htmlFor: string; hint?: ReactNode; error?: string | null; children: ReactNode };

/** A label, the control, then either the field's error or its hint. */
export function Field({ label, htmlFor, hint, error, children }: FieldProps) {
  return (
    <div className="space-y-1">
      <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
      {error ? (
        <p className="text-xs text-red-600" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p className="text-xs text-slate-500">{hint}</p>
      ) : null}
    </div>
  );
}

export type DateRangeFieldsProps = {
  /** The two inputs' ids and labels: from, then to. */
  ids: readonly [string, string];
  labels: readonly [string, string];
  from: string;
  to: string;
  onFrom: (value: string) => void;
  onTo: (value: string) => void;
};

/** A filter's time range as two local date-time inputs (components/versions/filter-params.ts turns them into RFC 3339). */
export function DateRangeFields({ ids, labels, from, to, onFrom, onTo }: DateRangeFieldsProps) {
  return (
    <>
      <Field label={labels[0]} htmlFor={ids[0]}>
        <Input id={ids[0]} type="datetime-local" value={from} onChange={(e) => onFrom(e.target.value)} />
      </Field>
      <Field label={labels[1]} htmlFor={ids[1]}>
        <Input id={ids[1]} type="datetime-local" value={to} onChange={(e) => onTo(e.target.value)} />
      </Field>
    </>
  );
}

/** A filter select's choices: "Any" (the empty value) first, then each value as itself. */
export function AnyOptions({ values, any = "Any" }: { values: readonly string[]; any?: string }) {
  return (
    <>
      <option value="">{any}</option>
      {values.map((value) => (
        <option key={value} value={value}>
          {value}
        </option>
      ))}
    </>
  );
}
