/** How the Usage page words its numbers and days: English digits and UTC days, as the API counts them. */

const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

/** 1,234 */
export const whole = (n: number) => n.toLocaleString("en-US");

/** 1.2K, for an axis. */
export const short = (n: number) => compact.format(n);

/** A UTC day (`2026-12-06`) as a short date: `Dec 6`, or `Dec 6, 2026` in full. */
export function dayLabel(day: string, withYear = false): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC", ...(withYear && { year: "numeric" }) });
}

/** A change with its sign: +12, −3, 0. */
export const signed = (n: number, format: (n: number) => string = whole) => (n > 0 ? `+${format(n)}` : n < 0 ? `−${format(-n)}` : "0");

/** The forecast, in the page's words. */
export function forecastText(days: number | null): string {
  if (days === 0) return "Full";
  if (days === null) return "Not growing";
  return `Full in about ${whole(days)} ${days === 1 ? "day" : "days"} at the last 30 days' rate`;
}

/** Bytes on an axis: as few characters as will do (`332 kB`, `1.5 MB`), never broken over two lines (a no-break space). */
export function shortBytes(n: number): string {
  const units = ["B", "kB", "MB", "GB", "TB"];
  let value = n;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = Math.abs(value) < 10 && unit > 0 ? Number(value.toFixed(1)).toString() : Math.round(value).toString();
  return `${shown}\u00a0${units[unit]}`;
}
