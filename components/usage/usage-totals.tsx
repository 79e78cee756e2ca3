import { formatBytes } from "@/components/ui/format.ts";
import type { Usage, UsageDay } from "@/lib/api-client/wire-types.ts";
import { dayLabel, signed, whole } from "./format-usage.ts";

/** Each total now, with its change since the first counted day of the window. */
export function UsageTotals({ usage }: { usage: Usage }) {
  const first = usage.daily.find((d) => d.memories !== null);
  const since = first ? `since ${dayLabel(first.day)}` : "";
  const change = (level: (d: UsageDay) => number | null, now: number, format: (n: number) => string = whole) =>
    first ? `${signed(now - level(first)!, format)} ${since}` : "not counted yet";
  const writes = usage.daily.reduce((n, d) => n + d.writes, 0);
  const stats = [
    { label: "Stores", value: whole(usage.totals.stores), note: change((d) => d.stores, usage.totals.stores) },
    { label: "Memories", value: whole(usage.totals.memories), note: change((d) => d.memories, usage.totals.memories) },
    { label: "Content", value: formatBytes(usage.totals.content_bytes), note: change((d) => d.content_bytes, usage.totals.content_bytes, formatBytes) },
    { label: "Versions written", value: whole(usage.totals.versions_written), note: `${whole(writes)} in the last ${usage.days} days` },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {stats.map((s) => (
        <div key={s.label} className="rounded-lg bg-white p-3 shadow-sm ring-1 ring-slate-200">
          <dt className="text-xs text-slate-500">{s.label}</dt>
          <dd className="mt-1 text-xl font-semibold tabular-nums text-slate-900">{s.value}</dd>
          <dd className="mt-0.5 text-xs text-slate-600">{s.note}</dd>
        </div>
      ))}
    </dl>
  );
}
