"use client";

import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { Cell, Row, Table } from "@/components/ui/table.tsx";
import type { UsageDay } from "@/lib/api-client/wire-types.ts";
import { CHANNELS } from "./channels.ts";
import { ChartTable } from "./chart-table.tsx";
import { dayLabel, short, whole } from "./format-usage.ts";

/**
 * Versions written per day, stacked by the channel they came in through; only the channels
 * that wrote in the window are drawn and listed. The legend is a list of its own (it wraps on a
 * phone), the chart an image named by the totals, the days a table under it.
 */
export function WritesChart({ daily }: { daily: UsageDay[] }) {
  const used = CHANNELS.filter((c) => daily.some((d) => d.writes_by_channel[c.key] > 0));
  const total = daily.reduce((n, d) => n + d.writes, 0);
  const busiest = daily.reduce<UsageDay | null>((best, d) => (d.writes > (best?.writes ?? 0) ? d : best), null);
  const byChannel = used.map((c) => `${c.label} ${whole(daily.reduce((n, d) => n + d.writes_by_channel[c.key], 0))}`).join(", ");
  const summary =
    total === 0
      ? "No writes in this window"
      : `${whole(total)} writes in ${daily.length} days (${byChannel}); the busiest day ${dayLabel(busiest!.day)} with ${whole(busiest!.writes)}`;
  const data = daily.map((d) => ({ day: d.day, ...d.writes_by_channel }));
  return (
    <figure className="min-w-0">
      <figcaption className="mb-2">
        <h3 className="text-sm font-semibold text-slate-900">Writes per day, by channel</h3>
        <p className="text-xs text-slate-600">{summary}</p>
      </figcaption>
      {used.length > 0 && (
        <ul className="mb-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-700" aria-label="Channels">
          {used.map((c) => (
            <li key={c.key} className="flex items-center gap-1.5">
              <span className="inline-block h-2.5 w-2.5 rounded-sm" style={{ background: c.color }} aria-hidden />
              {c.label}
            </li>
          ))}
        </ul>
      )}
      <div role="img" aria-label={`Writes per day: ${summary}`}>
        <BarChart data={data} responsive style={{ width: "100%", height: 200 }} margin={{ top: 4, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid stroke="#e2e8f0" vertical={false} />
          <XAxis dataKey="day" tickFormatter={(day: string) => dayLabel(day)} tick={{ fontSize: 11, fill: "#64748b" }} minTickGap={24} tickLine={false} />
          <YAxis tickFormatter={short} tick={{ fontSize: 11, fill: "#64748b" }} width={44} tickLine={false} axisLine={false} allowDecimals={false} />
          <Tooltip
            labelFormatter={(day) => dayLabel(String(day), true)}
            formatter={(value, name) => [whole(Number(value)), CHANNELS.find((c) => c.key === name)?.label ?? name]}
          />
          {used.map((c) => (
            <Bar key={c.key} dataKey={c.key} stackId="writes" fill={c.color} isAnimationActive={false} />
          ))}
        </BarChart>
      </div>
      <ChartTable what="writes per day">
        {() => (
          <Table columns={["Day", ...used.map((c) => ({ label: c.label, align: "right" as const })), { label: "All", align: "right" }]} dense>
            {[...daily].reverse().map((d) => (
              <Row key={d.day}>
                <Cell>{dayLabel(d.day, true)}</Cell>
                {used.map((c) => (
                  <Cell key={c.key} align="right" className="tabular-nums">
                    {whole(d.writes_by_channel[c.key])}
                  </Cell>
                ))}
                <Cell align="right" className="tabular-nums font-medium">
                  {whole(d.writes)}
                </Cell>
              </Row>
            ))}
          </Table>
        )}
      </ChartTable>
    </figure>
  );
}
