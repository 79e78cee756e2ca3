import { LIMITS } from "../limits.ts";
import { daysBetween, laterDay } from "./days.ts";

/** The growth a forecast extrapolates: the last 30 days, today included. */
export const GROWTH_DAYS = 30;

/**
 * The days a store's growth of the last 30 days was seen over: fewer when the store, or the
 * counters themselves (`countedSince`), are younger than that, so that a week-old store's week is
 * not spread over a month. Today counts as a whole day; at least 1.
 */
export function observedDays(today: string, createdDay: string, countedSince: string | null): number {
  const from = laterDay(createdDay, countedSince) ?? createdDay;
  return Math.max(1, Math.min(GROWTH_DAYS, daysBetween(from, today) + 1));
}

/**
 * "Full in about N days at the last 30 days' rate": the memories left below the limit divided by
 * the net memories added per observed day, rounded up. 0 when the store is full; null when it is
 * not growing (a store that shrank or held still never fills at that rate).
 */
export function forecastFullInDays(memoryCount: number, memoriesAdded: number, days: number, limit: number = LIMITS.memoriesPerStore): number | null {
  if (memoryCount >= limit) return 0;
  if (memoriesAdded <= 0) return null;
  return Math.ceil((limit - memoryCount) / (memoriesAdded / days));
}
