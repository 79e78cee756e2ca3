/** UTC days as store_usage_days keys them (`YYYY-MM-DD`), and the arithmetic the Usage page does on them. */

const DAY_MS = 86_400_000;

/** The UTC day of a moment. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

/** The day `n` days after `day` (before it for negative `n`). */
export const addDays = (day: string, n: number): string => utcDay(new Date(Date.parse(`${day}T00:00:00.000Z`) + n * DAY_MS));

/** The moment a day begins. */
export const startOf = (day: string): Date => new Date(`${day}T00:00:00.000Z`);

/** Whole days from `from` to `to` (0 for the same day; negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round((startOf(to).getTime() - startOf(from).getTime()) / DAY_MS);

/** `count` consecutive days ending with `last`, oldest first. */
export const daysEndingOn = (last: string, count: number): string[] => Array.from({ length: count }, (_, i) => addDays(last, i - count + 1));

/** The later of two days (either may be null: unknown). */
export const laterDay = (a: string | null, b: string | null): string | null => (a === null ? b : b === null || a >= b ? a : b);
