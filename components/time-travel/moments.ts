/** `datetime-local` values in the browser's time zone, to the second; URLs carry RFC 3339 UTC. */
export const localValue = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 19);
};
export const fromLocalValue = (value: string) => (value ? new Date(value).toISOString() : "");

const HOUR = 3_600_000;

/** The changes view's presets: a window ending now (to empty), or yesterday (local midnight to midnight). */
export function presetWindow(preset: "hour" | "day" | "week" | "yesterday", now = new Date()): { from: string; to: string | null } {
  if (preset === "yesterday") {
    const midnight = new Date(now);
    midnight.setHours(0, 0, 0, 0);
    return { from: new Date(midnight.getTime() - 24 * HOUR).toISOString(), to: midnight.toISOString() };
  }
  const hours = { hour: 1, day: 24, week: 24 * 7 }[preset];
  return { from: new Date(now.getTime() - hours * HOUR).toISOString(), to: null };
}

/** The folder a memory's path is in (`/a/b.md` → `/a/`). */
export const folderOfPath = (path: string) => path.slice(0, path.lastIndexOf("/") + 1) || "/";
