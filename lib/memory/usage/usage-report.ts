import type { Db } from "../db.ts";
import { invalidRequest } from "../errors.ts";
import { LIMITS } from "../limits.ts";
import type { StoreScope } from "../store-scope.ts";
import { dailySeries, type UsageDay } from "./daily-series.ts";
import { addDays, daysEndingOn, startOf, utcDay } from "./days.ts";
import { forecastFullInDays, GROWTH_DAYS, observedDays } from "./forecast.ts";
import { sumPerDay, sumPerStore, type Growth } from "./counter-sums.ts";
import {
  readCountedSince,
  readFullestStores,
  readLargestStores,
  readStoreIds,
  readStores,
  readStoresCreated,
  readStoresDeleted,
  readTotals,
  type StoreRow,
  type Totals,
} from "./usage-queries.ts";

/** The days a report covers (at most a leap year's), and the share of the limit a store is "near" it from. */
export const USAGE_DEFAULTS = { days: 90, maxDays: 366, minFillPercent: 80 } as const;
/** Stores listed as largest and as fastest growing; near the limit, at most this many more. */
const TOP_STORES = 10;
const NEAR_LIMIT_STORES = 100;

export interface UsageInput {
  scope: StoreScope;
  /** Days answered, today included (1 to 366). */
  days: number;
  /** A store is near the limit from this share of it (1 to 100). */
  minFillPercent: number;
  now?: Date;
}

/** A store in the report, with its last 30 days and when it would be full at their rate. */
export interface StoreUsage extends StoreRow {
  /** Net memories and bytes added, and versions written, in the last 30 days. */
  growth: Growth;
  fillPercent: number;
  /** Full in about this many days at the last 30 days' rate; 0: full; null: not growing. */
  forecastFullInDays: number | null;
}

export interface UsageReport {
  asOf: Date;
  days: number;
  countedSince: string | null;
  minFillPercent: number;
  totals: Totals;
  daily: UsageDay[];
  largestStores: StoreUsage[];
  fastestGrowingStores: StoreUsage[];
  nearLimitStores: StoreUsage[];
}

/**
 * A workspace's usage (the Usage page, GET /v1/usage): totals now, a day-by-day series walked
 * back from them through the daily counters the write path keeps (never a scan of versions),
 * the largest and fastest-growing stores, and the stores near the 10,000-memory limit with a
 * forecast. Everything is the request's scope: its workspace, or a key's stores in it.
 */
export async function usageReport(db: Db, input: UsageInput): Promise<UsageReport> {
  if (!Number.isInteger(input.days) || input.days < 1 || input.days > USAGE_DEFAULTS.maxDays)
    throw invalidRequest(`days must be an integer from 1 to ${USAGE_DEFAULTS.maxDays}.`);
  if (!(input.minFillPercent >= 1 && input.minFillPercent <= 100)) throw invalidRequest("min_fill_percent must be from 1 to 100.");
  const asOf = input.now ?? new Date();
  const today = utcDay(asOf);
  const days = daysEndingOn(today, input.days);
  const first = days[0]!;
  const growthFrom = addDays(today, 1 - GROWTH_DAYS);
  const minMemories = Math.ceil((LIMITS.memoriesPerStore * input.minFillPercent) / 100);
  const { scope } = input;
  const [countedSince, totals, ids, created, deleted, largest, fullest] = await Promise.all([
    readCountedSince(db),
    readTotals(db, scope),
    readStoreIds(db, scope, startOf(first)),
    readStoresCreated(db, scope, startOf(first)),
    readStoresDeleted(db, scope, startOf(first)),
    readLargestStores(db, scope, TOP_STORES),
    readFullestStores(db, scope, minMemories, NEAR_LIMIT_STORES),
  ]);
  const counters = await sumPerDay(db, [...ids.live, ...ids.deleted], first);
  const growth = await sumPerStore(db, ids.live, growthFrom);
  const growingIds = [...growth.entries()]
    .filter(([, g]) => g.memories > 0 || (g.memories === 0 && g.bytes > 0))
    .sort(([a, x], [b, y]) => y.memories - x.memories || y.bytes - x.bytes || (a < b ? 1 : -1))
    .slice(0, TOP_STORES)
    .map(([id]) => id);
  const growing = new Map((await readStores(db, scope, growingIds)).map((s) => [s.id, s]));
  const withForecast = (row: StoreRow): StoreUsage => {
    const g = growth.get(row.id) ?? { memories: 0, bytes: 0, writes: 0 };
    return {
      ...row,
      growth: g,
      fillPercent: Math.round((row.memoryCount / LIMITS.memoriesPerStore) * 1000) / 10,
      forecastFullInDays: forecastFullInDays(row.memoryCount, g.memories, observedDays(today, utcDay(row.createdAt), countedSince)),
    };
  };
  return {
    asOf,
    days: input.days,
    countedSince,
    minFillPercent: input.minFillPercent,
    totals,
    daily: dailySeries({
      days,
      countedSince,
      now: { stores: totals.stores, memories: totals.memories, contentBytes: totals.contentBytes },
      counters,
      created,
      deleted,
    }),
    largestStores: largest.map(withForecast),
    // A store deleted between the reads is left out.
    fastestGrowingStores: growingIds.flatMap((id) => (growing.has(id) ? [withForecast(growing.get(id)!)] : [])),
    nearLimitStores: fullest.map(withForecast),
  };
}
