"use client";

import { useSyncExternalStore } from "react";
import { formatDateTime } from "./format.ts";

const never = () => () => {};

/**
 * False while the server renders and while the browser hydrates that HTML, true afterwards (and
 * at once on pages rendered in the browser). What depends on the reader's time zone or locale
 * waits for it: the server cannot know them, and text that differs between the server's HTML
 * and the browser's first render breaks hydration.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/** A date and time in the reader's zone and locale; in UTC in server-rendered HTML until the page hydrates. */
export function LocalTime({
  iso,
  format = formatDateTime,
  className,
}: {
  iso: string | null | undefined;
  format?: (iso: string) => string;
  className?: string;
}) {
  const hydrated = useHydrated();
  if (!iso) return <>—</>;
  return (
    <time dateTime={iso} title={iso} className={className}>
      {hydrated ? format(iso) : `${iso.slice(0, 16).replace("T", " ")} UTC`}
    </time>
  );
}
