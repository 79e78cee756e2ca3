"use client";

import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button.tsx";
import { LocalTime } from "@/components/ui/local-time.tsx";

export type AsOfBannerProps = { asOf: string; nowHref: string };

/** Says that the tree shows the past, read-only, with the way back to now. */
export function AsOfBanner({ asOf, nowHref }: AsOfBannerProps) {
  return (
    <div
      role="status"
      className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-md bg-sky-50 p-3 text-sm text-sky-900 ring-1 ring-inset ring-sky-200"
    >
      <span>
        Viewing this store as it was at <LocalTime iso={asOf} className="font-medium" /> — read-only.
      </span>
      <Link href={nowHref} className="font-medium text-indigo-700 underline">
        Back to now
      </Link>
    </div>
  );
}

export type AsOfPickerProps = { asOf: string | null; onPick: (asOf: string) => void };

/** `datetime-local` in the browser's time zone, to the second; the URL carries the moment as RFC 3339 UTC. */
const localValue = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
};

/** Picks the moment to view the store as of. */
export function AsOfPicker({ asOf, onPick }: AsOfPickerProps) {
  const [value, setValue] = useState(asOf ? localValue(asOf) : "");
  return (
    <form
      className="flex items-center gap-2 text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        if (value) onPick(new Date(value).toISOString());
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
