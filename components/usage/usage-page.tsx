"use client";

import { usePathname, useSearchParams } from "next/navigation";
import type { ReactNode } from "react";
import { useWorkspaceRouter } from "@/components/shell/current-workspace.tsx";
import { Card, PageHeader } from "@/components/ui/card.tsx";
import { Field, Select } from "@/components/ui/field.tsx";
import { formatBytes } from "@/components/ui/format.ts";
import { QueryState } from "@/components/ui/states.tsx";
import { useUsage } from "@/lib/queries/use-usage.ts";
import { dayLabel, short, shortBytes, whole } from "./format-usage.ts";
import { LevelsChart } from "./levels-chart.tsx";
import { FastestGrowingStores, LargestStores, NearLimitStores } from "./store-usage-tables.tsx";
import { UsageTotals } from "./usage-totals.tsx";
import { WritesChart } from "./writes-chart.tsx";

/** The windows offered; the API takes any number of days up to 366. */
const WINDOWS = [30, 90, 180, 366] as const;
const DEFAULT_WINDOW = 90;

function useWindow(): [number, (days: number) => void] {
  const params = useSearchParams();
  const router = useWorkspaceRouter();
  const pathname = usePathname();
  const asked = Number(params.get("days"));
  const days = (WINDOWS as readonly number[]).includes(asked) ? asked : DEFAULT_WINDOW;
  return [days, (next) => router.replace(next === DEFAULT_WINDOW ? pathname : `${pathname}?days=${next}`)];
}

function Section({ title, note, children }: { title: string; note?: ReactNode; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <div>
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {note && <p className="text-sm text-slate-600">{note}</p>}
      </div>
      {children}
    </section>
  );
}

/**
 * /usage: the workspace's usage (GET /v1/usage), from the counters every write keeps: totals,
 * their growth and the writes per day by channel as charts (each with its table), the largest
 * and fastest-growing stores, and the stores near the 10,000-memory limit with a forecast.
 */
export function UsagePage() {
  const [days, setDays] = useWindow();
  const usage = useUsage(days);
  const data = usage.data;
  return (
    <>
      <PageHeader
        title="Usage"
        description="How this workspace's stores grow: counted with every write, by how it came in."
        actions={
          <Field label="Window" htmlFor="usage-window">
            <Select id="usage-window" value={days} onChange={(e) => setDays(Number(e.target.value))}>
              {WINDOWS.map((w) => (
                <option key={w} value={w}>
                  Last {w} days
                </option>
              ))}
            </Select>
          </Field>
        }
      />
      <QueryState isLoading={usage.isLoading} error={usage.error}>
        {data && (
          <div className="space-y-6">
            <UsageTotals usage={data} />
            <Section
              title="Growth"
              note={
                data.counted_since && data.counted_since > data.daily[0]!.day
                  ? `Counted since ${dayLabel(data.counted_since, true)}; earlier days are not known.`
                  : "At the end of each day (UTC)."
              }
            >
              <Card className="grid gap-6 p-4 md:grid-cols-3">
                <LevelsChart title="Stores" daily={data.daily} level={(d) => d.stores} format={whole} tick={short} />
                <LevelsChart title="Memories" daily={data.daily} level={(d) => d.memories} format={whole} tick={short} />
                <LevelsChart title="Content" daily={data.daily} level={(d) => d.content_bytes} format={formatBytes} tick={shortBytes} />
              </Card>
            </Section>
            <Section title="Writes">
              <Card className="p-4">
                <WritesChart daily={data.daily} />
              </Card>
            </Section>
            <Section
              title="Near the limit"
              note={`Stores holding at least ${data.min_fill_percent}% of the ${whole(data.memory_limit)} memories a store may hold, fullest first. Condense or split them before they fill: creates fail past the limit.`}
            >
              <Card>
                <NearLimitStores stores={data.near_limit_stores} limit={data.memory_limit} minFillPercent={data.min_fill_percent} />
              </Card>
            </Section>
            <div className="grid gap-6 xl:grid-cols-2">
              <Section title="Largest stores" note="By content.">
                <Card>
                  <LargestStores stores={data.largest_stores} />
                </Card>
              </Section>
              <Section title="Fastest growing" note="Memories added in the last 30 days, net of deletions.">
                <Card>
                  <FastestGrowingStores stores={data.fastest_growing_stores} />
                </Card>
              </Section>
            </div>
          </div>
        )}
      </QueryState>
    </>
  );
}
