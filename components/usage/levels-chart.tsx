"use client";

import { useId } from "react";
import { Area, AreaChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { Cell, Row, Table } from "@/components/ui/table.tsx";
import type { UsageDay } from "@/lib/api-client/wire-types.ts";
import { ChartTable } from "./chart-table.tsx";
import { dayLabel, signed } from "./format-usage.ts";

export type LevelsChartProps = {
  title: string;
  daily: UsageDay[];
  level: (day: UsageDay) => number | null;
  /** A value as the page writes it (1,234; 1.2 MB). */
  format: (n: number) => string;
  /** A value on the axis (1.2K). */
  tick: (n: number) => string;
};

const COLOR = "#4f46e5";

/**
 * One level over the window (stores, memories or bytes at the end of each day), as an area: its
 * value today and its change above it, the chart an image named by that sentence, and the days
 * as a table under it. Days before the counters began are gaps, not zeros.
 */
export function LevelsChart({ title, daily, level, format, tick }: LevelsChartProps) {
  const id = useId();
  const known = daily.filter((d) => level(d) !== null);
  const first = known[0];
  const last = known[known.length - 1];
  const change = first && last ? level(last)! - level(first)! : 0;
  const summary =
    first && last
      ? `${format(level(last)!)} on ${dayLabel(last.day)}, ${signed(change, format)} since ${dayLabel(first.day)}`
      : "Not counted yet in this window";
  const data = daily.map((d) => ({ day: d.day, value: level(d) }));
  return (
    <figure className="min-w-0" aria-labelledby={`${id}-title`}>
      <figcaption className="mb-2">
        <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
          {title}
        </h3>
        <p className="text-xs text-slate-600">{summary}</p>
      </figcaption>
      <div role="img" aria-label={`${title}: ${summary}`}>
        <AreaChart data={data} responsive style={{ width: "100%", height: 140 }} margin={{ top: 4, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="day" tickFormatter={(day: string) => dayLabel(day)} tick={{ fontSize: 11, fill: "#64748b" }} minTickGap={24} tickLine={false} />
          <YAxis tickFormatter={tick} tick={{ fontSize: 11, fill: "#64748b" }} width={56} tickLine={false} axisLine={false} allowDecimals={false} />
          <Tooltip formatter={(value) => [format(Number(value)), title]} labelFormatter={(day) => dayLabel(String(day), true)} />
          <Area type="monotone" dataKey="value" stroke={COLOR} fill={COLOR} fillOpacity={0.12} strokeWidth={2} isAnimationActive={false} connectNulls={false} />
        </AreaChart>
      </div>
      <ChartTable what={`${title.toLowerCase()} per day`}>
        {() => (
          <Table columns={["Day", { label: title, align: "right" }]} dense>
            {[...daily].reverse().map((d) => (
              <Row key={d.day}>
                <Cell>{dayLabel(d.day, true)}</Cell>
                <Cell align="right" className="tabular-nums">
                  {level(d) === null ? "not counted" : format(level(d)!)}
                </Cell>
              </Row>
            ))}
          </Table>
        )}
      </ChartTable>
    </figure>
  );
}
