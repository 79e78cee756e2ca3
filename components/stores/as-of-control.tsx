"use client";

import Link from "next/link";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button.tsx";
import { LocalTime } from "@/components/ui/local-time.tsx";
import { fromLocalValue, localValue } from "@/components/time-travel/moments.ts";

export type AsOfBannerProps = { asOf: string; nowHref: string; children?: ReactNode };

/** Says that the tree shows the past, read-only, with the way back to now. */
export function AsOfBanner({ asOf, nowHref, children }: AsOfBannerProps) {
  return (
    <div
      role="status"
      className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-md bg-sky-50 p-3 text-sm text-sky-900 ring-1 ring-inset ring-sky-200"
    >
      <span>
        Viewing this store as it was at <LocalTime iso={asOf} className="font-medium" /> — read-only.
      </span>
      <span className="flex flex-wrap items-center gap-3">
        {children}
        <Link href={nowHref} className="font-medium text-indigo-700 underline">
          Back to now
        </Link>
      </span>
    </div>
  );
}

export type AsOfPickerProps = { asOf: string | null; onPick: (asOf: string) => void };

/** Picks the moment to view the store as of. */
export function AsOfPicker({ asOf, onPick }: AsOfPickerProps) {
  const [value, setValue] = useState(asOf ? localValue(asOf) : "");
  return (
    <form
      className="flex items-center gap-2 text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        if (value) onPick(fromLocalValue(value));
      }}
    >
      <label className="flex items-center gap-2 text-slate-600">
        View as of
        <input
          type="datetime-local"
          step={1}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          className="rounded-md border border-slate-300 px-2 py-1 text-sm"
        />
      </label>
      <Button type="submit" size="sm" variant="secondary" disabled={!value}>
        Show
      </Button>
    </form>
  );
}
