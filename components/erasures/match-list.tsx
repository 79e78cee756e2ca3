import type { ErasureMatches } from "@/lib/queries/types.ts";

export type MatchListProps = {
  found: ErasureMatches;
  picked: ReadonlySet<string>;
  onPick: (values: ReadonlySet<string>) => void;
};

const n = (value: number) => value.toLocaleString();

/** The distinct values a pattern found, each with a box to tick; what is ticked is what the erase takes. */
export function MatchList({ found, picked, onPick }: MatchListProps) {
  const all = found.matches.map((m) => m.value);
  const toggle = (value: string) => {
    const next = new Set(picked);
    if (next.has(value)) next.delete(value);
    else next.add(value);
    onPick(next);
  };
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <span className="font-medium text-slate-900" data-testid="match-count">
          {n(found.matches.length)} distinct {found.matches.length === 1 ? "match" : "matches"} · {n(picked.size)} picked
        </span>
        <button type="button" className="text-indigo-700 underline-offset-2 hover:underline" onClick={() => onPick(new Set(all))}>
          Pick all
        </button>
        <button type="button" className="text-indigo-700 underline-offset-2 hover:underline" onClick={() => onPick(new Set())}>
          Pick none
        </button>
      </div>
      <div className="max-h-80 overflow-y-auto rounded-md ring-1 ring-slate-200">
        <ul aria-label="Matches" className="divide-y divide-slate-100">
          {found.matches.map((m, i) => (
            <li key={m.value} className="flex min-w-0 items-start gap-3 px-3 py-2">
              <input id={`match-${i}`} type="checkbox" className="mt-1 h-4 w-4 shrink-0" checked={picked.has(m.value)} onChange={() => toggle(m.value)} />
              <label htmlFor={`match-${i}`} className="min-w-0 flex-1 cursor-pointer">
                <span className="block break-all font-mono text-sm text-slate-900">{m.value}</span>
                <span className="block text-xs text-slate-600">
                  {n(m.count)} {m.count === 1 ? "time" : "times"} · {n(m.memories)} {m.memories === 1 ? "memory" : "memories"} ({n(m.current_memories)} current)
                  · {n(m.memory_store_ids.length)} {m.memory_store_ids.length === 1 ? "store" : "stores"}
                </span>
              </label>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
