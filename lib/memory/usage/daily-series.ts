import { WRITE_CHANNELS, type WriteChannel } from "./write-channel.ts";

/** One day of a workspace's usage: its levels at the end of the day, and what happened that day. */
export interface UsageDay {
  day: string;
  /** Stores, live memories and their bytes at the end of the day; null before the counters began (unknown). */
  stores: number | null;
  memories: number | null;
  contentBytes: number | null;
  /** Versions written that day, by the channel they came in through. */
  writes: Record<WriteChannel, number>;
  storesCreated: number;
  storesDeleted: number;
}

/** The counters of one day and channel, summed over the stores in scope (deleted ones included). */
export interface DayCounters {
  day: string;
  channel: WriteChannel;
  versions: number;
  memories: number;
  bytes: number;
}

export interface SeriesInput {
  /** The days to answer, oldest first. */
  days: readonly string[];
  /** The first day the counters kept levels (migration 0036); null: from the first day answered. */
  countedSince: string | null;
  /** The levels now: stores in scope, their memories and bytes. */
  now: { stores: number; memories: number; contentBytes: number };
  /** Every counter row from the first day answered on (later days too: a clock ahead). */
  counters: readonly DayCounters[];
  /** Stores (deleted ones too) created per day, from the first day answered on. */
  created: readonly { day: string; stores: number }[];
  /** Stores deleted per day, with what they held then, from the first day answered on. */
  deleted: readonly { day: string; stores: number; memories: number; bytes: number }[];
}

/** A day's point while the series is built: what the day added to the levels, besides what is answered. */
type Tally = UsageDay & { memoriesAdded: number; bytesAdded: number };

const noWrites = (): Record<WriteChannel, number> => Object.fromEntries(WRITE_CHANNELS.map((c) => [c, 0])) as Record<WriteChannel, number>;

/**
 * The daily series, walked back from now: the levels at the end of a day are today's minus what
 * every later day added (counted writes, stores created) plus what later days took away (stores
 * deleted, with the memories and bytes they held). Exact for every day since the counters began,
 * since every change of those levels is counted, in its write's transaction or its deletion's.
 */
export function dailySeries(input: SeriesInput): UsageDay[] {
  const byDay = new Map<string, Tally>();
  const point = (day: string) => {
    let p = byDay.get(day);
    if (!p) {
      p = { day, stores: null, memories: null, contentBytes: null, writes: noWrites(), storesCreated: 0, storesDeleted: 0, memoriesAdded: 0, bytesAdded: 0 };
      byDay.set(day, p);
    }
    return p;
  };
  for (const c of input.counters) {
    const p = point(c.day);
    p.writes[c.channel] += c.versions;
    p.memoriesAdded += c.memories;
    p.bytesAdded += c.bytes;
  }
  for (const c of input.created) point(c.day).storesCreated += c.stores;
  for (const d of input.deleted) {
    const p = point(d.day);
    p.storesDeleted += d.stores;
    // A deletion takes what the store held with it: the level falls by that much that day.
    p.memoriesAdded -= d.memories;
    p.bytesAdded -= d.bytes;
  }
  const last = input.days[input.days.length - 1];
  const level = { ...input.now };
  const unwind = (p: Tally | undefined) => {
    if (!p) return;
    level.stores -= p.storesCreated - p.storesDeleted;
    level.memories -= p.memoriesAdded;
    level.contentBytes -= p.bytesAdded;
  };
  // Anything dated after the last day answered (an instance whose clock runs ahead) is after it too.
  for (const p of byDay.values()) if (last !== undefined && p.day > last) unwind(p);
  const answered: UsageDay[] = [];
  for (let i = input.days.length - 1; i >= 0; i--) {
    const day = input.days[i]!;
    const p = byDay.get(day);
    const known = input.countedSince === null || day >= input.countedSince;
    answered.push({
      day,
      stores: known ? level.stores : null,
      memories: known ? level.memories : null,
      contentBytes: known ? level.contentBytes : null,
      writes: p?.writes ?? noWrites(),
      storesCreated: p?.storesCreated ?? 0,
      storesDeleted: p?.storesDeleted ?? 0,
    });
    unwind(p);
  }
  return answered.reverse();
}
